/**
 * The rule studio's server checks, off the event loop: a pool of worker threads (piscina) running
 * studio-check.worker.ts. A save, an approval, a go-live or a preview posts the files and waits; the
 * server's event loop keeps answering customers meanwhile. A change whose text is longer than a file may be
 * is refused here, before it is copied to a worker (the worker bounds each file again, and its nesting).
 *
 * The pool is made on the first check (a server that never sees an analyst starts no thread), keeps its
 * threads for a minute after the last check, and is closed with the server.
 */
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { JSON_LIMITS } from '../../src/engine/json-bounds';
import type { CheckContext } from '../../src/engine/check';
import type { checkChange, checkDraftRules } from './studio-check.worker';

export interface StudioChecker {
  /** Every problem of the set of files as it would be live (`changed`: the paths the change writes). */
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

export function createStudioChecker(options: { maxThreads?: number } = {}): StudioChecker {
  const events = new EventEmitter();
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
      idleTimeout: 60_000,
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
    async check(files, changed) {
      const big = oversized(files);
      if (big.length > 0) return big;
      return run<Awaited<ReturnType<typeof checkChange>>>('checkChange', { files, changed });
    },
    async draftRules(files) {
      const big = oversized(files);
      if (big.length > 0) return { rules: {}, problems: big };
      return run('checkDraftRules', files);
    },
    warm(files) {
      if (warmed || closed) return;
      warmed = true;
      run('checkChange', { files, changed: [] }).catch(() => (warmed = false));
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
