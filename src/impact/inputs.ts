/** What the studio's entry points of the impact (runImpact, prepareBaseline, runDraftImpact) are given. */
import type { Rulesets } from '../engine/types';
import type { ImpactBaseline, ImpactProgress } from './impact';
import type { PopulationInput } from './sources';

export interface RunImpactInput {
  /** The rules measured against: what customers have now (main's rule files), by decision. */
  readonly base: Rulesets;
  /** The edited rules, by decision. */
  readonly draft: Rulesets;
  readonly population: PopulationInput;
  /** Called after each slice of work, and once when every account is done. */
  readonly onProgress?: (progress: ImpactProgress) => void;
  /** Aborting it stops the run at the next slice: the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** Example accounts kept per change (default 3). */
  readonly examples?: number;
  /** Milliseconds of work between two yields (default 50): how often progress is reported and an abort seen. */
  readonly sliceMs?: number;
  /** The clock (default performance.now). */
  readonly now?: () => number;
}

export interface PrepareBaselineInput {
  /** The rules measured against (the live rules). */
  readonly base: Rulesets;
  readonly population: PopulationInput;
  /** Called after each slice: accounts generated and decided so far, of total. */
  readonly onProgress?: (progress: { done: number; total: number }) => void;
  readonly signal?: AbortSignal;
  /** Milliseconds of work between two yields (default 50). */
  readonly sliceMs?: number;
  readonly now?: () => number;
  /** Part `index` of `of` equal parts of the population (merge.ts partRange): one Web Worker's share. */
  readonly part?: { readonly index: number; readonly of: number };
}

export interface RunDraftInput {
  /** The population decided with the live rules (prepareBaseline, finished). */
  readonly baseline: ImpactBaseline;
  /** The edited rules, by decision. */
  readonly draft: Rulesets;
  readonly onProgress?: (progress: ImpactProgress) => void;
  readonly signal?: AbortSignal;
  readonly examples?: number;
  readonly sliceMs?: number;
  readonly now?: () => number;
}
