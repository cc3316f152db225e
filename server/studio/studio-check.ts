/**
 * The rule studio's server checks, off the event loop: a pool of worker threads (piscina) running
 * studio-check.worker.ts. A save, an approval, a go-live or a preview posts the files and waits; the
 * server's event loop keeps answering customers meanwhile. A change whose text is longer than a file may be
 * is refused here, before it is copied to a worker (the worker bounds each file again, and its nesting).
 *
 * The pool is made on the first check (a server that never sees an analyst starts no thread), keeps its
 * threads for half an hour after the last check, and is closed with the server.
 *
 * Every check has a deadline (decisions 041 and 042): `timeoutMs`, the studio request's own (60 s by default,
 * the studio's `requestTimeoutMs`), counted from when it is asked, waiting for the thread included. A check
 * that passes it is ended and answered 503 naming it ("The checks of this change did not finish within
 * 60 s"), and logged at warn when such failures start (at info while they go on, and when a check finishes
 * again). A check is also ended as soon as no request waits for it any more (`signal`: the request was
 * answered or its connection closed; a check two requests share goes on while one of them waits).
 *
 * Every check handed to the workers is counted by how it ended (the 'end' event's CheckEnded, the server's
 * portal_studio_checks_total): ok, invalid, timeout, aborted or error.
 *
 * Ending a check: one still queued is taken off the queue. One under way cannot be interrupted from inside
 * (a check is synchronous work: a long case run, a pathological rule file), so piscina 5.3's abort ends its
 * whole worker thread (`worker.terminate()`, which stops even a loop that never yields, at once); the next
 * check starts a fresh thread and pays for loading the rule cases and personas again, as after an idle half
 * hour (measured on 2 cores at load 8: 2.0 s against 0.1 to 0.3 s in a warm thread; the studio warms the
 * new thread when an analyst next opens it). Without ending the thread, the next check would queue behind
 * the one nobody waits for: with one thread, every save of the server would wait for it.
 */
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { JSON_LIMITS } from '../../src/engine/json-bounds';
import { RepoError } from './studio-op';
import type { CheckContext } from '../../src/engine/check';
import type { checkChange, checkDraftRules } from './studio-check.worker';
import { studioFilesOf } from './studio-files';

/** Who waits for a check: `signal` aborts when that request gives up (answered, or its connection closed). */
export interface CheckWait {
  signal?: AbortSignal;
}

export interface StudioChecker {
  /**
   * Every problem of the set of files as it would be live (`changed`: the paths the change writes). Only the
   * studio's files are checked (studio-files.ts); the answer for the same files is kept (an approval of a
   * change checked when it was saved, on the same live version, costs nothing), and asked twice at once it
   * is worked out once. Fails with a 503 RepoError when the check passes its deadline. A property, not a
   * method: the studio hands it to the repository as it is.
   */
  check: (
    files: Readonly<Record<string, string>>,
    changed: readonly string[],
    wait?: CheckWait,
  ) => Promise<string[]>;
  /** The draft's rule files for the home side by side: the valid ones parsed, and every problem. */
  draftRules(
    files: Readonly<Record<string, string>>,
    wait?: CheckWait,
  ): Promise<ReturnType<typeof checkDraftRules>>;
  /** What the checks need from the code (scanned once, in a worker: the code does not change). */
  context(wait?: CheckWait): Promise<CheckContext>;
  /**
   * Loads what a check needs in the worker (the rule cases, the personas) ahead of the first save, by
   * checking `files` once in the background (the studio calls it when an analyst opens it).
   */
  warm(files: Readonly<Record<string, string>>): void;
  /**
   * 'start' when a check is handed to the workers and 'end' when it is done, answered or ended (with its id,
   * then how it ended, a CheckEnded): tests order requests against them, the server counts them
   * (portal_studio_checks_total).
   */
  readonly events: EventEmitter;
  close(): Promise<void>;
}

/** The worker's file: the compiled .js when the server runs compiled, else the .ts through tsx's API. */
function workerFile(): string {
  const js = new URL('./studio-check.worker.js', import.meta.url);
  return existsSync(fileURLToPath(js))
    ? js.href
    : new URL('./studio-check.worker-tsx.mjs', import.meta.url).href;
}

const count = (n: number): string => n.toLocaleString('en-US');

