/**
 * A rule studio's impact worker: the 100,000-account impact of the draft against the live rules
 * (src/impact/impact.ts, ADR 014 and 019), off the page's thread so the studio stays responsive. One worker
 * per core serves the studio while it is open (impact-client.ts), each with its part of the population: it
 * prepares that part once (generated, then decided with the
 * live rules: prepareBaseline), keyed by the live rules and the distributions, so a run decides only the
 * draft against it (runDraftImpact). A cancel stops a run at its next slice and keeps the population; a run it
 * reaches too late is dropped with its accounts.
 * After a run it answers for one example account at a time (compareAccount) with that run's rules.
 */
import {
  compareAccount,
  prepareBaseline,
  runDraftImpact,
  ImpactInputError,
  type ImpactBaseline,
} from '../../impact/impact';
import type { Rulesets } from '../../engine/types';
import type { FromWorker, ToWorker } from './impact-protocol';

const post = (message: FromWorker): void => postMessage(message);
const problemsOf = (e: unknown): string[] =>
  e instanceof ImpactInputError ? [...e.problems] : [e instanceof Error ? e.message : String(e)];

/** The prepared population, for the live rules and distributions named by `key`. */
let prepared: { key: string; baseline: Promise<ImpactBaseline>; stop: AbortController } | null = null;

type Part = { index: number; of: number };

function prepare(base: Rulesets, distributions: unknown, part: Part): Promise<ImpactBaseline> {
  const key = JSON.stringify([base, distributions, part]);
  if (prepared?.key === key) return prepared.baseline;
  prepared?.stop.abort();
  const stop = new AbortController();
  const started = performance.now();
  const baseline = prepareBaseline({
    base,
    population: { distributions },
    part,
    signal: stop.signal,
    // Coarse steps: a bar needs a few updates a second, not one per chunk.
    sliceMs: 150,
    onProgress: ({ done, total }) => post({ type: 'preparing', done, total }),
  });
  baseline.then(
    () => post({ type: 'prepared', ms: Math.round(performance.now() - started) }),
    (e: unknown) => {
      if (!stop.signal.aborted) post({ type: 'preparation-error', problems: problemsOf(e) });
    },
  );
  prepared = { key, baseline, stop };
  return baseline;
}

/** Runs under way (to cancel) and finished (for their example accounts), by id. */
const running = new Map<number, AbortController>();
const finished = new Map<number, { base: Rulesets; draft: Rulesets; baseline: ImpactBaseline }>();

async function run(message: Extract<ToWorker, { type: 'run' }>): Promise<void> {
  const { id, draft } = message;
  const stop = new AbortController();
  running.set(id, stop);
  try {
    const baseline = await prepare(message.base, message.distributions, message.part);
    // A turn of the event loop first: a cancel posted right after the run is seen before any work (a
    // prepared run can finish within its first slice).
    await new Promise((resolve) => setTimeout(resolve, 0));
    stop.signal.throwIfAborted();
    post({ type: 'measuring', id });
    const report = await runDraftImpact({
      baseline,
      draft,
      signal: stop.signal,
      sliceMs: 100,
      onProgress: (progress) => post({ type: 'progress', id, progress }),
    });
    finished.set(id, { base: baseline.base, draft, baseline });
    post({ type: 'report', id, report });
  } catch (e) {
    if (!stop.signal.aborted) post({ type: 'error', id, problems: problemsOf(e) });
  } finally {
    running.delete(id);
  }
}

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  switch (message.type) {
    case 'prepare':
      void prepare(message.base, message.distributions, message.part).catch(() => {});
      return;
    case 'run':
      void run(message);
      return;
    case 'cancel':
      // Under way: it stops at its next slice. Already finished (the cancel crossed its report on the way):
      // the page has forgotten it, so its accounts are not kept either.
      running.get(message.id)?.abort();
      finished.delete(message.id);
      return;
    case 'release':
      finished.delete(message.id);
      return;
    case 'account': {
      const { id, index } = message;
      const known = finished.get(id);
      if (!known) {
        post({ type: 'account-error', id, index, message: 'This measurement is no longer kept' });
        return;
      }
      try {
        const c = compareAccount(known.draft, known.base, known.baseline.population, index);
        post({
          type: 'account',
          id,
          account: { index, label: c.label, facts: c.facts, live: c.base, draft: c.current },
        });
      } catch (e) {
        post({ type: 'account-error', id, index, message: e instanceof Error ? e.message : String(e) });
      }
    }
  }
};

post({ type: 'ready' });
