/**
 * The engine with the rollouts served beside the live rules (docs/decisions/044): each account is decided by
 * the runtime of its side, the same on the server's render and in the browser after navigation, since both
 * place the account with src/engine/rollout.ts. Without rollouts it is the live runtime itself.
 */
import { ruleHash } from './rule-hash';
import { placementOf, rulesetsFor, type Placement, type Rollout } from './rollout';
import { createRuntime, type Runtime, type RuntimeOptions } from './runtime';
import type { Rulesets } from './types';

/** Runtimes kept per combination of new sides; one rollout makes two, and no more than this are kept. */
const MAX_RUNTIMES = 8;

export interface AccountRuntime extends Runtime {
  /** The rollouts served with the live rules. */
  readonly rollouts: readonly Rollout[];
  /** Where the account stands in each rollout, and why. */
  placements(account: string | null | undefined): Placement[];
  /** The runtime of the account's side (the live runtime for an account on no new side). */
  forAccount(account: string | null | undefined): Runtime;
}

export function createAccountRuntime(
  live: Rulesets,
  rollouts: readonly Rollout[] = [],
  options: RuntimeOptions = {},
): AccountRuntime {
  const liveRuntime = createRuntime(live, options);
  const bySides = new Map<string, Runtime>();
  const forAccount = (account: string | null | undefined): Runtime => {
    if (rollouts.length === 0) return liveRuntime;
    const { rulesets, key } = rulesetsFor(live, rollouts, account);
    if (key === '') return liveRuntime;
    let runtime = bySides.get(key);
    if (!runtime) {
      runtime = createRuntime(rulesets, options);
      // The oldest combination goes first: a Map iterates in insertion order.
      if (bySides.size >= MAX_RUNTIMES) bySides.delete(bySides.keys().next().value!);
      bySides.set(key, runtime);
    }
    return runtime;
  };
  let version: string | undefined;
  return {
    rollouts,
    // The live rules' fingerprint and every rollout's share: the browser decides again when either differs
    // from the server's render (a share raised in between moves some accounts to the other side).
    get version() {
      return (version ??=
        rollouts.length === 0
          ? liveRuntime.version
          : ruleHash({
              live: liveRuntime.version,
              rollouts: rollouts.map((r) => [r.change, r.share, r.files]),
            }));
    },
    decide: (facts) => liveRuntime.decide(facts),
    decisions: (facts) => liveRuntime.decisions(facts),
    decideOrder: (facts, toggles) => liveRuntime.decideOrder(facts, toggles),
    decideItem: (facts, context) => liveRuntime.decideItem(facts, context),
    itemDecisions: (facts, context) => liveRuntime.itemDecisions(facts, context),
    placements: (account) => rollouts.map((r) => placementOf(r, account)),
    forAccount,
  };
}
