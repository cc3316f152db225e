/**
 * Live effect of a rollout (issue 32 item 2, first part; docs/decisions/044): per rollout and side, how many
 * homes the server rendered and how often each home section was shown in them, as Prometheus counters in the
 * server's registry (server/metrics.ts), so `/metrics` exposes them and Prometheus sums every server's.
 * Labels are bounded: at most MAX_CHANGES rollouts, two sides, the declared section ids. No account identifier
 * is kept: an account is placed (src/engine/rollout.ts) and only its side is counted. These are renders, not
 * distinct customers: the distinct count (a sketch) is not built yet.
 */
import { Counter, type Registry } from 'prom-client';
import type { Placement, Side } from '../src/engine/rollout';

/** Rollout labels kept at most; renders for further ones are not counted. */
export const MAX_CHANGES = 20;

export interface SideEffect {
  /** homes rendered for accounts on this side */
  homes: number;
  /** how many of those homes showed each section */
  shown: Record<string, number>;
}

export class RolloutMetrics {
  private readonly homes: Counter<'change' | 'side'>;
  private readonly shown: Counter<'change' | 'side' | 'section'>;
  private readonly changes = new Set<string>();

  constructor(registry: Registry) {
    const registers = [registry];
    this.homes = new Counter({
      name: 'portal_rollout_homes_total',
      help: 'Homes rendered by the server for accounts on each side of a rollout',
      labelNames: ['change', 'side'],
      registers,
    });
    this.shown = new Counter({
      name: 'portal_rollout_sections_shown_total',
      help: 'Home sections shown in the homes rendered for each side of a rollout',
      labelNames: ['change', 'side', 'section'],
      registers,
    });
  }

  /** One home rendered: its account's place in each rollout, and the sections it showed. */
  rendered(placements: readonly Placement[], sections: readonly string[]): void {
    for (const p of placements) {
      if (!this.changes.has(p.change)) {
        if (this.changes.size >= MAX_CHANGES) continue;
        this.changes.add(p.change);
      }
      this.homes.inc({ change: p.change, side: p.side });
      for (const section of new Set(sections)) this.shown.inc({ change: p.change, side: p.side, section });
    }
  }

  /** This server's counts for one rollout, per side. */
  async effect(change: string): Promise<Record<Side, SideEffect>> {
    const out: Record<Side, SideEffect> = { live: { homes: 0, shown: {} }, new: { homes: 0, shown: {} } };
    for (const v of (await this.homes.get()).values) {
      if (v.labels.change === change && (v.labels.side === 'live' || v.labels.side === 'new'))
        out[v.labels.side].homes += v.value;
    }
    for (const v of (await this.shown.get()).values) {
      const { side, section } = v.labels;
      if (v.labels.change === change && (side === 'live' || side === 'new') && typeof section === 'string')
        out[side].shown[section] = (out[side].shown[section] ?? 0) + v.value;
    }
    return out;
  }
}
