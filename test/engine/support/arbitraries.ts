/**
 * fast-check arbitraries for the differential tests: facts generated from the vocabulary (types, known
 * values, the numbers the rules compare with and their neighbours, null, absent, wrong types), and rule
 * files generated over the vocabulary within what schemas/ruleset.schema.json allows.
 */
import fc from 'fast-check';
import {
  DECISIONS,
  SECTION_VARIANTS,
  SECTIONS,
  type DecisionSpec,
  type JsonSchema,
} from '../../../src/engine/decisions';
import { factsFor } from '../../../src/engine/fact-scope';
import { OPERATORS_BY_TYPE } from '../../../src/engine/schema-builder';
import type { RuleCondition, RuleDefinition, RuleFile, Rulesets } from '../../../src/engine/types';
import {
  ACCOUNT_FACTS,
  CONSTANT_NAMES,
  ORDER_FACTS,
  type AccountFacts,
  type FactDefinition,
  type OrderFacts,
} from '../../../src/facts/vocabulary';

/** Marks a fact left out of the generated facts altogether (the runtime then reads it as undefined). */
const ABSENT = Symbol('absent');

/** Every number a rule of these files compares each fact with. */
export function thresholdsOf(rulesets: Rulesets): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const walk = (c: RuleCondition): void => {
    if ('all' in c) c.all.forEach(walk);
    else if ('any' in c) c.any.forEach(walk);
    else if ('not' in c) walk(c.not);
    else if (typeof c.value === 'number') out.set(c.fact, [...(out.get(c.fact) ?? []), c.value]);
  };
  for (const file of Object.values(rulesets)) for (const rule of file.rules) walk(rule.conditions);
  return out;
}

/** Numbers around each threshold: on it, just off it, and either side. */
const near = (values: readonly number[]): number[] =>
  values.flatMap((t) => [t, t - 1, t + 1, t - 0.5, t + 0.5, t - 1e-9, t + 1e-9]);

const EDGE_NUMBERS = [0, -0, 1, -1, 0.5, 1e-9, Number.MAX_SAFE_INTEGER, -Infinity, Infinity, Number.NaN];

function typedValue(f: FactDefinition, thresholds: readonly number[]): fc.Arbitrary<unknown> {
  const known: fc.Arbitrary<unknown>[] = f.values?.length ? [fc.constantFrom(...f.values)] : [];
  switch (f.type) {
    case 'boolean':
      return fc.boolean();
    case 'number':
      return fc.oneof(
        ...known,
        ...(thresholds.length ? [fc.constantFrom(...near(thresholds))] : []),
        fc.constantFrom(...EDGE_NUMBERS),
        fc.integer({ min: -500, max: 2000 }),
        fc.double({ min: -1e4, max: 1e4 }),
      );
    case 'string':
      return fc.oneof(...known, ...known, fc.string({ maxLength: 6 }), fc.constantFrom('', ' ', 'ok '));
  }
}

/** Values of another type than the vocabulary says: what a faulty export could carry. */
function wrongValue(f: FactDefinition): fc.Arbitrary<unknown> {
  switch (f.type) {
    case 'boolean':
      return fc.constantFrom('true', 'false', 0, 1, '');
    case 'number':
      // Number.parseFloat accepts a leading number: json-rules-engine's number check passes '12abc'.
      return fc.constantFrom('5', '12abc', 'abc', '', ' 7', 'Infinity', true, false);
    case 'string':
      return fc.constantFrom(0, 1, true, false);
  }
}

export function factValue(f: FactDefinition, thresholds: readonly number[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 12, arbitrary: typedValue(f, thresholds) },
    { weight: 3, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constant(ABSENT) },
    { weight: 1, arbitrary: wrongValue(f) },
  );
}

function factsRecord<T>(defs: readonly FactDefinition[], thresholds: Map<string, number[]>): fc.Arbitrary<T> {
  return fc
    .record(Object.fromEntries(defs.map((f) => [f.name, factValue(f, thresholds.get(f.name) ?? [])])))
    .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== ABSENT)) as T);
}

/** Any account facts: every fact of the vocabulary, each any value of its type, null, absent or mistyped. */
export function accountFactsArbitrary(thresholds: Map<string, number[]>): fc.Arbitrary<AccountFacts> {
  return factsRecord<AccountFacts>(ACCOUNT_FACTS, thresholds);
}

