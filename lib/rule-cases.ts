/**
 * Rule cases: the spec's decision tables as data beside the rules (rules/cases/<decision>.cases.json), so
 * an analyst changes a threshold and its cases together without touching TypeScript. A case starts from a
 * named set of facts (rules/cases/given.json), changes the facts its sentence is about, or takes a persona
 * on a date, and says what the decision must be. `npm run rules:test` runs every case on the portal's
 * runtime (src/engine/runtime.ts); `-- --coverage` lists the rules no case makes match and the conditions
 * no case makes fail. Node-only (reads files, personas).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ajv } from 'ajv';
import {
  DECISIONS,
  ruleFileOf,
  type AnyDeclaration,
  type DecisionId,
  type DecisionSpec,
  type JsonSchema,
} from '../src/engine/decisions';
import {
  CASE_FACTS,
  ITEM_FACTS,
  LISTS,
  caseRef,
  checkCaseFile,
  checkGiven,
  isObject,
  loadCaseTexts,
  runCases as runCasesOn,
  show,
  type CasePersonas,
  type CaseResult,
  type GivenFile,
  type LoadedCases,
  type RunCasesOptions,
} from '../src/engine/cases';
import { ruleRef } from '../src/engine/rule-ref';
import type { ConditionTrace, RuleCondition, Rulesets } from '../src/engine/types';
import type { RulesetIssue } from '../src/engine/validate';
import type { FactDefinition } from '../src/facts/vocabulary';
import { loadPersonas } from '../server/personas';
import { dayAt, decidePersona } from './personas';
import { repoRoot } from './repo';

export {
  compare,
  formatFailure,
  type CaseFile,
  type CaseResult,
  type GivenEntry,
  type GivenFile,
  type LoadedCases,
  type RuleCase,
  type RunCasesOptions,
} from '../src/engine/cases';

// ------------------------------------------------------------------------------------ the schema

const nullable = (s: JsonSchema): JsonSchema => ({ anyOf: [s, { type: 'null' }] });
const enumOf = (values: readonly unknown[]): JsonSchema => ({ enum: [...values] });

/** The JSON Schema of "expect" for one decision (generated from the decision table). */
function expectSchema(d: DecisionSpec): JsonSchema {
  const items = LISTS[d.id as DecisionId];
  const outcome = (d as AnyDeclaration).outcome;
  if (items) {
    const list = { type: 'array', items: enumOf(items), uniqueItems: true };
    return {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: {
        includes: { ...list, description: 'Each of these is decided.' },
        excludes: { ...list, description: 'None of these is decided.' },
        exactly: { ...list, description: 'These, in this order, and nothing else.' },
        inOrder: { ...list, description: 'Each of these, in this order (others may come between).' },
        first: { ...enumOf(items), description: 'This comes first.' },
        ...(outcome.type === 'placements'
          ? {
              variants: {
                type: 'object',
                description: 'The section shows, in this variant.',
                additionalProperties: false,
                properties: Object.fromEntries(
                  Object.entries(outcome.variants).map(([s, v]) => [s, enumOf(v)]),
                ),
              },
            }
          : {}),
      },
    };
  }
  const record = (properties: Record<string, JsonSchema>): JsonSchema => ({
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties,
  });
  const params = (d.params.properties ?? {}) as Record<string, JsonSchema>;
  const required = (d.params.required ?? []) as string[];
  const o = outcome;
  switch (o.type) {
    case 'lookup': {
      const entry = params[o.valueField] ?? {};
      const each = o.fallback === null ? nullable(entry) : entry;
      return record(Object.fromEntries(o.keys.map((k) => [k, each])));
    }
    case 'value':
      return record({ [o.field]: o.values === 'boolean' ? { type: 'boolean' } : enumOf(o.values) });
    case 'first-or-null':
      return record({ [o.field]: caseValue(params[o.field] ?? {}, true) });
    default:
      // A decision read from its rule's params: each param as the case compares it (null when optional).
      return record(
        Object.fromEntries(Object.entries(params).map(([k, p]) => [k, caseValue(p, !required.includes(k))])),
      );
  }
}

/** A params field as a case states it: its known values (and null when the decision may leave it out). */
function caseValue(p: JsonSchema, optional: boolean): JsonSchema {
  if (Array.isArray(p.enum))
    return enumOf(optional ? [...(p.enum as unknown[]), null] : (p.enum as unknown[]));
  if (p.type === 'array') return { type: 'array', items: caseValue((p.items ?? {}) as JsonSchema, false) };
  return { type: p.type };
}

