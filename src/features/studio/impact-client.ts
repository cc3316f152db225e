/**
 * The page's side of the impact worker (impact.worker.ts): one worker while the studio is open, which
 * prepares the population with the live rules once (prepareImpact, when the studio opens); a run of a
 * draft reports progress, how long measuring the draft took as the analyst waits for it, and looks up
 * its example accounts. Stopping a run cancels it in the worker, which keeps the population.
 */
import type { ImpactProgress, ImpactReport } from '../../impact/impact';
import type { FromWorker, ImpactAccount, ToWorker } from './impact-protocol';
import { parseOr, rulesetsOf, type Files } from './model';

export const DISTRIBUTIONS_PATH = 'population/distributions.json';

/** A finished run: its report and how to look up its example accounts. */
export interface ImpactResult {
  report: ImpactReport;
  /**
   * Milliseconds from posting the draft to the worker, its population prepared, to its report: the
   * measurement of the draft as the analyst waits for it (preparing the population is not counted).
   */
  ms: number;
  /** The draft's files the run measured (to tell a stale result). */
  files: Files;
  account: (index: number) => Promise<ImpactAccount>;
  /** Lets the run's rules go in the worker (a newer result replaces this one). */
  release: () => void;
}

export interface ImpactJob {
  result: Promise<ImpactResult>;
  /** Stops a run under way (the worker keeps its population); does nothing once the run has finished. */
  stop: () => void;
}

/** Why a run could not start or failed: every problem, in words an analyst can act on. */
export class ImpactProblems extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/** Where the worker's population stands: being prepared (accounts done of total), ready, or failed. */
export type Preparation =
  | { state: 'preparing'; done: number; total: number }
  | { state: 'ready'; ms: number }
  | { state: 'failed'; problems: string[] };

const makeWorker = (): Worker =>
  new Worker(new URL('./impact.worker.ts', import.meta.url), { type: 'module', name: 'rule-impact' });

/**
 * The studio's one impact worker, made on first need and kept while the studio is open: it keeps the
 * prepared population between measurements.
 */
class ImpactWorker {
  private readonly worker: Worker;
  private ready = false;
  private readonly queue: ToWorker[] = [];
  private readonly runs = new Map<number, (m: FromWorker) => void>();
  private readonly listeners = new Set<(p: Preparation) => void>();
  preparation: Preparation | null = null;
  private nextId = 1;

  constructor(create: () => Worker) {
    this.worker = create();
    this.worker.onerror = (e) => {
      const problems = [`The impact worker failed: ${e.message || 'it could not load'}`];
      this.setPreparation({ state: 'failed', problems });
      for (const [id, handle] of this.runs) handle({ type: 'error', id, problems });
    };
    this.worker.onmessage = (event: MessageEvent<FromWorker>) => {
      const m = event.data;
      if (m.type === 'ready') {
        this.ready = true;
        for (const q of this.queue.splice(0)) this.worker.postMessage(q);
      } else if (m.type === 'preparing')
        this.setPreparation({ state: 'preparing', done: m.done, total: m.total });
      else if (m.type === 'prepared') this.setPreparation({ state: 'ready', ms: m.ms });
      else if (m.type === 'preparation-error') this.setPreparation({ state: 'failed', problems: m.problems });
      else this.runs.get(m.id)?.(m);
    };
  }

  private setPreparation(p: Preparation): void {
    this.preparation = p;
    for (const l of this.listeners) l(p);
  }

  post(message: ToWorker): void {
    if (this.ready) this.worker.postMessage(message);
    else this.queue.push(message);
  }

  /** Calls `listener` with every change of the preparation (and at once with the current one). */
  onPreparation(listener: (p: Preparation) => void): () => void {
    this.listeners.add(listener);
    if (this.preparation) listener(this.preparation);
    return () => this.listeners.delete(listener);
  }

  /** Routes run `id`'s messages to `handle` until `forget`. */
  open(handle: (m: FromWorker) => void): { id: number; forget: () => void } {
    const id = this.nextId++;
    this.runs.set(id, handle);
    return { id, forget: () => this.runs.delete(id) };
  }
}

