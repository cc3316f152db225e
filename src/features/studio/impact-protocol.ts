/**
 * The messages between the studio page and its impact worker (impact.worker.ts). Plain data only: they
 * cross the worker boundary by structured clone.
 */
import type { HomeDecisions, ItemDecisions, Rulesets } from '../../engine/types';
import type { ImpactProgress, ImpactReport } from '../../impact/impact';

export type ToWorker =
  | {
      type: 'run';
      /** The rules customers have now (main's files). */
      base: Rulesets;
      /** The analyst's draft. */
      draft: Rulesets;
      /** rules/population/distributions.json as the live rules have it. */
      distributions: unknown;
    }
  | { type: 'account'; index: number };

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
  | { type: 'progress'; progress: ImpactProgress }
  | { type: 'report'; report: ImpactReport }
  | { type: 'error'; problems: string[] }
  | { type: 'account'; account: ImpactAccount }
  | { type: 'account-error'; index: number; message: string };