/** Files longer than a file may be, refused before any work (a 1.5 MB file costs nothing more than this). */
export function oversized(files: Readonly<Record<string, string>>): string[] {
  return Object.entries(files)
    .filter(([, text]) => text.length > JSON_LIMITS.fileChars)
    .map(
      ([path, text]) =>
        `rules/${path.slice(0, 100)}: it is ${count(text.length)} characters long: a file of the rules folder may have at most ${count(JSON_LIMITS.fileChars)}`,
    );
}

/** The key of a check: the studio's files as they would be live, and the paths the change writes. */
function checkKey(files: Readonly<Record<string, string>>, changed: readonly string[]): string {
  const h = createHash('sha256');
  for (const path of Object.keys(files).sort()) h.update(path).update('\0').update(files[path]!).update('\0');
  h.update('changed\0').update([...changed].sort().join('\0'));
  return h.digest('hex');
}

/** Answers kept (a few dozen sets of files). */
const KEPT = 32;

/** How long a check may take by default: a studio request's deadline (studio-store.ts REQUEST_TIMEOUT_MS). */
export const CHECK_TIMEOUT_MS = 60_000;

/** Where a check that passed its deadline is told: the server's log (pino's signature). */
export interface CheckLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface StudioCheckerOptions {
  maxThreads?: number;
  /** how long a check may take, waiting for the thread included (default CHECK_TIMEOUT_MS) */
  timeoutMs?: number;
  /** where a check that passed its deadline is logged (default nowhere) */
  log?: CheckLog;
  /** the worker's module (tests run one of their own) */
  workerFile?: string;
}

/** The work a worker does, as its answer names it when it does not finish. */
type TaskName = 'checkChange' | 'checkDraftRules' | 'contextData';

/** A check's name in the metrics: a change's checks, a draft's rules (a preview), the checks' context. */
export type CheckLabel = 'change' | 'draft_rules' | 'context';

/**
 * How a check handed to the workers ended: answered with no problem (ok) or with problems (invalid), ended
 * at its deadline (timeout) or because no request waited for it any more (aborted), or failed (error: the
 * worker threw, the checker closed under it).
 */
export type CheckOutcome = 'ok' | 'invalid' | 'timeout' | 'aborted' | 'error';

/** What the checker's 'end' event says of a check, after its id. */
export interface CheckEnded {
  check: CheckLabel;
  outcome: CheckOutcome;
}

const LATE: Record<TaskName, { label: CheckLabel; what: string; answer: (s: number) => string }> = {
  checkChange: {
    label: 'change',
    what: 'the checks of a change',
    answer: (s) =>
      `The checks of this change did not finish within ${s} s: nothing was saved. Try again in a moment`,
  },
  checkDraftRules: {
    label: 'draft_rules',
    what: "the check of a draft's rules",
    answer: (s) => `The check of the draft's rules did not finish within ${s} s: try again in a moment`,
  },
  contextData: {
    label: 'context',
    what: "the checks' knowledge of the code",
    answer: (s) => `The checks' knowledge of the code did not load within ${s} s: try again in a moment`,
  },
};

/** Why a task was ended: its deadline passed, or no request waits for it any more. */
class Ended extends Error {
  constructor(readonly why: 'late' | 'abandoned') {
    super(why === 'late' ? 'the check passed its deadline' : 'no request waits for the check any more');
  }
}

/** Whether a worker's answer names problems: a change's list, or a draft's `problems`. */
function hasProblems(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  const problems = (value as { problems?: unknown } | null)?.problems;
  return Array.isArray(problems) && problems.length > 0;
}

/** How a task that failed ended: by its deadline, by its requests giving up, or of itself. */
function failedOutcome(why: unknown): CheckOutcome {
  if (!(why instanceof Ended)) return 'error';
  return why.why === 'late' ? 'timeout' : 'aborted';
}

/** What a request that gave up on its check is told (its answer, if any, was sent already). */
const gaveUp = (): RepoError => new RepoError(503, 'The request ended before its check finished');

/** A task handed to the workers, and the requests waiting for it. */
interface Running<T> {
  /** Another request waits for it, until `wait.signal` aborts (without one, until it ends). */
  join(wait?: CheckWait): Promise<T>;
  /** Settles when it is answered or ended (never rejects: a hook for keeping and forgetting answers). */
  readonly settled: Promise<boolean>;
}