export function orderFactsArbitrary(thresholds: Map<string, number[]>): fc.Arbitrary<OrderFacts> {
  return factsRecord<OrderFacts>(ORDER_FACTS, thresholds);
}

/**
 * Realistic facts with a few changes: a test customer's facts (every state the personas cover) with some
 * facts replaced by generated values, so deep rules (seven conditions that must all hold) are reached too.
 */
export function mutatedFactsArbitrary(
  bases: readonly AccountFacts[],
  thresholds: Map<string, number[]>,
): fc.Arbitrary<AccountFacts> {
  const change = fc
    .constantFrom(...ACCOUNT_FACTS)
    .chain((f) => factValue(f, thresholds.get(f.name) ?? []).map((value) => [f.name, value] as const));
  return fc.tuple(fc.constantFrom(...bases), fc.array(change, { maxLength: 4 })).map(([base, changes]) => {
    const facts: Record<string, unknown> = { ...base };
    for (const [name, value] of changes) {
      if (value === ABSENT) delete facts[name];
      else facts[name] = value;
    }
    return facts as AccountFacts;
  });
}

/** mutatedFactsArbitrary for orders and tickets: a persona's history item with some facts replaced. */
export function mutatedItemsArbitrary(
  bases: readonly OrderFacts[],
  thresholds: Map<string, number[]>,
): fc.Arbitrary<OrderFacts> {
  const change = fc
    .constantFrom(...ORDER_FACTS)
    .chain((f) => factValue(f, thresholds.get(f.name) ?? []).map((value) => [f.name, value] as const));
  return fc.tuple(fc.constantFrom(...bases), fc.array(change, { maxLength: 3 })).map(([base, changes]) => {
    const facts: Record<string, unknown> = { ...base };
    for (const [name, value] of changes) {
      if (value === ABSENT) delete facts[name];
      else facts[name] = value;
    }
    return facts as OrderFacts;
  });
}

// ---------------------------------------------------------------- rule files

/** A condition value as the schema allows it for the fact's type and the operator. */
function conditionValue(
  f: FactDefinition,
  operator: string,
  thresholds: readonly number[],
): fc.Arbitrary<unknown> {
  const known: fc.Arbitrary<unknown>[] = f.values?.length ? [fc.constantFrom(...f.values)] : [];
  if (operator === 'in' || operator === 'notIn') {
    const item = fc.oneof(...known, ...known, fc.string({ maxLength: 4 }));
    return fc.array(item, { minLength: 1, maxLength: 4 });
  }
  const typed: fc.Arbitrary<unknown> =
    f.type === 'boolean'
      ? fc.boolean()
      : f.type === 'number'
        ? fc.oneof(
            ...known,
            ...(thresholds.length ? [fc.constantFrom(...thresholds)] : []),
            fc.integer({ min: -10, max: 200 }),
            fc.double({ min: -100, max: 100, noNaN: true, noDefaultInfinity: true }),
          )
        : fc.oneof(...known, ...known, fc.string({ maxLength: 4 }));
  // The schema allows null for every type: a comparison that never (or, for notEqual, always) holds; and a
  // number may be compared with a constant, {"fact": "constant.x"}.
  const constants =
    f.type === 'number' ? [fc.constantFrom(...CONSTANT_NAMES).map((c) => ({ fact: `constant.${c}` }))] : [];
  return fc.oneof(
    { weight: 8, arbitrary: typed },
    { weight: 1, arbitrary: fc.constant(null) },
    ...constants.map((arbitrary) => ({ weight: 2, arbitrary })),
  );
}

function leafArbitrary(
  facts: readonly FactDefinition[],
  thresholds: Map<string, number[]>,
): fc.Arbitrary<RuleCondition> {
  return fc.constantFrom(...facts).chain((f) =>
    fc.constantFrom(...OPERATORS_BY_TYPE[f.type]).chain((operator) =>
      conditionValue(f, operator, thresholds.get(f.name) ?? []).map((value): RuleCondition => ({
        fact: f.name,
        operator,
        value,
      })),
    ),
  );
}

/** A tree of all/any/not over leaf conditions, a group at the root (the schema requires it). */
export function conditionsArbitrary(
  facts: readonly FactDefinition[],
  thresholds: Map<string, number[]>,
): fc.Arbitrary<RuleCondition> {
  const leaf = leafArbitrary(facts, thresholds);
  const { group } = fc.letrec<{ node: RuleCondition; group: RuleCondition }>((tie) => ({
    node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, leaf, tie('group')),
    group: fc.oneof(
      fc.array(tie('node'), { maxLength: 4 }).map((all) => ({ all })),
      fc.array(tie('node'), { maxLength: 4 }).map((any) => ({ any })),
      tie('node').map((not) => ({ not })),
    ),
  }));
  return group;
}

