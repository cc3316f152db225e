/**
 * How the impact report compares two decisions of an account: a cheap test first (the compiled rules give
 * equal answers as one shared object, so most comparisons are of references), then the changes in words
 * (`+late-payment-alert`, `none → soft`, `moved no-email-alert`), each kind of outcome read as its
 * declaration says (src/engine/declare.ts): nothing here names a decision.
 */
import { DECISIONS, HISTORY_ACTIONS, type AnyDeclaration, type DecisionId } from '../engine/decisions';
import type { OutcomeSpec } from '../engine/declare';
import type { HomeDecisions, ItemDecisions } from '../engine/types';

export type Reading = (
  | { kind: 'value'; of: (d: HomeDecisions) => string }
  | { kind: 'list'; of: (d: HomeDecisions) => readonly string[] }
) & {
  /**
   * The part of the decisions the reading comes from, when the compiled rules share it between accounts
   * (src/engine/compile.ts builds such answers once): the changes between two parts are then worked out
   * once per pair.
   */
  part?: (d: HomeDecisions) => object;
};

/** Decisions made per order or ticket: compared item by item (itemChanges). */

function sameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function sameRecord<K extends string>(
  keys: readonly K[],
  a: Record<K, unknown>,
  b: Record<K, unknown>,
): boolean {
  if (a === b) return true;
  for (const k of keys) if (a[k] !== b[k]) return false;
  return true;
}

/** changesOf, worked out once per pair of shared parts. */
function cached(reading: Reading): (current: HomeDecisions, base: HomeDecisions) => string[] {
  const part = reading.part;
  if (!part) return (current, base) => changesOf(reading, current, base);
  const pairs = new Map<object, Map<object, string[]>>();
  return (current, base) => {
    const a = part(current);
    const b = part(base);
    let row = pairs.get(a);
    if (!row) pairs.set(a, (row = new Map<object, string[]>()));
    let keys = row.get(b);
    if (!keys) row.set(b, (keys = changesOf(reading, current, base)));
    return keys;
  };
}

