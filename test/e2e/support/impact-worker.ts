/**
 * A Web Worker running the impact core, as the rule studio does: built by Vite for the browser in
 * test/e2e/impact-worker.spec.ts. Messages in: {run: {base, draft, distributions, accounts}} or
 * {abort: true}; out: {progress}, then {report} or {error}.
 */
import { runImpact, type RunImpactInput } from '../../../src/impact/impact';

let controller: AbortController | null = null;

self.onmessage = (event: MessageEvent<{ run?: Record<string, unknown>; abort?: boolean }>) => {
  if (event.data.abort) {
    controller?.abort(new Error('aborted by the page'));
    return;
  }
  const run = event.data.run!;
  controller = new AbortController();
  runImpact({
    base: run.base as RunImpactInput['base'],
    draft: run.draft as RunImpactInput['draft'],
    population: { distributions: run.distributions, accounts: run.accounts as number },
    onProgress: (progress) => postMessage({ progress }),
    signal: controller.signal,
    sliceMs: 20,
  }).then(
    (report) => postMessage({ report }),
    (error: unknown) => postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
};