let shared: ImpactWorker | null = null;
const impactWorker = (create: () => Worker): ImpactWorker => (shared ??= new ImpactWorker(create));

/** What the live rules give the worker: their rule sets and distributions, or why they cannot be used. */
function liveInput(liveFiles: Files) {
  const base = rulesetsOf(liveFiles);
  const distributions = parseOr<unknown>(liveFiles[DISTRIBUTIONS_PATH]);
  const problems = [
    ...(base ? [] : ['The live rules have a file that is not JSON']),
    ...(distributions ? [] : [`rules/${DISTRIBUTIONS_PATH} is missing or not JSON`]),
  ];
  return { base, distributions, problems };
}

/**
 * Prepares the population for the live rules in the worker ahead of a measurement (the studio calls it
 * when it opens), and reports how it goes to `listener`; returns the listener's unsubscribe.
 */
export function prepareImpact(
  liveFiles: Files,
  listener: (p: Preparation) => void,
  create: () => Worker = makeWorker,
): () => void {
  const { base, distributions, problems } = liveInput(liveFiles);
  if (!base || !distributions || problems.length > 0) {
    listener({ state: 'failed', problems });
    return () => {};
  }
  const worker = impactWorker(create);
  worker.post({ type: 'prepare', base, distributions });
  return worker.onPreparation(listener);
}

/** Measures the draft (`files`) against the live rules (`liveFiles`) on the generated population. */
export function startImpact(
  liveFiles: Files,
  files: Files,
  onProgress: (progress: ImpactProgress) => void,
  create: () => Worker = makeWorker,
): ImpactJob {
  const { base, distributions, problems: liveProblems } = liveInput(liveFiles);
  const draft = rulesetsOf(files);
  const problems = [
    ...liveProblems,
    ...(draft ? [] : ['A file of the draft is not valid JSON: fix it or undo the change']),
  ];
  if (!base || !draft || !distributions || problems.length > 0)
    return { result: Promise.reject(new ImpactProblems(problems)), stop: () => {} };

  const worker = impactWorker(create);
  let settled = false;
  let fail: (e: ImpactProblems) => void = () => {};
  let cancel = () => {};
  const result = new Promise<ImpactResult>((resolve, reject) => {
    let started = performance.now();
    const lookups = new Map<number, { resolve: (a: ImpactAccount) => void; reject: (e: Error) => void }[]>();
    const run = worker.open((m) => {
      if (m.type === 'measuring') started = performance.now();
      else if (m.type === 'progress') {
        if (!settled) onProgress(m.progress);
      } else if (m.type === 'error') fail(new ImpactProblems(m.problems));
      else if (m.type === 'report') {
        if (settled) return;
        settled = true;
        resolve({
          report: m.report,
          ms: Math.round(performance.now() - started),
          files,
          account: (index) =>
            new Promise<ImpactAccount>((res, rej) => {
              lookups.set(index, [...(lookups.get(index) ?? []), { resolve: res, reject: rej }]);
              worker.post({ type: 'account', id: run.id, index });
            }),
          release: () => {
            run.forget();
            worker.post({ type: 'release', id: run.id });
          },
        });
      } else if (m.type === 'account' || m.type === 'account-error') {
        const index = m.type === 'account' ? m.account.index : m.index;
        for (const waiter of lookups.get(index) ?? []) {
          if (m.type === 'account') waiter.resolve(m.account);
          else waiter.reject(new Error(m.message));
        }
        lookups.delete(index);
      }
    });
    fail = (e) => {
      if (settled) return;
      settled = true;
      run.forget();
      reject(e);
    };
    cancel = () => {
      if (settled) return;
      worker.post({ type: 'cancel', id: run.id });
      fail(new ImpactProblems(['Cancelled']));
    };
    worker.post({ type: 'run', id: run.id, base, draft, distributions });
  });
  return { result, stop: () => cancel() };
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