/** Items of both lists that changed place: those outside a longest common subsequence. */
function moved(before: readonly string[], now: readonly string[]): string[] {
  const common = now.filter((x) => before.includes(x));
  const old = before.filter((x) => now.includes(x));
  // lcs[i][j]: the longest common subsequence of old[i..] and common[j..].
  const lcs = Array.from({ length: old.length + 1 }, () => new Array<number>(common.length + 1).fill(0));
  for (let i = old.length - 1; i >= 0; i--)
    for (let j = common.length - 1; j >= 0; j--)
      lcs[i]![j] =
        old[i] === common[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const stay = new Set<string>();
  for (let i = 0, j = 0; i < old.length && j < common.length;) {
    if (old[i] === common[j]) {
      stay.add(old[i]!);
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) i++;
    else j++;
  }
  return common.filter((x) => !stay.has(x));
}

/** What changed from `base` to `current` for one account, as change keys. */
function changesOf(reading: Reading, current: HomeDecisions, base: HomeDecisions): string[] {
  if (reading.kind === 'value') return [`${reading.of(base)} → ${reading.of(current)}`];
  const now = reading.of(current);
  const before = reading.of(base);
  return [
    ...now.filter((x) => !before.includes(x)).map((x) => `+${x}`),
    ...before.filter((x) => !now.includes(x)).map((x) => `-${x}`),
    ...moved(before, now).map((x) => `moved ${x}`),
  ];
}

const NOTHING_OFFERED: ItemDecisions = {
  appointmentMessages: false,
  actions: Object.fromEntries(HISTORY_ACTIONS.map((a) => [a, false])) as ItemDecisions['actions'],
};

/**
 * What changed for an account's orders or tickets, per per-item decision: `+Appointment Messages link
 * (order)`, `-reschedule (ticket)`; each change once per account however many of its items it concerns.
 * An item listed under one rule set only (the history loaded under one) offers nothing under the other.
 */
export function itemChanges(
  current: readonly ItemDecisions[],
  base: readonly ItemDecisions[],
  kind: 'order' | 'ticket',
  into: { messages: Set<string>; actions: Set<string> },
): void {
  const n = Math.max(current.length, base.length);
  for (let i = 0; i < n; i++) {
    const now = current[i] ?? NOTHING_OFFERED;
    const before = base[i] ?? NOTHING_OFFERED;
    // The compiled rules give equal item decisions as one object.
    if (now === before) continue;
    if (now.appointmentMessages !== before.appointmentMessages)
      into.messages.add(`${now.appointmentMessages ? '+' : '-'}Appointment Messages link (${kind})`);
    for (const action of HISTORY_ACTIONS)
      if (now.actions[action] !== before.actions[action])
        into.actions.add(`${now.actions[action] ? '+' : '-'}${action} (${kind})`);
  }
}

const onOf = (record: Record<string, boolean>): string[] => Object.keys(record).filter((k) => record[k]);
type Get = (d: HomeDecisions) => unknown;

/** How a decision reads in the report: one value, or a list of items (compared as shown, in order). */
function readingOf(o: OutcomeSpec, get: Get): Reading {
  const part = (d: HomeDecisions) => get(d) as object;
  switch (o.type) {
    case 'value': {
      const label = (v: unknown): string => o.labels?.[String(v)] ?? String(v);
      const wrap = o.wrap;
      if (wrap === null) return { kind: 'value', of: (d) => label(get(d)) };
      return { kind: 'value', of: (d) => label((get(d) as Record<string, unknown>)[wrap]), part };
    }
    case 'first-or-null':
      return {
        kind: 'value',
        of: (d) => String((get(d) as Record<string, string> | null)?.[o.field] ?? 'none'),
      };
    case 'params':
      // A decision read as one value (the home view) or as a list (the navigation's items), as declared.
      return typeof o.reading(o.fallback as never) === 'string'
        ? { kind: 'value', part, of: (d) => o.reading(get(d) as never) as string }
        : { kind: 'list', part, of: (d) => o.reading(get(d) as never) as readonly string[] };
    case 'flags':
      return { kind: 'list', of: (d) => onOf(get(d) as Record<string, boolean>), part };
    case 'lookup':
      return {
        kind: 'list',
        part,
        of: (d) => {
          const r = get(d) as Record<string, unknown>;
          return typeof o.fallback === 'boolean'
            ? onOf(r as Record<string, boolean>)
            : Object.entries(r).map(([k, v]) => `${k} ${String(v)}`);
        },
      };
    case 'list':
    case 'union':
      return { kind: 'list', of: (d) => (get(d) as Record<string, string[]>)[o.wrap]!, part };
    case 'placements':
      return {
        kind: 'list',
        part,
        of: (d) =>
          (get(d) as { section: string; params: { variant?: string } }[]).map((s) =>
            s.params.variant ? `${s.section} (${s.params.variant})` : s.section,
          ),
      };
  }
}

/** Whether an account's two decisions read the same (the shared answers first). */
function sameOf(o: OutcomeSpec, reading: Reading, get: Get): (a: HomeDecisions, b: HomeDecisions) => boolean {
  if (o.type === 'flags') return (a, b) => sameRecord(o.names, get(a) as never, get(b) as never);
  if (o.type === 'lookup') return (a, b) => sameRecord(o.keys, get(a) as never, get(b) as never);
  if (reading.kind === 'value') return (a, b) => get(a) === get(b) || reading.of(a) === reading.of(b);
  return (a, b) => get(a) === get(b) || sameList(reading.of(a), reading.of(b));
}

/**
 * Per account decision: its id, the cheap test, its changes in words, and whether a customer sees it
 * (toggles, constants and data loading show only through the decisions reading them). A decision shown only
 * on part of the screen (the full home's sections) counts only when both rule sets show that part.
 */
const ACCOUNT_DECISIONS = DECISIONS.filter(
  (d): d is Exclude<AnyDeclaration, { stage: 'order' }> => d.stage !== 'order',
).map((d) => {
  const get: Get = (x) => (x as Record<string, unknown>)[d.key];
  return { d, get, reading: readingOf(d.outcome, get) };
});

/**
 * Per account decision: its id, the cheap test, its changes in words, and whether a customer sees it
 * (toggles, constants and data loading show only through the decisions reading them). A decision shown only
 * on part of the screen (the full home's sections) counts only when both rule sets show that part.
 */
export const COMPARED = ACCOUNT_DECISIONS.map(({ d, get, reading }) => {
  const same = sameOf(d.outcome, reading, get);
  const shownWhen = 'shownWhen' in d ? (d.shownWhen as (all: HomeDecisions) => boolean) : null;
  const test = shownWhen
    ? (a: HomeDecisions, b: HomeDecisions) => !shownWhen(a) || !shownWhen(b) || same(a, b)
    : same;
  // The last: whether the test reads other decisions than this one (what part of the screen shows).
  return [
    d.id,
    test,
    cached(reading),
    !('unseen' in d && d.unseen === true),
    d.key,
    shownWhen !== null,
  ] as const;
});

/**
 * Each decision of an account as the report reads it (the labels of its changes: '2 (almost expired)',
 * the sections in order): the studio's preview shows decisions in the same words.
 */
export function readDecisions(
  x: HomeDecisions,
): { decision: DecisionId; value: string | null; list: readonly string[] | null }[] {
  return ACCOUNT_DECISIONS.map(({ d, reading }) =>
    reading.kind === 'value'
      ? { decision: d.id, value: reading.of(x), list: null }
      : { decision: d.id, value: null, list: reading.of(x) },
  );
}
