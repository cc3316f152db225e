/**
 * The rule studio's impact worker: the 100,000-account impact of the draft against the live rules
 * (src/impact/impact.ts runImpact, ADR 014), off the page's thread so the studio stays responsive, with
 * progress after each slice of work. The page cancels a run by terminating the worker. After a run it
 * answers for one example account at a time (compareAccount) with the same rules and population.
 */
import { parseDistributions } from '../../impact/distributions';
import {
  compareAccount,
  generatedPopulation,
  runImpact,
  ImpactInputError,
  type PopulationSource,
} from '../../impact/impact';
import type { Rulesets } from '../../engine/types';
import type { FromWorker, ToWorker } from './impact-protocol';

const post = (message: FromWorker): void => postMessage(message);

/** What the last run measured, for the example accounts. */
let last: { base: Rulesets; draft: Rulesets; population: PopulationSource } | null = null;

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'run') {
    let population: PopulationSource;
    try {
      population = generatedPopulation(parseDistributions(message.distributions));
    } catch (e) {
      post({ type: 'error', problems: [e instanceof Error ? e.message : String(e)] });
      return;
    }
    last = { base: message.base, draft: message.draft, population };
    runImpact({
      base: message.base,
      draft: message.draft,
      population,
      // Progress a few times a second is enough for a bar; fewer yields, less overhead.
      sliceMs: 100,
      onProgress: (progress) => post({ type: 'progress', progress }),
    }).then(
      (report) => post({ type: 'report', report }),
      (e: unknown) =>
        post({
          type: 'error',
          problems:
            e instanceof ImpactInputError ? [...e.problems] : [e instanceof Error ? e.message : String(e)],
        }),
    );
    return;
  }
  if (message.type === 'account') {
    if (!last) {
      post({ type: 'account-error', index: message.index, message: 'No impact was measured yet' });
      return;
    }
    try {
      const c = compareAccount(last.draft, last.base, last.population, message.index);
      post({
        type: 'account',
        account: { index: message.index, label: c.label, facts: c.facts, live: c.base, draft: c.current },
      });
    } catch (e) {
      post({
        type: 'account-error',
        index: message.index,
        message: e instanceof Error ? e.message : String(e),
      });
    }
  }
};

post({ type: 'ready' });
