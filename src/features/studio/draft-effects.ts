/**
 * The studio's draft machine (machines/studio-draft.machine.ts) with the page's effects: checking the draft
 * in the browser, opening the home side by side, saving with the impact figures.
 */
import { fromPromise } from 'xstate';
import { studioDraftMachine } from '../../../machines/studio-draft.machine';
import { StudioError, type LiveRules, type PersonaData, type StudioApi } from './api';
import { impactFigures, startImpact, type ImpactFigures, type ImpactResult } from './impact-client';
import { caseDates, casePersonas, checkDraft, type DraftReport, type Files } from './model';

export interface Latest {
  files: Files;
  live: LiveRules;
  onRecorded: () => void;
  previewPersona: string;
  /** The pending change the draft revises (sent back to its author): saving replaces it. */
  replaces: string | null;
}

/**
 * The draft machine with the studio's effects. Made once per page: it reads the draft, the live version and
 * the page's callbacks through `latest`, which the page brings up to date after every render.
 */
export function draftMachineFor(
  latest: { readonly current: Latest },
  impact: { readonly current: ImpactResult | null },
  api: StudioApi,
  bodiesFor: (date: string) => Promise<PersonaData[]>,
  set: {
    setReport: (r: DraftReport) => void;
    setFrames: (f: { live: string; draft: string; persona: string }) => void;
    setRefusal: (e: StudioError | null) => void;
    setToast: (t: string) => void;
  },
) {
  const { setReport, setFrames, setRefusal, setToast } = set;
  const changedFiles = (): Files => {
    const { files: f, live: l } = latest.current;
    return Object.fromEntries(Object.entries(f).filter(([p, t]) => t !== l.files[p]));
  };
  /**
   * The impact figures of the draft being saved: the panel's last result when it measured this very draft,
   * otherwise measured now. A change is recorded without figures only when they cannot be measured.
   */
  const figuresOfDraft = async (): Promise<ImpactFigures | undefined> => {
    const { files: f, live: l } = latest.current;
    const measured = impact.current;
    if (measured && Object.keys(f).every((p) => measured.files[p] === f[p])) return impactFigures(measured);
    try {
      const r = await startImpact(l.files, f, () => {}).result;
      r.release();
      return impactFigures(r);
    } catch {
      return undefined;
    }
  };
  return studioDraftMachine.provide({
    actors: {
      check: fromPromise(async () => {
        const { files: f, live: l } = latest.current;
        const dates = caseDates(f);
        const lists = await Promise.all(dates.map(bodiesFor));
        const r = await checkDraft(f, l.context, casePersonas(lists[0]!, bodiesFor));
        setReport(r);
        return {
          errors: r.check.errors.length + r.caseIssues.length,
          failingCases: r.failing,
          changed: Object.keys(changedFiles()).length > 0,
        };
      }),
      preview: fromPromise(async () => {
        const persona = latest.current.previewPersona;
        const opened = await api.preview(persona, changedFiles());
        setFrames({ ...opened, persona });
      }),
      save: fromPromise<{ pending: boolean }, { reason: string }>(async ({ input }) => {
        setRefusal(null);
        try {
          const figures = await figuresOfDraft();
          const saved = await api.save({
            reason: input.reason,
            base: latest.current.live.commit,
            files: changedFiles(),
            ...(figures ? { impact: figures } : {}),
            ...(latest.current.replaces ? { replaces: latest.current.replaces } : {}),
          });
          return { pending: saved.pending };
        } catch (e) {
          if (e instanceof StudioError) setRefusal(e);
          throw e;
        }
      }),
    },
    actions: {
      showToast: (_, t) => setToast(t.text),
      changeRecorded: () => latest.current.onRecorded(),
    },
  });
}
