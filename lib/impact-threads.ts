/**
 * rules:impact over every core: the population cut into parts (lib/impact-part.ts), claimed from one
 * shared counter by the main thread and `threads - 1` worker threads, each part measured with both rule
 * sets, the parts' reports merged (src/impact/merge.ts) into exactly the report of one thread. The main
 * thread works from the start, so the workers' start-up (loading one bundled module, lib/impact-thread-bundle.ts)
 * costs only what it delays. The main thread runs its share from the same bundle: the sources through tsx
 * decide about a third slower.
 */
import { availableParallelism, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ImpactReport, PartReport } from '../src/impact/impact';
import { populationOf } from '../src/impact/impact';
import { mergeReports } from '../src/impact/merge';
import { partsOf, type ImpactJob } from './impact-part';
import { impactThreadBundle } from './impact-thread-bundle';
import type { ImpactThreadData } from './impact-thread';

export type { ImpactJob } from './impact-part';

/**
 * Threads used by default: one per core the process may use that other work leaves idle (the cores less
 * the 1-minute load average, rounded), at least one. On a busy machine a second thread costs more than it
 * gives: it starts, compiles and warms up the same code (about 0.6 s of CPU) and waits for a core someone
 * else is using (ADR 029's figures: at load 5 to 7 on two cores, one thread finished first).
 */
export const defaultThreads = (cores = availableParallelism(), load = loadavg()[0]!): number =>
  Math.max(1, Math.min(cores, Math.round(cores - load)));

/**
 * Measures `job` on `threads` threads (the main one included); the report's `timings.total` is the whole
 * run's wall-clock time, from starting the threads to the merged report.
 */
export async function measureImpactInThreads(
  job: ImpactJob,
  threads = defaultThreads(),
  /** false: the worker threads do every part (a test of their path); the main thread only waits. */
  mainThreadWorks = true,
): Promise<ImpactReport> {
  const total = partsOf(populationOf(job.population).size, job.partAccounts);
  const workerCount = mainThreadWorks ? Math.max(0, Math.min(threads, total) - 1) : Math.max(1, threads);
  const file = await impactThreadBundle();
  const thread = mainThreadWorks
    ? ((await import(pathToFileURL(file).href)) as typeof import('./impact-thread'))
    : null;
  const started = performance.now();
  const counter = new Int32Array(new SharedArrayBuffer(4));
  const parts: PartReport[] = [];
  let ended = 0;
  const workers = Array.from(
    { length: workerCount },
    () =>
      new Worker(file, {
        workerData: { rulesImpact: { job, counter: counter.buffer } } satisfies ImpactThreadData,
      }),
  );
  try {
    const all = new Promise<void>((resolve, reject) => {
      const check = (): void => {
        if (parts.length === total) resolve();
      };
      for (const w of workers) {
        w.on('message', (part: PartReport) => {
          parts.push(part);
          check();
        });
        w.on('error', reject);
        w.on('exit', (code) => {
          if (code !== 0 && parts.length < total)
            reject(new Error(`An impact thread stopped (exit ${code})`));
        });
      }
      // The main thread's share, while the workers start and claim theirs.
      thread?.measureClaimedParts(job, counter, (part) => parts.push(part));
      check();
    });
    await all;
    ended = performance.now();
  } finally {
    // Workers still starting claim nothing: they are not waited for.
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return mergeReports(parts, job.examples, ended - started, workers.length + (mainThreadWorks ? 1 : 0));
}
