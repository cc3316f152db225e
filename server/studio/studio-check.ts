/**
 * The rule studio's server checks, off the event loop: a pool of worker threads (piscina) running
 * studio-check.worker.ts. A save, an approval, a go-live or a preview posts the files and waits; the
 * server's event loop keeps answering customers meanwhile. A change whose text is longer than a file may be
 * is refused here, before it is copied to a worker (the worker bounds each file again, and its nesting).
 *
 * The pool is made on the first check (a server that never sees an analyst starts no thread), keeps its
 * threads for half an hour after the last check, and is closed with the server.
 */
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { JSON_LIMITS } from '../../src/engine/json-bounds';
import type { CheckContext } from '../../src/engine/check';
import type { checkChange, checkDraftRules } from './studio-check.worker';
import { studioFilesOf } from './studio-files';

export interface StudioChecker {
  /**
   * Every problem of the set of files as it would be live (`changed`: the paths the change writes). Only the
   * studio's files are checked (studio-files.ts); the answer for the same files is kept (an approval of a
   * change checked when it was saved, on the same live version, costs nothing), and asked twice at once it
   * is worked out once.
   */
  check(files: Readonly<Record<string, string>>, changed: readonly string[]): Promise<string[]>;
  /** The draft's rule files for the home side by side: the valid ones parsed, and every problem. */
  draftRules(files: Readonly<Record<string, string>>): Promise<ReturnType<typeof checkDraftRules>>;
  /** What the checks need from the code (scanned once, in a worker: the code does not change). */
  context(): Promise<CheckContext>;
  /**
   * Loads what a check needs in the worker (the rule cases, the personas) ahead of the first save, by
   * checking `files` once in the background (the studio calls it when an analyst opens it).
   */
  warm(files: Readonly<Record<string, string>>): void;
  /** 'start' when a check is handed to the workers and 'end' when it is done (with its id): tests order requests against them. */
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

export function createStudioChecker(options: { maxThreads?: number } = {}): StudioChecker {
  const events = new EventEmitter();
  const answers = new Map<string, Promise<string[]>>();
  let pool: Piscina | undefined;
  let closed = false;
  let next = 0;
  let context: Promise<CheckContext> | undefined;
  let warmed = false;
  const poolOf = (): Piscina => {
    if (closed) throw new Error('The studio checker is closed');
    return (pool ??= new Piscina({
      filename: workerFile(),
      minThreads: 0,
      // One thread, kept warm: a check costs seconds in a fresh thread (loading the rule cases and the
      // personas) and a fraction of that in a warm one; two analysts saving at once take turns.
      maxThreads: options.maxThreads ?? 1,
      // Kept for as long as an analyst edits between two saves (a fresh thread made the first save after a
      // minute's pause cost 5 to 15 s); a server no analyst uses never starts it.
      idleTimeout: 30 * 60_000,
    }));
  };
  async function run<T>(name: string, data: unknown): Promise<T> {
    const id = ++next;
    const task = poolOf().run(data, { name }) as Promise<T>;
    events.emit('start', id);
    try {
      return await task;
    } finally {
      events.emit('end', id);
    }
  }
  return {
    events,
    async check(all, changed) {
      const files = studioFilesOf(all);
      const big = oversized(files);
      if (big.length > 0) return big;
      const key = checkKey(files, changed);
      const known = answers.get(key);
      if (known) {
        answers.delete(key);
        answers.set(key, known);
        return [...(await known)];
      }
      const answer = run<Awaited<ReturnType<typeof checkChange>>>('checkChange', { files, changed });
      answers.set(key, answer);
      if (answers.size > KEPT) answers.delete(answers.keys().next().value!);
      answer.catch(() => answers.delete(key));
      return [...(await answer)];
    },
    async draftRules(files) {
      const big = oversized(files);
      if (big.length > 0) return { rules: {}, problems: big };
      return run('checkDraftRules', files);
    },
    warm(all) {
      if (warmed || closed) return;
      warmed = true;
      const files = studioFilesOf(all);
      // Warms the thread (the cases, the personas) and keeps every case file's result for the live rules.
      const answer = run<string[]>('checkChange', { files, changed: [] });
      answers.set(checkKey(files, []), answer);
      answer.catch(() => {
        warmed = false;
        answers.delete(checkKey(files, []));
      });
    },
    context() {
      context ??= run<CheckContext>('contextData', null);
      context.catch(() => (context = undefined));
      return context;
    },
    async close() {
      closed = true;
      await pool?.destroy();
    },
  };
}
