/** What an impact report holds, and the rule changes it is about (rules added, removed or changed). */
import { ACCOUNT_LAYOUT } from '../engine/compile';
import { DECISIONS, type DecisionId } from '../engine/decisions';
import type { RuleCondition, RuleDefinition, Rulesets } from '../engine/types';

export interface Change {
  /** `+late-payment-alert`, `-first-bill-alert`, `none → soft`, `order changed`. */
  readonly change: string;
  readonly accounts: number;
  /** Indexes of the first example accounts. */
  readonly examples: readonly number[];
}

export interface DecisionImpact {
  readonly decision: DecisionId;
  /** Accounts whose decision changes. */
  readonly accounts: number;
  /** Most frequent first. */
  readonly changes: readonly Change[];
}

export interface Example {
  readonly index: number;
  /** How to find the account again (`#48213`: account 48213 of the seed; or its id or line). */
  readonly label: string;
  /** Its key facts: those the changed rules test, as the customer has them under the current rules. */
  readonly facts: Readonly<Record<string, unknown>>;
}

export interface RuleChange {
  readonly decision: DecisionId;
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly changed: readonly string[];
}

export interface ImpactReport {
  readonly population: Readonly<Record<string, unknown>>;
  readonly accounts: number;
  /**
   * Accounts that see a change: at least one changed decision other than toggles, constants and data
   * loading (whose changes show through the decisions reading them).
   */
  readonly changedAccounts: number;
  /** Decisions with at least one changed account, in decision order. */
  readonly decisions: readonly DecisionImpact[];
  readonly rules: readonly RuleChange[];
  /** The facts shown for each example: the kind of account, and the facts the changed rules test. */
  readonly keyFacts: readonly string[];
  readonly examples: readonly Example[];
  /**
   * Milliseconds: generating the accounts, deciding with each rule set, comparing, and the whole run. Run on
   * several threads (`threads`), each step's time is summed over them and may exceed the whole run's.
   */
  readonly timings: {
    generate: number;
    current: number;
    base: number;
    compare: number;
    total: number;
    threads?: number;
  };
}

/** Rules added, removed or changed per decision (by name). */
export function ruleChanges(current: Rulesets, base: Rulesets): RuleChange[] {
  const out: RuleChange[] = [];
  for (const { id } of DECISIONS) {
    const now = new Map(current[id].rules.map((r) => [r.name, JSON.stringify(r)]));
    const before = new Map(base[id].rules.map((r) => [r.name, JSON.stringify(r)]));
    const added = [...now.keys()].filter((n) => !before.has(n));
    const removed = [...before.keys()].filter((n) => !now.has(n));
    const changed = [...now.keys()].filter((n) => before.has(n) && before.get(n) !== now.get(n));
    if (added.length + removed.length + changed.length > 0)
      out.push({ decision: id, added, removed, changed });
  }
  return out;
}

function factsOfRule(rule: RuleDefinition | undefined, into: Set<string>): void {
  const walk = (c: RuleCondition): void => {
    if ('all' in c) c.all.forEach(walk);
    else if ('any' in c) c.any.forEach(walk);
    else if ('not' in c) walk(c.not);
    else into.add(c.fact);
  };
  if (rule) walk(rule.conditions);
}

/** What kind of account it is, then the account facts the changed rules test (in either version). */
export function keyFactsOf(changes: readonly RuleChange[], current: Rulesets, base: Rulesets): string[] {
  const names = new Set<string>(['accountNumberKind', 'accountStatus']);
  for (const c of changes) {
    for (const name of [...c.added, ...c.changed])
      factsOfRule(
        current[c.decision].rules.find((r) => r.name === name),
        names,
      );
    for (const name of [...c.removed, ...c.changed])
      factsOfRule(
        base[c.decision].rules.find((r) => r.name === name),
        names,
      );
  }
  return ACCOUNT_LAYOUT.filter((name) => names.has(name));
}
