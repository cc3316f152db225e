/**
 * Live effect of a rollout (issue 32 item 2, first part; docs/decisions/044): per rollout and side, how many
 * homes the server rendered and how often each home section was shown in them, as Prometheus counters in the
 * server's registry (server/metrics.ts), so `/metrics` exposes them and Prometheus sums every server's.
 * Labels are bounded: at most MAX_CHANGES rollouts, two sides, the declared section ids. No account identifier
 * is kept: an account is placed (src/engine/rollout.ts) and only its side is counted. Beside the counts of
 * homes and actions, the distinct customers of each figure: a HyperLogLog sketch per figure (server/distinct-
 * sketch.ts) whose registers are exposed as gauges, which Prometheus keeps and the studio merges over every
 * server and restart. What customers did with a section (a tap on its action, the close of its alert, the
 * flow it started completed) comes from the browser (POST /effect, server/plugins/effect.ts).
 */
import { randomUUID } from 'node:crypto';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { FastifyBaseLogger } from 'fastify';
import { placementOf, type Placement, type Side } from '../src/engine/rollout';
import { SECTION_ACTIONS, type SectionAction } from '../src/engine/rollout-effect';
import { SECTIONS } from '../src/engine/declarations/home';
import type { PortalMetrics } from './metrics';
import type { RulesCache } from './rules-cache';
import type { RulesRepo } from './studio/studio-repo';
import { prometheusEffect, type PrometheusSource } from './rollout-prometheus';
import { DistinctSketch, PARTS } from './distinct-sketch';
import {
  emptySide,
  figureOfKey,
  sketchKey,
  type DistinctFigure,
  type SideEffect,
  type SideSketches,
} from './rollout-figures';

/** Rollout labels kept at most; renders for further ones are not counted. */
export const MAX_CHANGES = 20;

const SIDES: readonly Side[] = ['live', 'new'];

/** This process' lifetime, as the sketches' gauges name it: a restart's registers never overwrite the last's. */
const BOOT = randomUUID().slice(0, 8);

export class RolloutMetrics {
  private readonly homes: Counter<'change' | 'side'>;
  private readonly shown: Counter<'change' | 'side' | 'section'>;
  private readonly actions: Counter<'change' | 'side' | 'section' | 'action'>;
  private readonly changes = new Set<string>();
  /** Per rollout: the share's setAt its sketches count since, and each side's sketches. */
  private readonly sketches = new Map<string, { set: string; sides: Record<Side, SideSketches> }>();

  /**
   * `changes`: the rollouts served now. At each scrape their series are primed at zero (prime), so Prometheus
   * sees every series start from nothing and counts its first increments (server/rollout-prometheus.ts).
   */
  constructor(registry: Registry, changes: () => readonly string[] = () => []) {
    const registers = [registry];
    this.homes = new Counter({
      name: 'portal_rollout_homes_total',
      help: 'Homes shown to accounts on each side of a rollout (rendered by the server, or by the browser after a navigation)',
      labelNames: ['change', 'side'],
      registers,
      collect: () => {
        try {
          this.prime(changes());
        } catch {
          // The rules could not be read: the scrape goes on with what is counted.
        }
      },
    });
    this.shown = new Counter({
      name: 'portal_rollout_sections_shown_total',
      help: 'Home sections shown in the homes shown to each side of a rollout',
      labelNames: ['change', 'side', 'section'],
      registers,
    });
    this.actions = new Counter({
      name: 'portal_rollout_section_actions_total',
      help: "Customers' taps on a home section's action and closes of its alert, on each side of a rollout",
      labelNames: ['change', 'side', 'section', 'action'],
      registers,
    });
    const sketches = this.sketches;
    new Gauge({
      name: 'portal_rollout_customers_sketch',
      help: 'Distinct customers per side of a rollout: HyperLogLog registers, 8 of 6 bits packed per value (server/distinct-sketch.ts); merged by the maximum per register',
      labelNames: ['change', 'set', 'side', 'what', 'section', 'boot', 'part'],
      registers,
      collect() {
        this.reset();
        let served: ReadonlySet<string>;
        try {
          served = new Set(changes());
        } catch {
          served = new Set(sketches.keys());
        }
        for (const [change, { set, sides }] of sketches) {
          // A rollout no longer served: its sketches go (Prometheus keeps what it scraped).
          if (!served.has(change)) {
            sketches.delete(change);
            continue;
          }
          for (const side of SIDES)
            for (const [key, sketch] of sides[side]) {
              const [what, section] = figureOfKey(key);
              for (let part = 0; part < PARTS; part += 1) {
                const value = sketch.packed(part);
                if (value > 0)
                  this.set({ change, set, side, what, section, boot: BOOT, part: String(part) }, value);
              }
            }
        }
      },
    });
  }