const factSchema = (f: FactDefinition): JsonSchema => ({
  type: [f.type, 'null'],
  description: f.description,
  ...(f.closed && f.values ? { enum: [...f.values, null] } : {}),
});

const factsSchema = (facts: readonly FactDefinition[]): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(facts.map((f) => [f.name, factSchema(f)])),
});

const caseSchema = (d: DecisionSpec): JsonSchema => ({
  type: 'object',
  required: ['name', 'expect'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', pattern: '\\S', description: "The spec's sentence this case checks." },
    given: {
      type: 'string',
      description: 'Start from this entry of given.json instead of the file\'s "given".',
    },
    facts: {
      description: 'The facts this case changes (see rules/README.md for each fact).',
      $ref: d.stage === 'order' ? '#/definitions/account-and-order-facts' : '#/definitions/account-facts',
    },
    persona: {
      type: 'string',
      description: 'Or: a persona of sandbox/personas/ (its facts, as the preview).',
    },
    date: {
      type: 'string',
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      description: "The persona's day (YYYY-MM-DD).",
    },
    account: { type: 'integer', minimum: 1, description: "The persona's account, from 1." },
    expect: { ...expectSchema(d), description: 'What the decision must be.' },
  },
});

/** A case file, rules/cases/<decision>.cases.json. */
const caseFileSchema = (): JsonSchema => ({
  type: 'object',
  required: ['decision', 'description', 'given', 'cases'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    decision: { enum: DECISIONS.map((d) => d.id), description: 'The decision these cases check.' },
    description: { type: 'string' },
    given: { type: 'string', description: 'The entry of given.json every case starts from.' },
    cases: { type: 'array', items: { type: 'object' } },
  },
  allOf: DECISIONS.map((d) => ({
    if: { properties: { decision: { const: d.id } }, required: ['decision'] },
    then: { properties: { cases: { items: caseSchema(d) } } },
  })),
});

/** rules/cases/given.json: the named sets of facts cases start from. */
const givenFileSchema = (): JsonSchema => ({
  type: 'object',
  required: ['given'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    description: { type: 'string' },
    given: {
      type: 'object',
      description: 'Named sets of facts a case starts from.',
      additionalProperties: {
        type: 'object',
        required: ['facts'],
        additionalProperties: false,
        properties: {
          description: { type: 'string' },
          extends: { type: 'string', description: 'Another entry whose facts these change.' },
          facts: { $ref: '#/definitions/account-and-order-facts' },
        },
      },
    },
  },
});

/** schemas/rule-cases.schema.json: case files and given.json, so an editor helps while typing. */
export function buildRuleCasesSchema(): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'rule-cases.schema.json',
    title: 'Rule cases',
    description:
      'Rule cases (rules/cases/<decision>.cases.json) or the named sets of facts they start from (rules/cases/given.json). Generated by scripts/rules-schema.ts from src/engine/decisions.ts and src/facts/vocabulary.ts: do not edit by hand.',
    oneOf: [caseFileSchema(), givenFileSchema()],
    definitions: factDefinitions(),
  };
}

/** The facts a case may set, defined once and referenced by every decision's cases. */
const factDefinitions = (): Record<string, JsonSchema> => ({
  'account-facts': factsSchema(CASE_FACTS),
  'account-and-order-facts': factsSchema([...CASE_FACTS, ...ITEM_FACTS]),
});

// ------------------------------------------------------------------------------------ loading

type Validator = ReturnType<Ajv['compile']>;
const validators: { cases?: Validator; given?: Validator } = {};
// Each kind of file is checked against its own half of the schema: errors of the other half are noise.
const validatorOf = (kind: 'cases' | 'given'): Validator =>
  (validators[kind] ??= new Ajv({ allErrors: true, strict: false }).compile({
    ...(kind === 'cases' ? caseFileSchema() : givenFileSchema()),
    definitions: factDefinitions(),
  }));

