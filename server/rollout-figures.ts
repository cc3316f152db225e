/**
 * The figures of a rollout's live effect per side (issue 32, docs/decisions/044), as this server counts them
 * (server/rollout-metrics.ts) and as Prometheus sums every server's (server/rollout-prometheus.ts): counts of
 * homes and actions, and the same figures in distinct customers from their sketches (server/distinct-sketch.ts).
 */
import type { DistinctSketch } from './distinct-sketch';

/** The figures counted in distinct customers: the home itself, and per section shown, tapped, completed. */
export type DistinctFigure = 'home' | 'shown' | 'tapped' | 'completed';
export const DISTINCT_FIGURES: readonly DistinctFigure[] = ['home', 'shown', 'tapped', 'completed'];

/** Distinct customers per figure (section ids as keys; the home's own figure under `home`). */
export interface DistinctCustomers {
  home: number;
  shown: Record<string, number>;
  tapped: Record<string, number>;
  completed: Record<string, number>;
}

export const noCustomers = (): DistinctCustomers => ({ home: 0, shown: {}, tapped: {}, completed: {} });

/** The sketches of one side, by figure and section (the home's under section 'home'). */
export type SideSketches = Map<string, DistinctSketch>;
export const sketchKey = (figure: DistinctFigure, section: string): string => `${figure}\u0000${section}`;
/** A sketch key's figure and section. */
export const figureOfKey = (key: string): [DistinctFigure, string] =>
  key.split('\u0000') as [DistinctFigure, string];

/** Each figure's count from a side's sketches. */
export function customersOf(sketches: SideSketches | undefined): DistinctCustomers {
  const out = noCustomers();
  for (const [key, sketch] of sketches ?? []) {
    const [figure, section] = figureOfKey(key);
    const n = sketch.count();
    if (n === 0) continue;
    if (figure === 'home') out.home = n;
    else out[figure][section] = n;
  }
  return out;
}

/** One side's figures. */
export interface SideEffect {
  /** homes rendered for accounts on this side */
  homes: number;
  /** how many of those homes showed each section */
  shown: Record<string, number>;
  /** issue-log records of accounts on this side (RolloutGuard) */
  issues?: number;
  /** per section, how many times customers on this side tapped its action */
  tapped: Record<string, number>;
  /** per section, how many times customers on this side closed its alert */
  dismissed: Record<string, number>;
  /** per section, how many times a flow a section started reached its end */
  completed: Record<string, number>;
  /** the same figures in distinct customers (a sketch: near exact when few, about ±9 % when many) */
  customers: DistinctCustomers;
}

/** A side's figures before anything is counted, with its distinct customers from its sketches. */
export const emptySide = (sketches: SideSketches | undefined): SideEffect => ({
  homes: 0,
  shown: {},
  tapped: {},
  dismissed: {},
  completed: {},
  customers: customersOf(sketches),
});
