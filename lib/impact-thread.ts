/**
 * A worker thread of rules:impact (lib/impact-threads.ts): claims and measures parts of the population
 * until none is left, posting each part's report to the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { measureClaimedParts, type ImpactJob } from './impact-part';

const { job, counter } = workerData as { job: ImpactJob; counter: SharedArrayBuffer };
measureClaimedParts(job, new Int32Array(counter), (part) => parentPort!.postMessage(part));