/** A request's answer as the server holds it (Fastify's reply): `raw` closes once sent or dropped. */
export interface Asker {
  raw: { destroyed: boolean; writableFinished: boolean; once(event: 'close', listener: () => void): unknown };
}

/** Waits for as long as `asker`'s request does: until it is answered or its connection closes. */
export function answered(asker: Asker): CheckWait {
  const gone = new AbortController();
  if (asker.raw.destroyed || asker.raw.writableFinished) gone.abort();
  else asker.raw.once('close', () => gone.abort());
  return { signal: gone.signal };
}

/** `checker.check` for a request: ended once no request waits for it (this one answered, or gone). */
export function checkAskedBy(
  checker: StudioChecker,
  asker: Asker,
): (files: Readonly<Record<string, string>>, changed: readonly string[]) => Promise<string[]> {
  let wait: CheckWait | undefined;
  return (files, changed) => checker.check(files, changed, (wait ??= answered(asker)));
}

/** The worker threads, each task under its deadline, and the log of the tasks that pass it. */
class Workers {
  private pool: Piscina | undefined;
  closed = false;
  private next = 0;
  /** When tasks started passing their deadline (0: they finish). */
  private lateSince = 0;
  private readonly seconds: number;

  constructor(
    private readonly options: StudioCheckerOptions,
    readonly events: EventEmitter,
    /** told when a thread was ended: the next is cold */
    private readonly onReplaced: () => void,
    readonly timeoutMs = options.timeoutMs ?? CHECK_TIMEOUT_MS,
  ) {
    this.seconds = Math.max(1, Math.round(timeoutMs / 1000));
  }

  private poolOf(): Piscina {
    if (this.closed) throw new Error('The studio checker is closed');
    return (this.pool ??= new Piscina({
      filename: this.options.workerFile ?? workerFile(),
      minThreads: 0,
      // One thread, kept warm: a check costs seconds in a fresh thread (loading the rule cases and the
      // personas) and a fraction of that in a warm one; two analysts saving at once take turns.
      maxThreads: this.options.maxThreads ?? 1,
      // Kept for as long as an analyst edits between two saves (a fresh thread made the first save after a
      // minute's pause cost 5 to 15 s); a server no analyst uses never starts it.
      idleTimeout: 30 * 60_000,
    }));
  }

  /** Ends a task (piscina takes it off the queue, or ends the thread it runs on); whether a thread ended. */
  private end(controller: AbortController, why: Ended): boolean {
    const threads = this.pool?.threads.length ?? 0;
    controller.abort(why);
    const replaced = (this.pool?.threads.length ?? 0) < threads;
    if (replaced) this.onReplaced();
    return replaced;
  }

  /** A task passed its deadline: at warn when such failures start, at info while they go on. */
  private late(name: TaskName, replaced: boolean): void {
    const msg = `A studio check (${LATE[name].what}) did not finish within ${this.seconds} s: ${
      replaced ? 'it was ended and its worker thread replaced' : 'it never started, the worker busy before it'
    }`;
    const obj = { check: name, timeoutMs: this.timeoutMs };
    if (this.lateSince) return this.options.log?.info(obj, msg);
    this.lateSince = Date.now();
    this.options.log?.warn(obj, msg);
  }

  private finished(): void {
    if (!this.lateSince) return;
    const after = Math.round((Date.now() - this.lateSince) / 1000);
    this.lateSince = 0;
    this.options.log?.info({ lateSeconds: after }, `Studio checks finish again, after ${after} s`);
  }