/** The schema's complaints about a file, in words, except where our own checks already said something. */
function schemaIssues(
  file: string,
  json: unknown,
  kind: 'cases' | 'given',
  own: readonly RulesetIssue[],
): RulesetIssue[] {
  const validate = validatorOf(kind);
  if (validate(json)) return [];
  const out: RulesetIssue[] = [];
  for (const e of validate.errors ?? []) {
    if (['if', 'oneOf', 'anyOf', 'allOf'].includes(e.keyword)) continue;
    const p = e.params as Record<string, unknown>;
    const base = e.instancePath
      .split('/')
      .slice(1)
      .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : `${acc}${acc ? '.' : ''}${part}`), '');
    const path =
      e.keyword === 'additionalProperties'
        ? `${base}${base ? '.' : ''}${String(p.additionalProperty)}`
        : base;
    if (own.some((o) => o.path === path || path.startsWith(`${o.path}.`) || path.startsWith(`${o.path}[`)))
      continue;
    const message =
      e.keyword === 'enum'
        ? `must be one of ${(p.allowedValues as unknown[]).map(show).join(', ')}`
        : e.keyword === 'additionalProperties'
          ? `'${String(p.additionalProperty)}' is not a field here`
          : e.keyword === 'required'
            ? `"${String(p.missingProperty)}" is missing`
            : (e.message ?? e.keyword);
    if (!out.some((o) => o.path === path && o.message === message)) out.push({ file, path, message });
  }
  return out;
}

/** One line per problem of a case file: `rules/cases/x.cases.json, case #3 'name', at cases[2].facts: ...`. */
export function formatCaseIssue(i: RulesetIssue): string {
  return `${i.file}${i.rule ? `, case ${i.rule}` : ''}, at ${i.path || '(top)'}: ${i.message}`;
}

/** The case files of `<rulesDir>/cases/`, checked: each problem names the file, the case and the path. */
export function loadCases(rulesDir: string): LoadedCases {
  const dir = join(rulesDir, 'cases');
  const base = resolve(rulesDir) === join(repoRoot, 'rules') ? 'rules' : rulesDir;
  const label = (name: string): string => `${base}/cases/${name}`;
  if (!existsSync(dir)) {
    return {
      files: [],
      given: {},
      issues: [{ file: label(''), path: '', message: 'there is no cases folder beside the rules' }],
    };
  }
  const texts = Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );
  return loadCaseTexts(texts, label, { given: checkGivenFile, cases: checkCasesFile });
}

/** The own checks of a given.json (engine/cases.ts), then the schema's backstop. */
function checkGivenFile(file: string, json: unknown): RulesetIssue[] {
  const issues = checkGiven(file, json);
  return [...issues, ...schemaIssues(file, json, 'given', issues)];
}

/** The own checks of a case file (engine/cases.ts), then the schema's backstop. */
function checkCasesFile(
  file: string,
  name: string,
  json: unknown,
  given: GivenFile['given'],
): RulesetIssue[] {
  const issues = checkCaseFile(file, name, json, given, nodePersonas());
  const cases = isObject(json) && Array.isArray(json.cases) ? (json.cases as unknown[]) : [];
  return [
    ...issues,
    ...schemaIssues(file, json, 'cases', issues).map((i) => {
      const m = /^cases\[(\d+)\]/.exec(i.path);
      return m ? { ...i, rule: caseRef(Number(m[1]), cases[Number(m[1])]) } : i;
    }),
  ];
}

let personasCache: CasePersonas | undefined;
/** The sandbox's personas, decided as the preview decides them. */
export function nodePersonas(): CasePersonas {
  if (personasCache) return personasCache;
  const byId = new Map(loadPersonas().map((p) => [p.id, p]));
  personasCache = {
    ids: [...byId.keys()],
    accounts: (id) => byId.get(id)?.accounts.length,
    decide: (runtime, id, date, accountIndex) =>
      decidePersona(runtime, byId.get(id)!, dayAt(date), accountIndex),
  };
  return personasCache;
}

/**
 * Runs every case on the rules (persona cases on the sandbox's personas); a passing case carries its trace
 * only with `traces: 'every case'`, which the coverage needs.
 */
export function runCases(
  rulesets: Rulesets,
  loaded: LoadedCases,
  options: RunCasesOptions = {},
): Promise<CaseResult[]> {
  return runCasesOn(rulesets, loaded, nodePersonas(), options);
}

// ------------------------------------------------------------------------------------ coverage

export interface Coverage {
  rules: { file: string; ref: string; matched: boolean }[];
  conditions: { file: string; ref: string; path: string; text: string; failed: boolean }[];
}

