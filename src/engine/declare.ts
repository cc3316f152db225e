/**
 * How a decision is declared, once (docs/decisions/026): its id (rules/<id>.json), kind, event, stage, the
 * field of HomeDecisions (or ItemDecisions) it fills, how the matching rules' params become that field (its
 * outcome), the decided facts it feeds to later stages and the line the preview prints. The runtime's stages,
 * the compiled evaluator, the rule cases, fact scoping, the vocabulary's decided facts, the impact report and
 * the preview all read the declarations (src/engine/decisions.ts lists them), and the types of the decisions
 * are inferred from them: adding a decision is a declaration, its rule file, its cases and what renders it.
 *
 * Plain data and small pure functions, browser-safe: the runtime in the first load of /home reads it.
 */
import type { FactType } from '../facts/names';

export type DecisionKind = 'first-match' | 'all-ordered' | 'lookup';

/** A JSON Schema fragment (plain data) describing an event's params. */
export type JsonSchema = Record<string, unknown>;

/** 0 runs first; a decision may test the decided facts of lower stages. 'order' decisions run per item. */
export type Stage = 0 | 1 | 2 | 'order';

/** The params of one matching rule's event. */
export type Params = Readonly<Record<string, unknown>>;

/**
 * How the params of the matching rules (highest priority first) become the decision. Every kind is read the
 * same way by the runtime, the compiled evaluator, the rule cases and the impact report.
 */
export type OutcomeSpec =
  /** The first matching rule whose `field` is a valid value (else `fallback`), as `{ [wrap]: value }` or bare. */
  | {
      readonly type: 'value';
      readonly field: string;
      /** The values `field` may take: a number list is checked by membership, text and booleans by type. */
      readonly values: readonly (string | number)[] | 'boolean';
      readonly fallback: unknown;
      readonly wrap: string | null;
      /** How the impact report and the rule cases' messages name a value (default: as it is). */
      readonly labels?: Readonly<Record<string, string>>;
    }
  /** The first matching rule's `field` as `{ [field]: value }`, or null when none matches. */
  | { readonly type: 'first-or-null'; readonly field: string }
  /** The first matching rule's params, shaped; `fallback` when none matches. */
  | {
      readonly type: 'params';
      readonly shape: (params: Params) => unknown;
      readonly fallback: unknown;
      /** The decision as its cases compare it (default: as it is). */
      readonly caseRecord?: (value: never) => Record<string, unknown>;
      /** The decision as the impact report lists it. */
      readonly reading: (value: never) => readonly string[] | string;
    }
  /** Per name, whether any matching rule names it in `field`. */
  | { readonly type: 'flags'; readonly field: string; readonly names: readonly string[] }
  /** Per key, the `valueField` of the first matching rule whose `keyField` names it (else `fallback`). */
  | {
      readonly type: 'lookup';
      readonly keyField: string;
      readonly keys: readonly string[];
      readonly valueField: string;
      readonly fallback: unknown;
    }
  /** The distinct `field` values of the matching rules, in rule order, as `{ [wrap]: [...] }`. */
  | {
      readonly type: 'list';
      readonly field: string;
      readonly values: readonly string[];
      readonly wrap: string;
    }
  /** Every item of every matching rule's `field` list, in `order`, as `{ [wrap]: [...] }`. */
  | {
      readonly type: 'union';
      readonly field: string;
      readonly order: readonly string[];
      readonly wrap: string;
    }
  /** One placement per distinct `field` (its first rule's order and variant), smallest order first. */
  | {
      readonly type: 'placements';
      readonly field: string;
      readonly ids: readonly string[];
      readonly variants: Readonly<Record<string, readonly string[]>>;
    };

/** What an outcome spec decides, carried as a phantom type so HomeDecisions is inferred. */
export type Outcome<T> = OutcomeSpec & { readonly __decides?: T };
export type DecidedBy<O> = O extends { readonly __decides?: infer T } ? T : never;

/** A fact a decision feeds to later stages (`walledGarden.state`), with its vocabulary entry. */
export interface FedFact<Name extends string = string, Type extends FactType = FactType> {
  readonly name: Name;
  readonly type: Type;
  readonly description: string;
  readonly values?: readonly (string | number)[];
  readonly closed?: boolean;
  /** Its value, from the decision. */
  readonly of: (decided: never) => unknown;
  /** Also handed to the per-item decisions (the toggles, what the pending-order alert offers). */
  readonly items?: boolean;
}

/** Every decision of an account, by key (HomeDecisions, seen from a declaration). */
export type AllDecided = Readonly<Record<string, unknown>>;

/** One decision, declared once. */
export interface Declaration<Id extends string = string, Key extends string = string, T = unknown> {
  readonly id: Id;
  /** Its field of HomeDecisions (or ItemDecisions for an 'order' decision). */
  readonly key: Key;
  readonly kind: DecisionKind;
  readonly eventType: string;
  readonly stage: Stage;
  readonly description: string;
  readonly params: JsonSchema;
  /** For lookups: the params field naming the entry (one value per entry). */
  readonly lookupKey?: string;
  /** Every entry a lookup must define. */
  readonly lookupEntries?: readonly string[];
  readonly outcome: Outcome<T>;
  /** Decided facts fed to later stages. */
  readonly feeds?: readonly FedFact[];
  /** The preview's heading and how one persona's decision reads there (none: not in the preview). */
  readonly preview?: { readonly heading: string; readonly show: (value: never, all: AllDecided) => string };
  /** Customers do not see it as such: it shows through the decisions reading it (toggles, data loading). */
  readonly unseen?: boolean;
  /** It shows only when this holds for the account's decisions (the sections: on the full home). */
  readonly shownWhen?: (all: AllDecided) => boolean;
}