  /** Hands `data` to the workers under the deadline; ended sooner once every request waiting has given up. */
  start<T>(name: TaskName, data: unknown): Running<T> {
    const pool = this.poolOf();
    const id = ++this.next;
    const controller = new AbortController();
    /** Requests waiting with a signal; `held`: something waits without one (the warm-up, the server's own). */
    let waiting = 0;
    let held = false;
    let done = false;
    const timer = setTimeout(() => {
      if (!done) this.late(name, this.end(controller, new Ended('late')));
    }, this.timeoutMs);
    timer.unref();
    const task = pool.run(data, { name, signal: controller.signal }) as Promise<T>;
    this.events.emit('start', id);
    let outcome: CheckOutcome = 'error';
    const answer = task.then(
      (value) => {
        outcome = name !== 'contextData' && hasProblems(value) ? 'invalid' : 'ok';
        this.finished();
        return value;
      },
      (e: unknown) => {
        const why: unknown = controller.signal.reason;
        outcome = failedOutcome(why);
        if (why instanceof Ended && why.why === 'late')
          throw new RepoError(503, LATE[name].answer(this.seconds));
        throw why instanceof Ended ? why : e instanceof Error ? e : new Error(String(e));
      },
    );
    const settled = answer.then(
      () => true,
      () => false,
    );
    void settled.then(() => {
      done = true;
      clearTimeout(timer);
      const ended: CheckEnded = { check: LATE[name].label, outcome };
      this.events.emit('end', id, ended);
    });
    const abandon = (): void => {
      if (done || held || waiting > 0 || controller.signal.aborted) return;
      if (this.end(controller, new Ended('abandoned')))
        this.options.log?.info(
          { check: name },
          `A studio check (${LATE[name].what}) no request waits for any more was ended: its worker thread was replaced`,
        );
    };
    const join = (wait: CheckWait = {}): Promise<T> => {
      const { signal } = wait;
      if (!signal) {
        held = true;
        return answer;
      }
      if (signal.aborted) {
        abandon();
        return Promise.reject(gaveUp());
      }
      waiting++;
      return new Promise<T>((resolve, reject) => {
        const onAbort = (): void => {
          waiting--;
          reject(gaveUp());
          abandon();
        };
        signal.addEventListener('abort', onAbort, { once: true });
        answer.then(
          (value) => {
            signal.removeEventListener('abort', onAbort);
            resolve(value);
          },
          (e: unknown) => {
            signal.removeEventListener('abort', onAbort);
            reject(e instanceof Error ? e : new Error(String(e)));
          },
        );
      });
    };
    return { settled, join };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pool?.destroy();
  }
}

export function createStudioChecker(options: StudioCheckerOptions = {}): StudioChecker {
  const events = new EventEmitter();
  const answers = new Map<string, Running<string[]>>();
  let context: Running<CheckContext> | undefined;
  let warmed = false;
  // A fresh thread is cold: the next studio that opens warms it again.
  const workers = new Workers(options, events, () => (warmed = false));

  /** Keeps a check's answer by its key while it holds; a check that failed or was ended is forgotten. */
  function keep(key: string, running: Running<string[]>): void {
    answers.set(key, running);
    if (answers.size > KEPT) answers.delete(answers.keys().next().value!);
    void running.settled.then((ok) => {
      if (!ok && answers.get(key) === running) answers.delete(key);
    });
  }

  const checker: StudioChecker = {
    events,
    async check(all, changed, wait) {
      const files = studioFilesOf(all);
      const big = oversized(files);
      if (big.length > 0) return big;
      const key = checkKey(files, changed);
      const known = answers.get(key);
      if (known) {
        answers.delete(key);
        answers.set(key, known);
        return [...(await known.join(wait))];
      }
      const running = workers.start<Awaited<ReturnType<typeof checkChange>>>('checkChange', {
        files,
        changed,
      });
      keep(key, running);
      return [...(await running.join(wait))];
    },
    async draftRules(files, wait) {
      const big = oversized(files);
      if (big.length > 0) return { rules: {}, problems: big };
      return workers.start<ReturnType<typeof checkDraftRules>>('checkDraftRules', files).join(wait);
    },
    warm(all) {
      if (warmed || workers.closed) return;
      warmed = true;
      const files = studioFilesOf(all);
      // Warms the thread (the cases, the personas) and keeps every case file's result for the live rules.
      const running = workers.start<string[]>('checkChange', { files, changed: [] });
      keep(checkKey(files, []), running);
      void running.join().catch(() => (warmed = false));
    },
    context(wait) {
      if (!context) {
        if (workers.closed) return Promise.reject(new Error('The studio checker is closed'));
        const running = (context = workers.start<CheckContext>('contextData', null));
        void running.settled.then((ok) => {
          if (!ok && context === running) context = undefined;
        });
      }
      return context.join(wait);
    },
    close: () => workers.close(),
  };
  return checker;
}
