import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { DraftReport, Files } from '../../src/features/studio/model';

/** Each check of a draft, answered when the test says (the real one runs rules:check and the cases). */
const pending: Array<{ files: Files; answer: (report: DraftReport) => void }> = [];
vi.mock('../../src/features/studio/model', async (original) => ({
  ...(await original<typeof import('../../src/features/studio/model')>()),
  caseDates: () => ['2026-11-30'],
  casePersonas: () => [],
  checkDraft: (files: Files) => new Promise<DraftReport>((answer) => pending.push({ files, answer })),
}));

const { draftMachineFor } = await import('../../src/features/studio/draft-effects');

const reportOf = (files: Files, failing: number): DraftReport => ({
  files,
  check: { errors: [], warnings: [] } as unknown as DraftReport['check'],
  caseIssues: [],
  cases: [],
  failing,
});

afterEach(() => void pending.splice(0));

describe("the draft's check in the studio", () => {
  it('shows the report of the latest draft only: an older check answering last is dropped', async () => {
    const live = { files: {}, context: {} } as never;
    const latest = {
      current: {
        files: { 'a.json': 'one' } as Files,
        live,
        onRecorded: () => {},
        previewPersona: 'postpaid',
        replaces: null,
      },
    };
    const reports: DraftReport[] = [];
    const actor = createActor(
      draftMachineFor(latest, { current: null }, {} as never, () => Promise.resolve([]), {
        setReport: (r) => void reports.push(r),
        setFrames: () => {},
        setFramesProblem: () => {},
        setRefusal: () => {},
        setToast: () => {},
      }),
    ).start();
    const first = latest.current.files;
    actor.send({ type: 'DRAFT.EDIT' });
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    // The analyst edits again while the first check runs: the newer draft is checked.
    const second = { 'a.json': 'two' };
    latest.current = { ...latest.current, files: second };
    actor.send({ type: 'DRAFT.EDIT' });
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    pending[1]!.answer(reportOf(second, 1));
    await vi.waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true));
    // The first check answers last (a busy worker): its report is of a draft no longer there.
    pending[0]!.answer(reportOf(first, 0));
    await new Promise((r) => setTimeout(r, 0));
    expect(reports.map((r) => [r.files, r.failing])).toEqual([[second, 1]]);
    expect(actor.getSnapshot().context.verdict).toBe('blocked');
    actor.stop();
  });
});