  /** One account in a figure's sketch of its side (the account is hashed there and not kept). */
  private sketch(p: Placement, figure: DistinctFigure, section: string, account: string): void {
    let entry = this.sketches.get(p.change);
    // A share set again starts its figures afresh, as the studio's counts since the share was set do.
    if (!entry || entry.set !== p.setAt) {
      entry = { set: p.setAt, sides: { live: new Map(), new: new Map() } };
      this.sketches.set(p.change, entry);
    }
    const key = sketchKey(figure, section);
    const side = entry.sides[p.side];
    let sketch = side.get(key);
    if (!sketch) side.set(key, (sketch = new DistinctSketch()));
    sketch.add(account);
  }

  /** The rollouts this server counts. */
  primed(): string[] {
    return [...this.changes];
  }

  /** Is this change counted (at most MAX_CHANGES labels)? */
  private counts(change: string): boolean {
    if (this.changes.has(change)) return true;
    if (this.changes.size >= MAX_CHANGES) return false;
    this.changes.add(change);
    return true;
  }

  /** Every series of these rollouts exists, at zero if nothing was counted yet (bounded as the counts are). */
  prime(changes: readonly string[]): void {
    for (const change of changes) {
      if (!this.counts(change)) continue;
      for (const side of SIDES) {
        this.homes.inc({ change, side }, 0);
        for (const section of SECTIONS) {
          this.shown.inc({ change, side, section }, 0);
          for (const action of SECTION_ACTIONS) this.actions.inc({ change, side, section, action }, 0);
        }
      }
    }
  }

  /**
   * One home rendered: its account's place in each rollout, and the sections it showed. `account` (the
   * managed account's number) enters the distinct customers' sketches, hashed, and is not kept.
   */
  rendered(placements: readonly Placement[], sections: readonly string[], account?: string | null): void {
    const distinct = new Set(sections);
    for (const p of placements) {
      if (!this.counts(p.change)) continue;
      this.homes.inc({ change: p.change, side: p.side });
      for (const section of distinct) this.shown.inc({ change: p.change, side: p.side, section });
      if (account) {
        this.sketch(p, 'home', 'home', account);
        for (const section of distinct) this.sketch(p, 'shown', section, account);
      }
    }
  }

  /**
   * A customer tapped a section's action, closed its alert or completed the flow it started (the section id
   * is one the rules declare); taps and completions count in distinct customers too.
   */
  acted(
    placements: readonly Placement[],
    section: string,
    action: SectionAction,
    account?: string | null,
  ): void {
    for (const p of placements) {
      if (!this.counts(p.change)) continue;
      this.actions.inc({ change: p.change, side: p.side, section, action });
      if (account && (action === 'tapped' || action === 'completed'))
        this.sketch(p, action, section, account);
    }
  }

