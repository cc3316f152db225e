/**
 * The page's side of the impact workers (impact.worker.ts): one per core while the studio is open, each
 * preparing its part of the population with the live rules once (prepareImpact, as the impact panel
 * nears); a run of a draft measures every part at once, reports progress, how long measuring the draft
 * took as the analyst waits for it, and looks up its example accounts. Stopping a run cancels it in the
 * workers, which keep the population.
 */
import type { ImpactProgress, ImpactReport } from '../../impact/impact';
import { mergeReports } from '../../impact/merge';
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
 * Workers the studio measures with: one per core the browser reports, at most 4 (each holds its part of
 * the prepared population: about 100 MB for 100,000 accounts in all).
 */
export const impactWorkerCount = (): number =>
  Math.max(1, Math.min(4, Math.floor(globalThis.navigator?.hardwareConcurrency ?? 1)));

/** One impact worker: its messages routed to the run they name, its preparation kept. */
class ImpactWorker {
  private readonly worker: Worker;
  private ready = false;
  private readonly queue: ToWorker[] = [];
  private readonly runs = new Map<number, (m: FromWorker) => void>();
  preparation: Preparation | null = null;

  constructor(
    create: () => Worker,
    private readonly onPreparation: () => void,
  ) {
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
    this.onPreparation();
  }

  post(message: ToWorker): void {
    if (this.ready) this.worker.postMessage(message);
    else this.queue.push(message);
  }

  /** Routes run `id`'s messages to `handle` until `forget`. */
  open(id: number, handle: (m: FromWorker) => void): () => void {
    this.runs.set(id, handle);
    return () => this.runs.delete(id);
  }
}

/** Where the workers' preparations stand together: failed if one failed, ready when all are. */
function together(parts: readonly (Preparation | null)[]): Preparation | null {
  const failed = parts.find((p) => p?.state === 'failed');
  if (failed) return failed;
  if (parts.every((p) => p?.state === 'ready'))
    return { state: 'ready', ms: Math.max(...parts.map((p) => (p?.state === 'ready' ? p.ms : 0))) };
  if (parts.every((p) => p === null)) return null;
  let done = 0;
  let total = 0;
  for (const p of parts) {
    if (p?.state === 'preparing') {
      done += p.done;
      total += p.total;
    }
  }
  return { state: 'preparing', done, total };
}

/**
 * The studio's impact workers, made on first need and kept while the studio is open: each prepares its
 * part of the population with the live rules and measures the draft on it; the parts' reports are merged
 * (src/impact/merge.ts) into the report of the whole population, so a measurement uses every core.
 */
class ImpactWorkers {
  private readonly workers: ImpactWorker[];
  private readonly listeners = new Set<(p: Preparation) => void>();
  preparation: Preparation | null = null;
  private nextId = 1;

  constructor(create: () => Worker, count: number) {
    this.workers = Array.from({ length: count }, () => new ImpactWorker(create, () => this.changed()));
  }

  get count(): number {
    return this.workers.length;
  }

  private changed(): void {
    const p = together(this.workers.map((w) => w.preparation));
    if (!p) return;
    this.preparation = p;
    for (const l of this.listeners) l(p);
  }

  /** Posts to worker `i` the message `make(part)` names its part with. */
  postEach(make: (part: { index: number; of: number }) => ToWorker): void {
    const of = this.workers.length;
    this.workers.forEach((w, index) => w.post(make({ index, of })));
  }

  /** Posts to the first worker (example accounts: any worker knows the whole population). */
  postFirst(message: ToWorker): void {
    this.workers[0]!.post(message);
  }

  /** Calls `listener` with every change of the preparation (and at once with the current one). */
  onPreparation(listener: (p: Preparation) => void): () => void {
    this.listeners.add(listener);
    if (this.preparation) listener(this.preparation);
    return () => this.listeners.delete(listener);
  }

  /** Routes run `id`'s messages of every worker to `handle` (with the worker's number) until `forget`. */
  open(handle: (m: FromWorker, worker: number) => void): { id: number; forget: () => void } {
    const id = this.nextId++;
    const forgets = this.workers.map((w, i) => w.open(id, (m) => handle(m, i)));
    return { id, forget: () => forgets.forEach((f) => f()) };
  }
}

let shared: ImpactWorkers | null = null;
const impactWorkers = (create: () => Worker): ImpactWorkers =>
  (shared ??= new ImpactWorkers(create, impactWorkerCount()));

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
 * Prepares the population for the live rules in the workers ahead of a measurement (the studio calls it
 * as the impact panel nears), and reports how it goes to `listener`; returns the listener's unsubscribe.
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
  const workers = impactWorkers(create);
  workers.postEach((part) => ({ type: 'prepare', base, distributions, part }));
  return workers.onPreparation(listener);
}

/** The progress of a run from each worker's: counts summed, the longest worker's time. */
function progressOf(parts: readonly (ImpactProgress | undefined)[]): ImpactProgress {
  const known = parts.filter((p): p is ImpactProgress => p !== undefined);
  return {
    done: known.reduce((n, p) => n + p.done, 0),
    total: known.reduce((n, p) => n + p.total, 0),
    changedAccounts: known.reduce((n, p) => n + p.changedAccounts, 0),
    elapsed: Math.max(0, ...known.map((p) => p.elapsed)),
  };
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

  const workers = impactWorkers(create);
  let settled = false;
  let fail: (e: ImpactProblems) => void = () => {};
  let cancel = () => {};
  const result = new Promise<ImpactResult>((resolve, reject) => {
    let started = performance.now();
    let measuring = false;
    const progress: (ImpactProgress | undefined)[] = [];
    const reports: (ImpactReport | undefined)[] = [];
    const lookups = new Map<number, { resolve: (a: ImpactAccount) => void; reject: (e: Error) => void }[]>();
    const finish = (): void => {
      if (settled || reports.filter(Boolean).length < workers.count) return;
      settled = true;
      const parts = reports as ImpactReport[];
      const ms = Math.round(performance.now() - started);
      const report =
        parts.length === 1
          ? parts[0]!
          : mergeReports(parts as (ImpactReport & { range: { from: number } })[], 3, ms, parts.length);
      resolve({
        report,
        ms,
        files,
        account: (index) =>
          new Promise<ImpactAccount>((res, rej) => {
            lookups.set(index, [...(lookups.get(index) ?? []), { resolve: res, reject: rej }]);
            workers.postFirst({ type: 'account', id: run.id, index });
          }),
        release: () => {
          run.forget();
          workers.postEach(() => ({ type: 'release', id: run.id }));
        },
      });
    };
    const run = workers.open((m, i) => {
      // The measurement as the analyst waits for it: from the first worker starting on the draft.
      if (m.type === 'measuring') {
        if (!measuring) started = performance.now();
        measuring = true;
      } else if (m.type === 'progress') {
        progress[i] = m.progress;
        if (!settled) onProgress(progressOf(progress));
      } else if (m.type === 'error') fail(new ImpactProblems(m.problems));
      else if (m.type === 'report') {
        reports[i] = m.report;
        finish();
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
      workers.postEach(() => ({ type: 'cancel', id: run.id }));
      run.forget();
      reject(e);
    };
    cancel = () => {
      if (settled) return;
      fail(new ImpactProblems(['Cancelled']));
    };
    workers.postEach((part) => ({ type: 'run', id: run.id, base, draft, distributions, part }));
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
