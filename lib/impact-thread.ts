/**
 * rules:impact's thread module, bundled (lib/impact-thread-bundle.ts): in a worker thread it claims and
 * measures parts of the population until none is left, posting each part's report to the main thread; the
 * main thread imports the same bundle for its own share (lib/impact-threads.ts), so every thread runs the
 * bundled code rather than the sources through tsx (about a third slower per account, ADR 029).
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { measureClaimedParts, type ImpactJob } from './impact-part';

export { measureClaimedParts };

/** What lib/impact-threads.ts hands a worker thread it starts on this module. */
export interface ImpactThreadData {
  readonly rulesImpact: { readonly job: ImpactJob; readonly counter: SharedArrayBuffer };
}

// A worker thread started for an impact run (not any other worker that imports this module: a test runner's).
const data = isMainThread ? undefined : (workerData as Partial<ImpactThreadData> | undefined);
if (data?.rulesImpact && parentPort) {
  const { job, counter } = data.rulesImpact;
  measureClaimedParts(job, new Int32Array(counter), (part) => parentPort!.postMessage(part));
}