  /** This server's counts for one rollout, per side. */
  async effect(change: string): Promise<Record<Side, SideEffect>> {
    const sketches = this.sketches.get(change)?.sides;
    const out: Record<Side, SideEffect> = { live: emptySide(sketches?.live), new: emptySide(sketches?.new) };
    for (const v of (await this.homes.get()).values) {
      if (v.labels.change === change && (v.labels.side === 'live' || v.labels.side === 'new'))
        out[v.labels.side].homes += v.value;
    }
    for (const v of (await this.shown.get()).values) {
      const { side, section } = v.labels;
      if (
        v.labels.change === change &&
        (side === 'live' || side === 'new') &&
        typeof section === 'string' &&
        v.value > 0
      )
        out[side].shown[section] = (out[side].shown[section] ?? 0) + v.value;
    }
    for (const v of (await this.actions.get()).values) {
      const { side, section, action } = v.labels;
      if (v.labels.change !== change || (side !== 'live' && side !== 'new') || typeof section !== 'string')
        continue;
      const into = (SECTION_ACTIONS as readonly unknown[]).includes(action)
        ? out[side][action as SectionAction]
        : null;
      if (into && v.value > 0) into[section] = (into[section] ?? 0) + v.value;
    }
    return out;
  }
}

/** When the guard sends a rollout back to 0 %: the new side's error rate over the live side's, and how many. */
export interface GuardSettings {
  /** the new side's issues per home may be at most this many times the live side's */
  factor: number;
  /** no verdict before the new side has this many issue-log records */
  minErrors: number;
}

/**
 * Issue 32 item 3: counts the issue-log records of accounts on each side (the record names its account; only
 * the side is kept) and, when the new side's records per home exceed the live side's by `factor` with at least
 * `minErrors` of them, sets the rollout to 0 % by itself through `stop` (the studio's repository: a commit
 * by the guard, with the figures as its reason). One stop per rollout at a time.
 */
export class RolloutGuard {
  private readonly issues: Counter<'change' | 'side'>;
  private readonly stopping = new Set<string>();

  constructor(
    registry: Registry,
    private readonly metrics: RolloutMetrics,
    private readonly place: (account: string) => Placement[],
    private readonly stop: (change: string, reason: string) => Promise<unknown>,
    private readonly settings: GuardSettings | undefined,
    private readonly onError: (e: unknown) => void = () => undefined,
  ) {
    this.issues = new Counter({
      name: 'portal_rollout_issues_total',
      help: 'Issue-log records of accounts on each side of a rollout',
      labelNames: ['change', 'side'],
      registers: [registry],
      collect: () => {
        for (const change of this.metrics.primed())
          for (const side of SIDES) this.issues.inc({ change, side }, 0);
      },
    });
  }

  /** One issue-log record as the browser or the server's render sent it up. */
  record(body: Buffer): void {
    let account: unknown;
    try {
      account = (JSON.parse(body.toString('utf8')) as { accountNumber?: unknown }).accountNumber;
    } catch {
      return;
    }
    if (typeof account !== 'string' || account === '') return;
    for (const p of this.place(account)) {
      if (p.share <= 0) continue;
      this.issues.inc({ change: p.change, side: p.side });
      if (p.side === 'new') void this.judge(p.change);
    }
  }

  /** Per side, this server's issue-log records of a rollout. */
  async errors(change: string): Promise<Record<Side, number>> {
    const out: Record<Side, number> = { live: 0, new: 0 };
    for (const v of (await this.issues.get()).values)
      if (v.labels.change === change && (v.labels.side === 'live' || v.labels.side === 'new'))
        out[v.labels.side] += v.value;
    return out;
  }

  private async judge(change: string): Promise<void> {
    const settings = this.settings;
    // No thresholds configured (a test's studio configuration without them): counted, never judged.
    if (!settings || this.stopping.has(change)) return;
    const errors = await this.errors(change);
    if (errors.new < settings.minErrors) return;
    const homes = await this.metrics.effect(change);
    const rate = (n: number, of: number) => n / Math.max(1, of);
    const newRate = rate(errors.new, homes.new.homes);
    const liveRate = rate(errors.live, homes.live.homes);
    if (newRate <= settings.factor * liveRate) return;
    this.stopping.add(change);
    const reason =
      `The guard set the rollout to 0 %: ${errors.new} issue-log records for ${homes.new.homes} homes on the new side ` +
      `(${newRate.toFixed(2)} a home) against ${errors.live} for ${homes.live.homes} on the live side ` +
      `(${liveRate.toFixed(2)}), over ${settings.factor} times as many`;
    try {
      await this.stop(change, reason);
    } catch (e) {
      this.onError(e);
    } finally {
      this.stopping.delete(change);
    }
  }
}

