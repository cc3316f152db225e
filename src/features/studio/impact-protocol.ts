/**
 * The messages between the studio page and its impact worker (impact.worker.ts). Plain data only: they
 * cross the worker boundary by structured clone.
 */
import type { HomeDecisions, ItemDecisions, Rulesets } from '../../engine/types';
import type { ImpactProgress, ImpactReport } from '../../impact/impact';

export type ToWorker =
  | {
      /**
       * Generate the population and decide it with the live rules, once (the studio sends it when it
       * opens): a run then decides the draft only. Sent again with other live rules, it starts over.
       */
      type: 'prepare';
      /** The rules customers have now (main's files). */
      base: Rulesets;
      /** rules/population/distributions.json as the live rules have it. */
      distributions: unknown;
      /** The worker's part of the population (merge.ts partRange): part `index` of `of`. */
      part: { index: number; of: number };
    }
  | {
      type: 'run';
      /** Names the run in the worker's answers. */
      id: number;
      base: Rulesets;
      /** The analyst's draft. */
      draft: Rulesets;
      distributions: unknown;
      part: { index: number; of: number };
    }
  /** Stop run `id` at its next slice of work (the prepared population is kept). */
  | { type: 'cancel'; id: number }
  /** One example account of run `id` under both rule sets. */
  | { type: 'account'; id: number; index: number }
  /** Run `id`'s result is no longer shown: its rules can go. */
  | { type: 'release'; id: number };

/** One account under both rule sets, for the example dialog. */
export interface ImpactAccount {
  index: number;
  label: string;
  facts: Record<string, unknown>;
  live: { decisions: HomeDecisions; orders: readonly ItemDecisions[]; tickets: readonly ItemDecisions[] };
  draft: { decisions: HomeDecisions; orders: readonly ItemDecisions[]; tickets: readonly ItemDecisions[] };
}

export type FromWorker =
  | { type: 'ready' }
  /** The population being prepared: accounts generated and decided with the live rules so far. */
  | { type: 'preparing'; done: number; total: number }
  /** The population is prepared (`ms`: the worker's time for it). */
  | { type: 'prepared'; ms: number }
  | { type: 'preparation-error'; problems: string[] }
  /** Run `id` starts deciding the draft (the population is prepared). */
  | { type: 'measuring'; id: number }
  | { type: 'progress'; id: number; progress: ImpactProgress }
  | { type: 'report'; id: number; report: ImpactReport }
  | { type: 'error'; id: number; problems: string[] }
  | { type: 'account'; id: number; account: ImpactAccount }
  | { type: 'account-error'; id: number; index: number; message: string };