// ---------------------------------------------------------------- outcome builders

const enumOf = (values: readonly (string | number)[]): JsonSchema =>
  typeof values[0] === 'number'
    ? { type: 'integer', enum: [...values] }
    : { type: 'string', enum: [...values] };

/** The params schema of a decision whose event names one value: `{ "<field>": <value> }`. */
export function paramsOf(field: string, values: readonly (string | number)[] | 'boolean'): JsonSchema {
  return {
    type: 'object',
    required: [field],
    additionalProperties: false,
    properties: { [field]: values === 'boolean' ? { type: 'boolean' } : enumOf(values) },
  };
}

/** `{ [field]: one of values }` from the first matching rule (else the fallback). */
export function value<const F extends string, const V extends string | number>(
  field: F,
  values: readonly V[],
  fallback: NoInfer<V>,
  labels?: Readonly<Record<string, string>>,
): Outcome<{ [K in F]: V }> {
  return { type: 'value', field, values, fallback, wrap: field, ...(labels ? { labels } : {}) };
}

/** `{ [field]: boolean }` from the first matching rule (else the fallback). */
export function yesNo<const F extends string>(
  field: F,
  fallback: boolean,
  labels?: { true: string; false: string },
): Outcome<{ [K in F]: boolean }> {
  return { type: 'value', field, values: 'boolean', fallback, wrap: field, ...(labels ? { labels } : {}) };
}

/** A bare boolean from the first matching rule's `field` (else the fallback). */
export function bareYesNo(field: string, fallback: boolean): Outcome<boolean> {
  return { type: 'value', field, values: 'boolean', fallback, wrap: null };
}

/** `{ [field]: value }` of the first matching rule, or null when no rule matches. */
export function firstOrNull<const F extends string, V extends string>(
  field: F,
): Outcome<{ [K in F]: V } | null> {
  return { type: 'first-or-null', field };
}

export function flags<const N extends string>(
  field: string,
  names: readonly N[],
): Outcome<Record<N, boolean>> {
  return { type: 'flags', field, names };
}

export function lookup<const K extends string, V>(
  keyField: string,
  keys: readonly K[],
  valueField: string,
  fallback: V,
): Outcome<Record<K, V>> {
  return { type: 'lookup', keyField, keys, valueField, fallback };
}

export function list<const W extends string, const V extends string>(
  field: string,
  values: readonly V[],
  wrap: W,
): Outcome<{ [K in W]: V[] }> {
  return { type: 'list', field, values, wrap };
}

export function union<const W extends string, const V extends string>(
  field: string,
  order: readonly V[],
  wrap: W,
): Outcome<{ [K in W]: V[] }> {
  return { type: 'union', field, order, wrap };
}

export function shaped<T>(
  shape: (params: Params) => T,
  fallback: T,
  reading: (value: T) => readonly string[] | string,
  caseRecord?: (value: T) => Record<string, unknown>,
): Outcome<T> {
  return {
    type: 'params',
    shape,
    fallback,
    reading: reading,
    ...(caseRecord ? { caseRecord: caseRecord } : {}),
  };
}

/** A placed section: its id, its order (smaller first) and the params its rule gave (its variant). */
export interface Placement<Id extends string = string> {
  section: Id;
  /** Smaller shows first; analysts reorder by editing this number in the rule file. */
  order: number;
  params: { variant?: string };
}

export function placements<const Id extends string>(
  field: string,
  ids: readonly Id[],
  variants: Readonly<Partial<Record<Id, readonly string[]>>>,
): Outcome<Placement<Id>[]> {
  return {
    type: 'placements',
    field,
    ids,
    variants: variants as Readonly<Record<string, readonly string[]>>,
  };
}

// ---------------------------------------------------------------- declarations

/** Declares a decision: the identity, typed so that its outcome and fed facts agree. */
export function declare<
  const Id extends string,
  const Key extends string,
  const S extends Stage,
  T,
  const Fed extends readonly FedFact[] = [],
>(
  d: Omit<Declaration<Id, Key, T>, 'feeds' | 'preview' | 'stage'> & {
    readonly stage: S;
    readonly feeds?: Fed;
    readonly preview?: { readonly heading: string; readonly show: (value: T, all: AllDecided) => string };
  },
): Declaration<Id, Key, T> & { readonly stage: S; readonly feeds: Fed } {
  return { ...d, feeds: (d.feeds ?? []) as Fed };
}

/** A decided fact fed by a decision: `fed<WalledGarden>()('walledGarden.state', 'string', (d) => d.state, ...)`. */
export function fed<const Name extends string, const Type extends FactType, T>(
  name: Name,
  type: Type,
  of: (decided: T) => unknown,
  entry: { description: string; values?: readonly (string | number)[]; closed?: boolean; items?: boolean },
): FedFact<Name, Type> {
  return { name, type, of: of, ...entry };
}