/** Who the guard's commits name. */
const ROLLOUT_GUARD = { id: 'rollout-guard', name: 'Rollout guard', email: 'studio@localhost' };

/**
 * The server's watch over its rollouts: the counts of what it rendered per side, the guard on the issue log
 * (which sets a share to 0 % through the studio's repository, so every server and the history see it), and
 * the figures the studio shows.
 */
/** The live effect the studio shows: every server's (Prometheus) or, failing that, this server's own. */
export interface LiveEffect {
  sides: Record<Side, SideEffect>;
  /** 'prometheus': every server's counts since the share was set; 'server': this server's since it started */
  source: 'prometheus' | 'server';
  /** when the share was set (the start of Prometheus' counts) */
  since?: string;
  /** why Prometheus' counts are not shown (it is not configured, or did not answer) */
  problem?: string;
}

export function rolloutWatch(
  metrics: PortalMetrics,
  rules: RulesCache,
  repo: RulesRepo,
  {
    settings,
    log,
    prometheus,
  }: {
    settings?: GuardSettings | undefined;
    log?: FastifyBaseLogger;
    prometheus?: PrometheusSource | undefined;
  },
) {
  const counts = new RolloutMetrics(metrics.registry, () => rules.rollouts().map((r) => r.change));
  /** Every served rollout's placement of an account (only its side is ever kept). */
  const place = (account: string): Placement[] => rules.rollouts().map((r) => placementOf(r, account));
  const guard = new RolloutGuard(
    metrics.registry,
    counts,
    place,
    (change, reason) =>
      repo.setShare(change, 0, ROLLOUT_GUARD, reason.slice(0, 500), new Date().toISOString()),
    settings,
    (e) => log?.warn({ err: e }, 'the rollout guard could not set a rollout to 0 %'),
  );
  const ownEffect = async (change: string): Promise<Record<Side, SideEffect>> => {
    const [effect, issues] = await Promise.all([counts.effect(change), guard.errors(change)]);
    return { live: { ...effect.live, issues: issues.live }, new: { ...effect.new, issues: issues.new } };
  };
  let prometheusDown = false;
  return {
    metrics: counts,
    guard,
    /** The browser's reports name the account: placed here as the guard places it. */
    place,
    /** A home the browser showed after a navigation, counted as a rendered one. */
    shown: (placements: readonly Placement[], sections: readonly string[], account?: string): void =>
      counts.rendered(placements, sections, account),
    /** A customer's tap, close or completed flow, counted for the account's side of each rollout. */
    acted: (
      placements: readonly Placement[],
      section: string,
      action: SectionAction,
      account?: string,
    ): void => counts.acted(placements, section, action, account),
    effect: async (change: string): Promise<LiveEffect> => {
      const rollout = rules.rollouts().find((r) => r.change === change);
      if (prometheus && rollout) {
        try {
          const sides = await prometheusEffect(prometheus, change, rollout.setAt);
          if (prometheusDown) log?.info('Prometheus answers the rollouts’ live effect again');
          prometheusDown = false;
          return { sides, source: 'prometheus', since: rollout.setAt };
        } catch (e) {
          const problem = e instanceof Error ? e.message : String(e);
          // Once per outage, at warn: the studio falls back to this server's counts and says why.
          if (!prometheusDown) log?.warn({ problem }, 'Prometheus did not give the rollouts’ live effect');
          prometheusDown = true;
          return { sides: await ownEffect(change), source: 'server', problem };
        }
      }
      return { sides: await ownEffect(change), source: 'server' };
    },
  };
}