/** The outcome of a condition tree with one leaf's result flipped (null: not known). */
function evaluate(c: ConditionTrace, path: string, flip: string | null): boolean | null {
  if ('fact' in c) return path === flip && c.held !== null ? !c.held : c.held;
  if (c.group === 'not') {
    const v = evaluate(c.child, `${path}.not`, flip);
    return v === null ? null : !v;
  }
  const values = c.children.map((child, i) => evaluate(child, `${path}.${c.group}[${i}]`, flip));
  // json-rules-engine: an empty all and an empty any both hold.
  if (values.length === 0) return true;
  if (c.group === 'all') return values.includes(false) ? false : values.includes(null) ? null : true;
  return values.includes(true) ? true : values.includes(null) ? null : false;
}

function leaves(c: ConditionTrace, path: string, out: { path: string; held: boolean | null }[]): void {
  if ('fact' in c) out.push({ path, held: c.held });
  else if (c.group === 'not') leaves(c.child, `${path}.not`, out);
  else c.children.forEach((child, i) => leaves(child, `${path}.${c.group}[${i}]`, out));
}

function ruleLeaves(c: RuleCondition, path: string, out: { path: string; text: string }[]): void {
  if ('all' in c) c.all.forEach((x, i) => ruleLeaves(x, `${path}.all[${i}]`, out));
  else if ('any' in c) c.any.forEach((x, i) => ruleLeaves(x, `${path}.any[${i}]`, out));
  else if ('not' in c) ruleLeaves(c.not, `${path}.not`, out);
  else out.push({ path, text: `${c.fact} ${c.operator} ${show(c.value)}` });
}

/**
 * Which rules some case makes match, and which conditions some case makes fail while deciding the rule's
 * outcome (its failure alone changes whether the rule matches): a condition that only ever fails beside
 * other failing conditions is not shown to matter by any case. Only a case's own decision counts.
 */
export function coverageOf(rulesets: Rulesets, results: readonly CaseResult[]): Coverage {
  const matched = new Set<string>();
  const failed = new Set<string>();
  for (const r of results) {
    if (!r.trace)
      throw new Error(`the coverage reads every case's trace: run the cases with traces: 'every case'`);
    for (const rule of r.trace.rules) {
      const key = `${r.decision}#${rule.position}`;
      if (rule.matched) matched.add(key);
      const top = `rules[${rule.position - 1}].conditions`;
      const all: { path: string; held: boolean | null }[] = [];
      leaves(rule.conditions, top, all);
      const outcome = evaluate(rule.conditions, top, null);
      for (const leaf of all) {
        if (leaf.held !== false || outcome === null) continue;
        const flipped = evaluate(rule.conditions, top, leaf.path);
        if (flipped !== null && flipped !== outcome) failed.add(`${r.decision}#${leaf.path}`);
      }
    }
  }
  const coverage: Coverage = { rules: [], conditions: [] };
  for (const d of DECISIONS) {
    const file = `rules/${ruleFileOf(d.id)}`;
    rulesets[d.id].rules.forEach((rule, i) => {
      const ref = ruleRef(i + 1, rule.name);
      coverage.rules.push({ file, ref, matched: matched.has(`${d.id}#${i + 1}`) });
      const out: { path: string; text: string }[] = [];
      ruleLeaves(rule.conditions, `rules[${i}].conditions`, out);
      for (const leaf of out)
        coverage.conditions.push({ file, ref, ...leaf, failed: failed.has(`${d.id}#${leaf.path}`) });
    });
  }
  return coverage;
}

export function formatCoverage(c: Coverage): string {
  const rulesHit = c.rules.filter((r) => r.matched).length;
  const condHit = c.conditions.filter((x) => x.failed).length;
  const lines = [
    `rules matched by a case: ${rulesHit} of ${c.rules.length}`,
    `conditions a case makes fail (the rule's outcome turning on it): ${condHit} of ${c.conditions.length}`,
  ];
  const missedRules = c.rules.filter((r) => !r.matched);
  if (missedRules.length > 0) {
    lines.push('', 'rules no case makes match:');
    for (const r of missedRules) lines.push(`  ${r.file}, rule ${r.ref}`);
  }
  const missedConditions = c.conditions.filter((x) => !x.failed);
  if (missedConditions.length > 0) {
    lines.push('', 'conditions no case makes fail:');
    for (const x of missedConditions) lines.push(`  ${x.file}, rule ${x.ref}, at ${x.path}: ${x.text}`);
  }
  return lines.join('\n');
}

/** The case files of a cases folder given as texts (the studio's server checks a change with this). */
export function checkCaseTexts(texts: Readonly<Record<string, string>>): LoadedCases {
  return loadCaseTexts(texts, (name) => `rules/cases/${name}`, {
    given: checkGivenFile,
    cases: checkCasesFile,
  });
}