/** Event params of a decision, from its params schema in src/engine/decisions.ts. */
export function paramsArbitrary(spec: DecisionSpec): fc.Arbitrary<Record<string, unknown>> {
  if (spec.id === 'home-sections') {
    return fc
      .record({
        section: fc.constantFrom(...SECTIONS),
        // Few distinct orders, so equal orders (kept in rule order) are frequent.
        order: fc.oneof(
          fc.integer({ min: 0, max: 12 }).map((n) => n * 10),
          fc.double({ min: 0, max: 100, noNaN: true }),
        ),
      })
      .chain(({ section, order }) => {
        const variants = SECTION_VARIANTS[section];
        if (!variants) return fc.constant({ section, order });
        return fc
          .option(fc.constantFrom(...variants), { nil: undefined })
          .map((variant) => (variant === undefined ? { section, order } : { section, order, variant }));
      });
  }
  const schema = spec.params as { properties: Record<string, JsonSchema>; required: string[] };
  const fields = Object.entries(schema.properties).map(([key, prop]) => {
    const value = propertyArbitrary(prop);
    return schema.required.includes(key)
      ? value.map((v) => [[key, v]] as [string, unknown][])
      : fc
          .option(value, { nil: undefined })
          .map((v) => (v === undefined ? [] : [[key, v]]) as [string, unknown][]);
  });
  return fc.tuple(...fields).map((entries) => Object.fromEntries(entries.flat()));
}

function propertyArbitrary(prop: JsonSchema): fc.Arbitrary<unknown> {
  if (Array.isArray(prop.enum)) return fc.constantFrom(...(prop.enum as unknown[]));
  if (prop.type === 'boolean') return fc.boolean();
  if (prop.type === 'number' || prop.type === 'integer') return fc.integer({ min: 0, max: 120 });
  if (prop.type === 'array') {
    const items = (prop.items as JsonSchema).enum as unknown[];
    return fc.uniqueArray(fc.constantFrom(...items), { maxLength: items.length });
  }
  throw new Error(`no arbitrary for ${JSON.stringify(prop)}`);
}

/** A whole rule file for a decision: unique names, priorities from a small range (ties are frequent). */
export function ruleFileArbitrary(
  spec: DecisionSpec,
  thresholds: Map<string, number[]>,
): fc.Arbitrary<RuleFile> {
  const facts = factsFor(spec);
  const rule = fc.record({
    priority: fc.integer({ min: 1, max: 4 }),
    conditions: conditionsArbitrary(facts, thresholds),
    params: paramsArbitrary(spec),
  });
  return fc.array(rule, { maxLength: 8 }).map((rules) => ({
    decision: spec.id,
    kind: spec.kind,
    description: 'generated',
    rules: rules.map((r, i): RuleDefinition => ({
      name: `rule-${i}`,
      priority: r.priority,
      conditions: r.conditions,
      event: { type: spec.eventType, params: r.params },
    })),
  }));
}

/** Shipped rules with one to three decisions' files replaced by generated ones. */
export function rulesetsArbitrary(
  shipped: Rulesets,
  thresholds: Map<string, number[]>,
): fc.Arbitrary<Rulesets> {
  return fc
    .uniqueArray(fc.constantFrom(...DECISIONS), { minLength: 1, maxLength: 3, selector: (d) => d.id })
    .chain((specs) =>
      fc
        .tuple(...specs.map((spec) => ruleFileArbitrary(spec, thresholds)))
        .map((files) => ({ specs, files })),
    )
    .map(({ specs, files }) => {
      const rulesets = structuredClone(shipped);
      specs.forEach((spec, i) => {
        rulesets[spec.id] = files[i]!;
      });
      return rulesets;
    });
}

// ---------------------------------------------------------------- beyond the schema

const EXTENDED_OPERATORS = [
  'equal',
  'notEqual',
  'in',
  'notIn',
  'contains',
  'doesNotContain',
  'lessThan',
  'lessThanInclusive',
  'greaterThan',
  'greaterThanInclusive',
  'not:equal',
  'not:in',
  'not:not:lessThan',
  'someValue:equal',
  'everyValue:notEqual',
  'someFact:equal',
  'everyFact:greaterThan',
  'swap:in',
  'swap:lessThan',
  'someValue:swap:in',
  'unknownOperator',
  'not:unknownOperator',
  'bogus:equal',
];

