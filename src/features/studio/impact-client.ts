/**
 * The page's side of the impact worker (impact.worker.ts): starts a run of the draft against the live
 * rules, reports progress, measures how long the run took as the analyst waits for it, and keeps the
 * finished worker to look up example accounts. Stopping a run terminates its worker.
 */
import type { ImpactProgress, ImpactReport } from '../../impact/impact';
import type { FromWorker, ImpactAccount, ToWorker } from './impact-protocol';
import { parseOr, rulesetsOf, type Files } from './model';

export const DISTRIBUTIONS_PATH = 'population/distributions.json';

/** A finished run: its report and the worker that made it (for example accounts). */
export interface ImpactResult {
  report: ImpactReport;
  /** Milliseconds from posting the run to the worker (loaded) to its report. */
  ms: number;
  /** The draft's files the run measured (to tell a stale result). */
  files: Files;
  account: (index: number) => Promise<ImpactAccount>;
  /** Lets the worker go (a newer result replaces this one). */
  release: () => void;
}

export interface ImpactJob {
  result: Promise<ImpactResult>;
  /** Stops a run under way (terminates its worker); does nothing once the run has finished. */
  stop: () => void;
}

/** Why a run could not start or failed: every problem, in words an analyst can act on. */
export class ImpactProblems extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

const makeWorker = (): Worker =>
  new Worker(new URL('./impact.worker.ts', import.meta.url), { type: 'module', name: 'rule-impact' });

/** Measures the draft (`files`) against the live rules (`liveFiles`) on the generated population. */
export function startImpact(
  liveFiles: Files,
  files: Files,
  onProgress: (progress: ImpactProgress) => void,
  create: () => Worker = makeWorker,
): ImpactJob {
  const base = rulesetsOf(liveFiles);
  const draft = rulesetsOf(files);
  const distributions = parseOr<unknown>(liveFiles[DISTRIBUTIONS_PATH]);
  const problems = [
    ...(base ? [] : ['The live rules have a file that is not JSON']),
    ...(draft ? [] : ['A file of the draft is not valid JSON: fix it or undo the change']),
    ...(distributions ? [] : [`rules/${DISTRIBUTIONS_PATH} is missing or not JSON`]),
  ];
  if (!base || !draft || !distributions || problems.length > 0)
    return { result: Promise.reject(new ImpactProblems(problems)), stop: () => {} };

  const worker = create();
  let finished = false;
  let settled = false;
  let fail: (e: ImpactProblems) => void = () => {};
  const result = new Promise<ImpactResult>((resolve, reject) => {
    fail = (e) => {
      if (settled) return;
      settled = true;
      worker.terminate();
      reject(e);
    };
    let started = 0;
    const lookups = new Map<number, { resolve: (a: ImpactAccount) => void; reject: (e: Error) => void }[]>();
    worker.onerror = (e) =>
      fail(new ImpactProblems([`The impact worker failed: ${e.message || 'it could not load'}`]));
    worker.onmessage = (event: MessageEvent<FromWorker>) => {
      const m = event.data;
      if (m.type === 'ready') {
        started = performance.now();
        const run: ToWorker = { type: 'run', base, draft, distributions };
        worker.postMessage(run);
      } else if (m.type === 'progress') onProgress(m.progress);
      else if (m.type === 'error') fail(new ImpactProblems(m.problems));
      else if (m.type === 'report') {
        finished = true;
        settled = true;
        resolve({
          report: m.report,
          ms: Math.round(performance.now() - started),
          files,
          account: (index) =>
            new Promise<ImpactAccount>((res, rej) => {
              lookups.set(index, [...(lookups.get(index) ?? []), { resolve: res, reject: rej }]);
              worker.postMessage({ type: 'account', index } satisfies ToWorker);
            }),
          release: () => worker.terminate(),
        });
      } else if (m.type === 'account' || m.type === 'account-error') {
        const index = m.type === 'account' ? m.account.index : m.index;
        for (const waiter of lookups.get(index) ?? []) {
          if (m.type === 'account') waiter.resolve(m.account);
          else waiter.reject(new Error(m.message));
        }
        lookups.delete(index);
      }
    };
  });
  return {
    result,
    stop: () => {
      if (!finished) fail(new ImpactProblems(['Cancelled']));
    },
  };
}

/** The figures kept with a saved change (the Impact trailer of its commit: at most 4 KB of JSON). */
export interface ImpactFigures {
  accounts: number;
  changedAccounts: number;
  ms: number;
  population: Record<string, unknown>;
  decisions: { decision: string; accounts: number; changes: { change: string; accounts: number }[] }[];
}

/** The report's figures, cut to fit the trailer: the most frequent changes first. */
export function impactFigures(result: Pick<ImpactResult, 'report' | 'ms'>): ImpactFigures {
  const { report } = result;
  const figures = (perDecision: number): ImpactFigures => ({
    accounts: report.accounts,
    changedAccounts: report.changedAccounts,
    ms: result.ms,
    population: report.population,
    decisions: report.decisions.map((d) => ({
      decision: d.decision,
      accounts: d.accounts,
      changes: d.changes.slice(0, perDecision).map((c) => ({ change: c.change, accounts: c.accounts })),
    })),
  });
  for (const n of [8, 4, 2, 1]) {
    const f = figures(n);
    if (JSON.stringify(f).length <= 3800) return f;
  }
  const f = figures(1);
  while (f.decisions.length > 0 && JSON.stringify(f).length > 3800) f.decisions.pop();
  return f;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Figures read back from a change's history entry, or null when it has none (or they are not ours). */
export function readFigures(value: unknown): ImpactFigures | null {
  if (!isObject(value) || typeof value.accounts !== 'number' || typeof value.changedAccounts !== 'number')
    return null;
  const decisions = Array.isArray(value.decisions) ? value.decisions : [];
  return {
    accounts: value.accounts,
    changedAccounts: value.changedAccounts,
    ms: typeof value.ms === 'number' ? value.ms : 0,
    population: isObject(value.population) ? value.population : {},
    decisions: decisions.filter(isObject).map((d) => ({
      decision: String(d.decision),
      accounts: typeof d.accounts === 'number' ? d.accounts : 0,
      changes: (Array.isArray(d.changes) ? d.changes : []).filter(isObject).map((c) => ({
        change: String(c.change),
        accounts: typeof c.accounts === 'number' ? c.accounts : 0,
      })),
    })),
  };
}
