/**
 * Builds schemas/ruleset.schema.json from the fact vocabulary and the decision table, so the schema an
 * analyst's editor validates against can never disagree with what the runtime knows. The committed file
 * is written by scripts/rules-schema.ts; a test checks it equals this function's output.
 */
import { ACCOUNT_FACTS, DECISION_FACTS, type FactDefinition, type FactType } from '../facts/vocabulary';
import { DECISIONS, type DecisionSpec, type JsonSchema } from './decisions';
import { factsFor } from './fact-scope';
import { ACKNOWLEDGEABLE_FINDINGS, FINDINGS } from './findings';

/** Operators allowed per fact type. `in`/`notIn` need an array value (json-rules-engine issue #412). */
export const OPERATORS_BY_TYPE: Record<FactType, readonly string[]> = {
  number: ['equal', 'notEqual', 'lessThan', 'lessThanInclusive', 'greaterThan', 'greaterThanInclusive'],
  string: ['equal', 'notEqual', 'in', 'notIn'],
  boolean: ['equal', 'notEqual'],
};
export const ARRAY_OPERATORS = ['in', 'notIn'] as const;
export const ALL_OPERATORS = [...new Set(Object.values(OPERATORS_BY_TYPE).flat())];

const FACT_TYPES: readonly FactType[] = ['number', 'string', 'boolean'];

/**
 * Name of the condition definition of a decision: account decisions share one (every account and decision
 * fact), per-order decisions have their own. Which decision facts an account decision may use (only those
 * of earlier stages) is checked by validateRuleset, not the schema: one shared definition keeps the
 * compiled validator the browser loads small.
 */
export const conditionDefName = (d: DecisionSpec): string =>
  d.stage === 'order' ? 'order-condition' : 'condition';

/** The facts a condition definition enumerates. */
function factsOfDefinition(d: DecisionSpec): readonly FactDefinition[] {
  if (d.stage === 'order') return factsFor(d);
  return [...ACCOUNT_FACTS, ...DECISION_FACTS];
}

function conditionDefinition(defName: string, facts: readonly FactDefinition[]): JsonSchema {
  const ref = { $ref: `#/definitions/${defName}` };
  const names = (type: FactType) => facts.filter((f) => f.type === type).map((f) => f.name);
  // A number may be compared with a constant: {"fact": "constant.walledGardenGraceDays"}.
  const constants = facts.filter((f) => f.name.startsWith('constant.')).map((f) => f.name);
  const constantRef = {
    type: 'object',
    required: ['fact'],
    additionalProperties: false,
    properties: { fact: { description: 'A constant of rules/constants.json.', enum: constants } },
  };
  const typeRules = FACT_TYPES.filter((t) => names(t).length > 0).map((type) => ({
    if: { required: ['fact'], properties: { fact: { enum: names(type) } } },
    then: {
      properties: {
        operator: { enum: [...OPERATORS_BY_TYPE[type]] },
        value:
          type === 'string'
            ? { type: ['string', 'array', 'null'], items: { type: 'string' } }
            : type === 'number' && constants.length > 0
              ? { anyOf: [{ type: ['number', 'null'] }, constantRef] }
              : { type: [type, 'null'] },
      },
    },
  }));
  return {
    description:
      'A condition: {"all": [...]}, {"any": [...]}, {"not": {...}}, or {"fact", "operator", "value"} comparing one fact of the vocabulary.',
    type: 'object',
    additionalProperties: false,
    properties: {
      all: { type: 'array', items: ref },
      any: { type: 'array', items: ref },
      not: ref,
      fact: {
        description: 'A fact of the vocabulary (see rules/README.md).',
        enum: facts.map((f) => f.name),
        // VS Code's keyword for per-value descriptions: completion shows what each fact means. Validators
        // ignore it, so it costs nothing in the compiled validator the browser loads.
        markdownEnumDescriptions: facts.map((f) => `(${f.type}) ${f.description}`),
      },
      operator: { enum: ALL_OPERATORS },
      value: {},
    },
    oneOf: [
      { required: ['all'] },
      { required: ['any'] },
      { required: ['not'] },
      { required: ['fact', 'operator', 'value'] },
    ],
    allOf: [
      ...typeRules,
      {
        if: { required: ['operator'], properties: { operator: { enum: [...ARRAY_OPERATORS] } } },
        then: { properties: { value: { type: 'array', minItems: 1 } } },
        else: { properties: { value: { not: { type: 'array' } } } },
      },
    ],
  };
}

