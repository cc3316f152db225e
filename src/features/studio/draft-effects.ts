/**
 * The studio's draft machine (machines/studio-draft.machine.ts) with the page's effects: checking the draft
 * in the browser, opening the home side by side, saving with the impact figures.
 */
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { studioDraftMachine } from '../../../machines/studio-draft.machine';
import { StudioError, type LiveRules, type PersonaData, type StudioApi } from './api';
import { impactFigures, startImpact, type ImpactFigures, type ImpactResult } from './impact-client';
import { caseDates, casePersonas, checkDraft, Holder, type DraftReport, type Files } from './model';
import { usePageFlow } from '../../stores/use-page-flow';
import type { Frames } from './HomeSideBySide';
import { refusalText } from './review';

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
    setFrames: (f: Frames) => void;
    /** Why the server would not open the home with this draft (its refusal, in its words). */
    setFramesProblem: (p: string) => void;
    setRefusal: (e: StudioError | null) => void;
    setToast: (t: string) => void;
  },
) {
  const { setReport, setFrames, setFramesProblem, setRefusal, setToast } = set;
  // Each opening of the home side by side, numbered: opened again, both frames load afresh.
  let openings = 0;
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
      check: fromPromise(async ({ signal }) => {
        const { files: f, live: l } = latest.current;
        const dates = caseDates(f);
        const lists = await Promise.all(dates.map(bodiesFor));
        const r = await checkDraft(f, l.context, casePersonas(lists[0]!, bodiesFor));
        // An edit meanwhile started a check of the newer draft and stopped this one: its report is stale, and
        // shown after the newer one's it would say the draft passes when it fails, or the other way round.
        if (signal.aborted) throw signal.reason;
        setReport(r);
        return {
          errors: r.check.errors.length + r.caseIssues.length,
          failingCases: r.failing,
          changed: Object.keys(changedFiles()).length > 0,
        };
      }),
      preview: fromPromise(async () => {
        const persona = latest.current.previewPersona;
        try {
          const opened = await api.preview(persona, changedFiles());
          setFrames({ ...opened, persona, opened: ++openings });
        } catch (e) {
          // A refusal says why (the draft's problems): nothing to try again. Only a failure to reach the
          // server is the toast's "Please try again".
          if (e instanceof StudioError && e.status > 0) {
            setFramesProblem(`The home was not opened with this draft. ${refusalText(e)}`);
            return;
          }
          throw e;
        }
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

/**
 * The draft machine of the Rules tab with its effects, and what they report: the check of the draft, the
 * server's refusal of a save, the home side by side (or why it was not opened), a toast. Every edit is
 * checked as typed (debounced: a burst of keystrokes is one check).
 */
export function useDraftMachine(
  opts: Latest & { api: StudioApi; bodiesFor: (date: string) => Promise<PersonaData[]> },
) {
  const { api, bodiesFor, files, live, onRecorded, previewPersona, replaces } = opts;
  const [report, setReport] = useState<DraftReport | null>(null);
  const [refusal, setRefusal] = useState<StudioError | null>(null);
  const [frames, setFrames] = useState<Frames | null>(null);
  const [framesProblem, setFramesProblem] = useState<string | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  // The machine's actors are made once: they read the draft, the live version and the page's callbacks
  // through this holder (not a ref: read when the effects run, never during render).
  const [latest] = useState(() => new Holder<Latest>({ files, live, onRecorded, previewPersona, replaces }));
  useEffect(() => {
    latest.set({ files, live, onRecorded, previewPersona, replaces });
  });
  // The last impact measured of this draft (the impact panel sets it; an edit clears it): saved with it.
  const [impact] = useState(() => new Holder<ImpactResult | null>(null));
  const [machine] = useState(() =>
    draftMachineFor(latest, impact, api, bodiesFor, {
      setReport,
      setFrames,
      setFramesProblem,
      setRefusal,
      setToast,
    }),
  );
  const [snapshot, send] = usePageFlow('studio-draft', machine);
  useEffect(() => {
    const t = setTimeout(() => send({ type: 'DRAFT.EDIT' }), 250);
    return () => clearTimeout(t);
  }, [files, send]);
  return { snapshot, send, report, refusal, frames, framesProblem, setFramesProblem, toast, impact };
}