/** Any JSON value a condition could carry: wrong types, lists of mixed items, a fact reference. */
function anyConditionValue(factNames: readonly string[]): fc.Arbitrary<unknown> {
  const scalar = fc.oneof(
    fc.constantFrom(null, true, false, 0, -0, 1, 10, -1, 0.5, '', 'RES', 'ok', 'ACTIVE', '5', '12abc'),
    fc.integer({ min: -5, max: 50 }),
    fc.string({ maxLength: 3 }),
  );
  return fc.oneof(
    { weight: 4, arbitrary: scalar },
    { weight: 2, arbitrary: fc.array(scalar, { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.constantFrom(...factNames).map((fact) => ({ fact })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...factNames).map((fact) => ({ fact, path: '$.x', params: { a: 1 } })),
    },
    { weight: 1, arbitrary: fc.constant({ other: 1 }) },
  );
}

/**
 * Conditions json-rules-engine accepts but our schema does not: every one must evaluate the same. (A
 * shared-condition reference is left to a unit test: json-rules-engine throws it synchronously, which
 * orphans a sibling's rejected promise as an unhandled rejection.)
 */
function extendedConditionsArbitrary(factNames: readonly string[]): fc.Arbitrary<unknown> {
  const priority = fc.option(fc.integer({ min: -1, max: 3 }), { nil: undefined });
  const withPriority = (node: Record<string, unknown>, p: number | undefined) =>
    p === undefined ? node : { ...node, priority: p };
  const leaf = fc
    .record({
      fact: fc.oneof(fc.constantFrom(...factNames), fc.constant('notAFact')),
      operator: fc.constantFrom(...EXTENDED_OPERATORS),
      value: anyConditionValue(factNames),
      priority,
    })
    .map(({ priority: p, ...node }) => withPriority(node, p));
  const { group } = fc.letrec<{ node: unknown; group: unknown }>((tie) => ({
    node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, leaf, tie('group')),
    group: fc.oneof(
      fc.tuple(fc.array(tie('node'), { maxLength: 4 }), priority).map(([all, p]) => withPriority({ all }, p)),
      fc.tuple(fc.array(tie('node'), { maxLength: 4 }), priority).map(([any, p]) => withPriority({ any }, p)),
      fc.tuple(tie('node'), priority).map(([not, p]) => withPriority({ not }, p)),
    ),
  }));
  // A root that json-rules-engine refuses (a bare fact condition) now and then: that rule never matches.
  return fc.oneof({ weight: 9, arbitrary: group }, { weight: 1, arbitrary: leaf });
}

/** Shipped rules with one or two files replaced by rule files using json-rules-engine's wider format. */
export function extendedRulesetsArbitrary(
  shipped: Rulesets,
  thresholds: Map<string, number[]>,
): fc.Arbitrary<Rulesets> {
  void thresholds;
  return fc
    .uniqueArray(fc.constantFrom(...DECISIONS.filter((d) => d.stage !== 'order')), {
      minLength: 1,
      maxLength: 2,
      selector: (d) => d.id,
    })
    .chain((specs) =>
      fc.tuple(
        ...specs.map((spec) => {
          const names = [
            ...factsFor(spec).map((f) => f.name),
            'walledGarden.state',
            'toggle.cancel',
            'constant.walledGardenGraceDays',
          ];
          const rule = fc.record({
            priority: fc.constantFrom(1, 2, 3, 0, -1, 1.5, '2'),
            conditions: extendedConditionsArbitrary(names),
            params: paramsArbitrary(spec),
          });
          return fc.array(rule, { maxLength: 6 }).map((rules) => ({ spec, rules }));
        }),
      ),
    )
    .map((files) => {
      const rulesets = structuredClone(shipped);
      for (const { spec, rules } of files) {
        rulesets[spec.id] = {
          decision: spec.id,
          kind: spec.kind,
          description: 'generated beyond the schema',
          rules: rules.map((r, i) => ({
            name: `rule-${i}`,
            priority: r.priority as number,
            conditions: r.conditions as RuleCondition,
            event: { type: spec.eventType, params: r.params },
          })),
        };
      }
      return rulesets;
    });
}