export function buildRulesetSchema(): JsonSchema {
  const definitions: Record<string, JsonSchema> = {};
  for (const d of DECISIONS) {
    const name = conditionDefName(d);
    definitions[name] ??= conditionDefinition(name, factsOfDefinition(d));
  }
  // The event's params depend on its type only (each decision has its own event type), so they are checked
  // once here rather than once per decision: that keeps the compiled validator the browser loads small.
  definitions.event = {
    type: 'object',
    required: ['type', 'params'],
    additionalProperties: false,
    properties: {
      type: { description: 'The event type of this decision.', enum: DECISIONS.map((d) => d.eventType) },
      params: { type: 'object' },
    },
    allOf: DECISIONS.map((d) => ({
      if: { required: ['type'], properties: { type: { const: d.eventType } } },
      then: { properties: { params: d.params } },
    })),
  };
  definitions.rule = {
    type: 'object',
    required: ['name', 'priority', 'conditions', 'event'],
    additionalProperties: false,
    properties: {
      name: {
        type: 'string',
        pattern: '\\S',
        description: 'Unique within the file; shown by explain and preview.',
      },
      description: { type: 'string', description: 'What the rule does, quoting the spec where it can.' },
      priority: {
        type: 'integer',
        minimum: 1,
        description: 'Higher runs first; in a first-match file the highest matching rule wins.',
      },
      // json-rules-engine needs one of all/any/not at the top (no bare fact condition).
      conditions: {
        type: 'object',
        anyOf: [{ required: ['all'] }, { required: ['any'] }, { required: ['not'] }],
      },
      event: { $ref: '#/definitions/event' },
      acknowledge: {
        description:
          'Findings of rules:check that this rule intends, each with the reason: {"same-order": "why"}.',
        type: 'object',
        propertyNames: { enum: [...ACKNOWLEDGEABLE_FINDINGS] },
        additionalProperties: { type: 'string', pattern: '\\S' },
        properties: Object.fromEntries(
          ACKNOWLEDGEABLE_FINDINGS.map((code) => [
            code,
            { type: 'string', description: FINDINGS[code].meaning },
          ]),
        ),
      },
    },
  };

  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'ruleset.schema.json',
    title: 'Ruleset',
    description:
      'One rule set (rules/<decision>.json) in json-rules-engine format, narrowed to the portal: known decisions, facts, operators and events. Generated by scripts/rules-schema.ts from src/facts/vocabulary.ts and src/engine/decisions.ts: do not edit by hand.',
    type: 'object',
    required: ['decision', 'kind', 'description', 'rules'],
    additionalProperties: false,
    properties: {
      $schema: { type: 'string' },
      decision: { description: 'Which decision point this file decides.', enum: DECISIONS.map((d) => d.id) },
      kind: {
        description:
          'first-match: the highest-priority matching rule wins. all-ordered: every matching rule applies. lookup: one value per entry.',
        enum: ['first-match', 'all-ordered', 'lookup'],
      },
      description: { type: 'string' },
      rules: { type: 'array', items: { $ref: '#/definitions/rule' } },
    },
    allOf: DECISIONS.map((d) => ({
      if: { required: ['decision'], properties: { decision: { const: d.id } } },
      then: {
        properties: {
          kind: { const: d.kind },
          rules: {
            items: {
              properties: {
                conditions: { $ref: `#/definitions/${conditionDefName(d)}` },
                event: { properties: { type: { const: d.eventType } } },
              },
            },
          },
        },
      },
    })),
    definitions,
  };
}
