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
  APPOINTMENT_TIMINGS,
  BANNERS,
  BILLING_ACTIONS,
  BILLING_PANEL_STATES,
  BRANDS,
  CONSTANT_NAMES,
  DATA_CALLS,
  DECISIONS,
  HISTORY_ACTIONS,
  HOME_VIEWS,
  NAV_ITEMS,
  ORDER_ACTIONS,
  OUTAGE_ALERTS,
  PAPERLESS_CALLS,
  PAYMENT_FLAGS,
  SECTIONS,
  SECTION_VARIANTS,
  WALLED_GARDEN_STATES,
  decisionSpec,
  ruleFileOf,
  type DecisionId,
  type DecisionSpec,
  type JsonSchema,
  UPGRADE_OFFERS,
  UPGRADE_PATHS,
  WIFI_PANEL_VARIANTS,
} from '../src/engine/decisions';
import { formatDecisionTrace } from '../src/engine/explain';
import { ruleRef } from '../src/engine/rule-ref';
import { createRuntime, type Runtime } from '../src/engine/runtime';
import type {
  ConditionTrace,
  DecisionTrace,
  HomeDecisions,
  ItemDecisions,
  RuleCondition,
  Rulesets,
} from '../src/engine/types';
import { closest, type RulesetIssue } from '../src/engine/validate';
import {
  ACCOUNT_FACTS,
  DECISION_FACTS,
  ORDER_FACTS,
  TOGGLE_NAMES,
  type AccountFacts,
  type FactDefinition,
  type OrderFacts,
} from '../src/facts/vocabulary';
import { loadPersonas, type Persona } from '../sandbox/personas';
import { PREVIEW_DATE, dayAt, decidePersona, parseJson, repoRoot } from './rules-lib';

type Facts = Record<string, string | number | boolean | null>;

export interface RuleCase {
  name: string;
  /** A named set of facts of given.json to start from instead of the file's. */
  given?: string;
  /** The facts this case changes. */
  facts?: Facts;
  /** Or: a persona of sandbox/personas/, on a date (default the preview's), its account N (from 1). */
  persona?: string;
  date?: string;
  account?: number;
  expect: Record<string, unknown>;
}

export interface CaseFile {
  $schema?: string;
  decision: DecisionId;
  description: string;
  /** The named set of facts every case starts from (given.json). */
  given: string;
  cases: RuleCase[];
}

export interface GivenEntry {
  description?: string;
  /** Another entry whose facts these change. */
  extends?: string;
  facts: Facts;
}

export interface GivenFile {
  $schema?: string;
  description?: string;
  given: Record<string, GivenEntry>;
}

// ------------------------------------------------------------------------------------ what is decided

type ListItem = { id: string; variant?: string };
type Outcome = { list: ListItem[] } | { record: Record<string, unknown> };

/** The decisions whose outcome is a list of things added (flags, actions, calls, sections). */
const LISTS: Partial<Record<DecisionId, readonly string[]>> = {
  payment: PAYMENT_FLAGS,
  'billing-actions': BILLING_ACTIONS,
  'data-loading': DATA_CALLS,
  'home-sections': SECTIONS,
  'order-actions': ORDER_ACTIONS,
  'history-actions': HISTORY_ACTIONS,
};

const on = (record: Record<string, boolean>): ListItem[] =>
  Object.entries(record)
    .filter(([, v]) => v)
    .map(([id]) => ({ id }));

/** What a decision decided, in the shape its cases' "expect" uses. */
function outcomeOf(id: DecisionId, d: HomeDecisions, item: ItemDecisions | null): Outcome {
  switch (id) {
    case 'toggles':
      return { record: d.toggles };
    case 'constants':
      return { record: d.constants };
    case 'walled-garden':
      return { record: d.walledGarden };
    case 'prepaid-card':
      return { record: d.prepaidCard };
    case 'payment':
      return { list: on(d.payment) };
    case 'credit-offer':
      return { record: d.creditOffer };
    case 'outage':
      return { record: d.outage };
    case 'appointment-timing':
      return { record: d.appointmentTiming };
    case 'token':
      return { record: d.token };
    case 'data-loading':
      return { list: d.dataLoading.calls.map((id) => ({ id })) };
    case 'brand':
      return { record: d.brand };
    case 'home-view':
      return { record: { view: d.homeView.view, messageKind: d.homeView.params.messageKind ?? null } };
    case 'account-banners':
      return { record: { banner: d.banner?.banner ?? null } };
    case 'navigation':
      return { record: d.navigation };
    case 'billing-actions':
      return { list: on(d.billingActions) };
    case 'billing-panel':
      return { record: d.billingPanel };
    case 'paperless':
      return { record: d.paperless };
    case 'home-sections':
      return {
        list: d.sections.map((s) => ({
          id: s.section,
          ...(s.params.variant ? { variant: s.params.variant } : {}),
        })),
      };
    case 'order-actions':
      return { list: on(d.orderActions) };
    case 'appointment-messages':
      return { record: { show: item?.appointmentMessages ?? null } };
    case 'history-actions':
      return { list: item ? on(item.actions) : [] };
    case 'upgrade-offer':
      return { record: d.upgradeOffer };
    case 'upgrade-path':
      return { record: d.upgradePath };
    case 'modem-upgrade':
      return { record: d.modemUpgrade };
    case 'wifi-panel':
      return { record: d.wifiPanel };
  }
}

/**
 * The facts a case may set: the account's, and the feature toggles (`toggle.cancel`), which a case switches
 * as if rules/toggles.json said so: "with the embargo message toggle on, ..." is a sentence of the spec.
 */
const TOGGLE_FACTS = DECISION_FACTS.filter((f) => f.name.startsWith('toggle.'));
const CASE_FACTS: readonly FactDefinition[] = [...ACCOUNT_FACTS, ...TOGGLE_FACTS];
/** A per-item case's facts: the item's, and what the pending-order alert offers (orderActions.*). */
const ITEM_FACTS: readonly FactDefinition[] = [
  ...ORDER_FACTS,
  ...DECISION_FACTS.filter((f) => f.name.startsWith('orderActions.')),
];

// ------------------------------------------------------------------------------------ the schema

const nullable = (s: JsonSchema): JsonSchema => ({ anyOf: [s, { type: 'null' }] });
const enumOf = (values: readonly unknown[]): JsonSchema => ({ enum: [...values] });

/** The JSON Schema of "expect" for one decision (generated from the decision table). */
function expectSchema(d: DecisionSpec): JsonSchema {
  const items = LISTS[d.id as DecisionId];
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
        ...(d.id === 'home-sections'
          ? {
              variants: {
                type: 'object',
                description: 'The section shows, in this variant.',
                additionalProperties: false,
                properties: Object.fromEntries(
                  Object.entries(SECTION_VARIANTS).map(([s, v]) => [s, enumOf(v)]),
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
  switch (d.id as DecisionId) {
    case 'toggles':
      return record(Object.fromEntries(TOGGLE_NAMES.map((t) => [t, { type: 'boolean' }])));
    case 'constants':
      return record(Object.fromEntries(CONSTANT_NAMES.map((c) => [c, nullable({ type: 'number' })])));
    case 'walled-garden':
      return record({ state: enumOf(WALLED_GARDEN_STATES) });
    case 'prepaid-card':
      return record({ status: enumOf([0, 1, 2]) });
    case 'outage':
      return record({ alert: enumOf(OUTAGE_ALERTS) });
    case 'appointment-timing':
      return record({ timing: enumOf(APPOINTMENT_TIMINGS) });
    case 'brand':
      return record({ brand: enumOf(BRANDS) });
    case 'billing-panel':
      return record({ state: enumOf(BILLING_PANEL_STATES) });
    case 'paperless':
      return record({ call: enumOf(PAPERLESS_CALLS) });
    case 'home-view':
      return record({ view: enumOf(HOME_VIEWS), messageKind: enumOf(['bgs', 'fed', null]) });
    case 'account-banners':
      return record({ banner: enumOf([...BANNERS, null]) });
    case 'navigation':
      return record({
        items: { type: 'array', items: enumOf(NAV_ITEMS) },
        emptyItem: { type: 'boolean' },
        search: { type: 'boolean' },
      });
    case 'upgrade-offer':
    case 'modem-upgrade':
      return record({ offer: enumOf(UPGRADE_OFFERS) });
    case 'upgrade-path':
      return record({ path: enumOf(UPGRADE_PATHS) });
    case 'wifi-panel':
      return record({ variant: enumOf(WIFI_PANEL_VARIANTS) });
    default:
      return record({ show: { type: 'boolean' }, fresh: { type: 'boolean' } });
  }
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

export interface LoadedCases {
  files: { file: string; cases: CaseFile }[];
  given: GivenFile['given'];
  issues: RulesetIssue[];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const show = (v: unknown): string => JSON.stringify(v) ?? 'undefined';
const caseRef = (i: number, c: unknown): string => ruleRef(i + 1, isObject(c) ? c.name : undefined);

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
  const result: LoadedCases = { files: [], given: {}, issues: [] };
  const base = resolve(rulesDir) === join(repoRoot, 'rules') ? 'rules' : rulesDir;
  const label = (name: string): string => `${base}/cases/${name}`;
  if (!existsSync(dir)) {
    result.issues.push({ file: label(''), path: '', message: 'there is no cases folder beside the rules' });
    return result;
  }
  const names = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const parsed = new Map<string, unknown>();
  for (const name of names) {
    const p = parseJson(readFileSync(join(dir, name), 'utf8'));
    if ('problem' in p) result.issues.push({ file: label(name), path: p.where, message: p.problem });
    else parsed.set(name, p.json);
  }
  const givenJson = parsed.get('given.json');
  if (givenJson === undefined) {
    if (!result.issues.some((i) => i.file === label('given.json')))
      result.issues.push({ file: label('given.json'), path: '', message: 'the file is missing' });
  } else {
    result.issues.push(...checkGiven(label('given.json'), givenJson));
    if (isObject(givenJson) && isObject(givenJson.given))
      result.given = givenJson.given as GivenFile['given'];
  }
  for (const [name, json] of parsed) {
    if (name === 'given.json') continue;
    const file = label(name);
    const issues = checkCaseFile(file, name, json, result.given);
    result.issues.push(...issues);
    if (issues.length === 0) result.files.push({ file, cases: json as CaseFile });
  }
  return result;
}

function checkFacts(
  issues: RulesetIssue[],
  file: string,
  rule: string | undefined,
  facts: unknown,
  path: string,
  known: readonly FactDefinition[],
): void {
  const at = (p: string, message: string): void => {
    issues.push({ file, ...(rule ? { rule } : {}), path: p, message });
  };
  if (!isObject(facts)) {
    at(path, '"facts" lists fact names with their values: {"accountTenure": 0}');
    return;
  }
  const names = known.map((f) => f.name);
  for (const [name, value] of Object.entries(facts)) {
    const def = known.find((f) => f.name === name);
    if (!def) {
      const guess = closest(name, names);
      at(`${path}.${name}`, `unknown fact '${name}'${guess ? `: did you mean '${guess}'?` : ''}`);
    } else if (value !== null && typeof value !== def.type) {
      at(`${path}.${name}`, `'${name}' is a ${def.type} (or null for unknown), not ${show(value)}`);
    } else if (def.closed && def.values && value !== null && !def.values.includes(value as string | number)) {
      at(
        `${path}.${name}`,
        `${show(value)} is not a value '${name}' can have (${def.values.map(show).join(', ')})`,
      );
    }
  }
}

function checkGiven(file: string, json: unknown): RulesetIssue[] {
  const issues: RulesetIssue[] = [];
  if (!isObject(json) || !isObject(json.given)) {
    return [
      { file, path: 'given', message: '"given" names sets of facts: {"plain account": {"facts": {...}}}' },
    ];
  }
  const entries = json.given;
  for (const [name, entry] of Object.entries(entries)) {
    const path = `given.${name}`;
    if (!isObject(entry)) {
      issues.push({
        file,
        path,
        message: 'an entry is {"description": ..., "extends": ..., "facts": {...}}',
      });
      continue;
    }
    checkFacts(issues, file, undefined, entry.facts, `${path}.facts`, [...CASE_FACTS, ...ITEM_FACTS]);
    const seen = [name];
    let next = entry.extends;
    while (typeof next === 'string') {
      if (!(next in entries)) {
        issues.push({ file, path: `${path}.extends`, message: `no entry is named '${next}'` });
        break;
      }
      if (seen.includes(next)) {
        issues.push({
          file,
          path: `${path}.extends`,
          message: `the entries extend each other in a circle: ${seen.join(' -> ')}`,
        });
        break;
      }
      seen.push(next);
      const parent = entries[next];
      next = isObject(parent) ? parent.extends : undefined;
    }
  }
  return [...issues, ...schemaIssues(file, json, 'given', issues)];
}

function checkCaseFile(file: string, name: string, json: unknown, given: GivenFile['given']): RulesetIssue[] {
  const issues: RulesetIssue[] = [];
  const at = (path: string, message: string, rule?: string): void => {
    issues.push({ file, ...(rule ? { rule } : {}), path, message });
  };
  if (!isObject(json))
    return [{ file, path: '', message: 'a case file is {"decision", "description", "given", "cases"}' }];
  const ids = DECISIONS.map((d) => d.id);
  const decision = typeof json.decision === 'string' ? decisionSpec(json.decision) : undefined;
  if (!decision) {
    const guess = typeof json.decision === 'string' ? closest(json.decision, ids) : undefined;
    at(
      'decision',
      `"decision" must name a decision${guess ? `: did you mean '${guess}'?` : ` (${ids.join(', ')})`}`,
    );
    return issues;
  }
  if (name !== `${decision.id}.cases.json`)
    at('decision', `the cases of '${decision.id}' live in ${decision.id}.cases.json`);
  const personas = new Map(loadPersonas().map((p) => [p.id, p]));
  const givenNames = Object.keys(given);
  const checkGivenName = (value: unknown, path: string, rule?: string): void => {
    if (typeof value === 'string' && value in given) return;
    const guess = typeof value === 'string' ? closest(value, givenNames) : undefined;
    at(
      path,
      `no set of facts in given.json is named ${show(value)}${guess ? `: did you mean '${guess}'?` : ''}`,
      rule,
    );
  };
  checkGivenName(json.given, 'given');
  const known = decision.stage === 'order' ? [...CASE_FACTS, ...ITEM_FACTS] : CASE_FACTS;
  if (!Array.isArray(json.cases)) at('cases', '"cases" is a list of cases in [ ]');
  const names = new Set<string>();
  (Array.isArray(json.cases) ? json.cases : []).forEach((c, i) => {
    const path = `cases[${i}]`;
    const rule = caseRef(i, c);
    if (!isObject(c)) return;
    if (typeof c.name === 'string') {
      if (names.has(c.name))
        at(`${path}.name`, 'another case has this name: name each case after what it checks', rule);
      names.add(c.name);
    }
    if ('given' in c) checkGivenName(c.given, `${path}.given`, rule);
    if ('facts' in c) checkFacts(issues, file, rule, c.facts, `${path}.facts`, known);
    if ('persona' in c) {
      if ('facts' in c || 'given' in c)
        at(path, 'a case gives either facts (and "given") or a persona, not both', rule);
      if (decision.stage === 'order')
        at(`${path}.persona`, `${decision.id} cases give the facts of an order`, rule);
      const persona = typeof c.persona === 'string' ? personas.get(c.persona) : undefined;
      if (!persona) {
        const guess = typeof c.persona === 'string' ? closest(c.persona, [...personas.keys()]) : undefined;
        at(
          `${path}.persona`,
          `no persona is named ${show(c.persona)}${guess ? `: did you mean '${guess}'?` : ''}`,
          rule,
        );
      } else if (typeof c.account === 'number' && c.account > persona.accounts.length) {
        at(`${path}.account`, `${persona.id} has ${persona.accounts.length} account(s)`, rule);
      }
    } else if ('date' in c || 'account' in c) {
      at(path, '"date" and "account" go with a persona', rule);
    }
  });
  return [
    ...issues,
    ...schemaIssues(file, json, 'cases', issues).map((i) => {
      const m = /^cases\[(\d+)\]/.exec(i.path);
      const c = m && Array.isArray(json.cases) ? (json.cases as unknown[])[Number(m[1])] : undefined;
      return m ? { ...i, rule: caseRef(Number(m[1]), c) } : i;
    }),
  ];
}

/** The facts of a given entry, its `extends` applied first. */
function givenFacts(given: GivenFile['given'], name: string): Facts {
  const entry = given[name];
  if (!entry) throw new Error(`no set of facts in given.json is named '${name}'`);
  return { ...(entry.extends ? givenFacts(given, entry.extends) : {}), ...entry.facts };
}

// ------------------------------------------------------------------------------------ running

export interface CaseResult {
  file: string;
  decision: DecisionId;
  /** `#3 'name'`. */
  ref: string;
  case: RuleCase;
  /** Why it fails, one line each; empty when it passes. */
  failures: string[];
  expected: string;
  got: string;
  trace: DecisionTrace;
}

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const words = (record: Record<string, unknown>): string =>
  Object.entries(record)
    .map(([k, v]) => `${k} ${show(v)}`)
    .join(', ');
const listWords = (items: ListItem[]): string =>
  items.length === 0
    ? '(nothing)'
    : items.map((i) => (i.variant ? `${i.id} (${i.variant})` : i.id)).join(', ');

/** Compares an outcome with a case's "expect"; each failure in plain words. */
export function compare(expect: Record<string, unknown>, outcome: Outcome): string[] {
  const failures: string[] = [];
  if ('record' in outcome) {
    for (const [key, value] of Object.entries(expect)) {
      if (!sameValue(outcome.record[key], value))
        failures.push(`${key}: expected ${show(value)}, got ${show(outcome.record[key])}`);
    }
    return failures;
  }
  const ids = outcome.list.map((i) => i.id);
  const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
  for (const id of list(expect.includes))
    if (!ids.includes(id)) failures.push(`expected ${id}, which is not decided`);
  for (const id of list(expect.excludes))
    if (ids.includes(id)) failures.push(`expected no ${id}, but it is decided`);
  if ('exactly' in expect && !sameValue(ids, list(expect.exactly)))
    failures.push(`expected exactly ${list(expect.exactly).join(', ') || '(nothing)'}`);
  if ('inOrder' in expect) {
    const wanted = list(expect.inOrder);
    const seen = ids.filter((id) => wanted.includes(id));
    if (!sameValue(seen, wanted)) failures.push(`expected in this order: ${wanted.join(', ')}`);
  }
  if ('first' in expect && ids[0] !== expect.first) failures.push(`expected ${String(expect.first)} first`);
  for (const [id, variant] of Object.entries(isObject(expect.variants) ? expect.variants : {})) {
    const item = outcome.list.find((i) => i.id === id);
    if (!item) failures.push(`expected ${id} (${String(variant)}), which is not decided`);
    else if (item.variant !== variant)
      failures.push(`expected ${id} in its variant ${String(variant)}, got ${item.variant ?? 'no variant'}`);
  }
  return failures;
}

function expectedWords(decision: DecisionId, expect: Record<string, unknown>): string {
  if (!LISTS[decision]) return words(expect);
  return Object.entries(expect)
    .map(([k, v]) =>
      k === 'variants' && isObject(v)
        ? Object.entries(v)
            .map(([s, variant]) => `${s} (${String(variant)})`)
            .join(', ')
        : `${k} ${Array.isArray(v) ? v.join(', ') || '(nothing)' : String(v)}`,
    )
    .join('; ');
}

/** The rules that explain a failure: the winner, and the rules that would give what was expected. */
function explainTrace(decision: DecisionId, trace: DecisionTrace, c: RuleCase): DecisionTrace {
  const spec = decisionSpec(decision)!;
  const key = (spec.params as { required?: string[] }).required?.[0];
  const wanted = new Set<string>();
  const e = c.expect;
  if (LISTS[decision] && key) {
    for (const k of ['includes', 'excludes', 'exactly', 'inOrder'])
      for (const id of Array.isArray(e[k]) ? (e[k] as unknown[]) : []) wanted.add(String(id));
    if (typeof e.first === 'string') wanted.add(e.first);
    for (const id of Object.keys(isObject(e.variants) ? e.variants : {})) wanted.add(id);
  }
  const relevant = trace.rules.filter((r) => {
    if (r.name === trace.winner) return true;
    if (LISTS[decision] && key) return wanted.has(String(r.event.params[key]));
    if (spec.kind === 'lookup' && spec.lookupKey) return String(r.event.params[spec.lookupKey]) in e;
    // First match: the rules whose decision is what the case expected.
    return Object.entries(e).every(([k, v]) => !(k in r.event.params) || sameValue(r.event.params[k], v));
  });
  return { ...trace, rules: relevant.slice(0, 6) };
}

/** The runtime of the rules, with toggles switched as a case says (built once per setting). */
function runtimes(rulesets: Rulesets): (toggles: Facts) => Runtime {
  const built = new Map<string, Runtime>();
  return (toggles) => {
    const key = JSON.stringify(Object.entries(toggles).sort());
    let runtime = built.get(key);
    if (!runtime) {
      const switched: Rulesets = { ...rulesets, toggles: structuredClone(rulesets.toggles) };
      for (const rule of switched.toggles.rules) {
        const name = `toggle.${String(rule.event.params.toggle)}`;
        if (name in toggles) rule.event.params.on = toggles[name];
      }
      runtime = createRuntime(switched);
      built.set(key, runtime);
    }
    return runtime;
  };
}

export async function runCases(rulesets: Rulesets, loaded: LoadedCases): Promise<CaseResult[]> {
  const runtime = runtimes(rulesets);
  const personas = new Map(loadPersonas().map((p) => [p.id, p]));
  const results: CaseResult[] = [];
  for (const { file, cases } of loaded.files) {
    for (const [i, c] of cases.cases.entries()) {
      const run = await runCase(runtime, loaded.given, cases, c, personas);
      const failures = compare(c.expect, run.outcome);
      results.push({
        file,
        decision: cases.decision,
        ref: caseRef(i, c),
        case: c,
        failures,
        expected: expectedWords(cases.decision, c.expect),
        got: 'list' in run.outcome ? listWords(run.outcome.list) : words(run.outcome.record),
        trace: run.trace,
      });
    }
  }
  return results;
}

async function runCase(
  runtimeWith: (toggles: Facts) => Runtime,
  given: GivenFile['given'],
  file: CaseFile,
  c: RuleCase,
  personas: Map<string, Persona>,
): Promise<{ outcome: Outcome; trace: DecisionTrace }> {
  const traceOf = (explain: DecisionTrace[]): DecisionTrace =>
    explain.find((d) => d.decision === file.decision)!;
  if (c.persona !== undefined) {
    const persona = personas.get(c.persona)!;
    const r = await decidePersona(
      runtimeWith({}),
      persona,
      dayAt(c.date ?? PREVIEW_DATE),
      (c.account ?? 1) - 1,
    );
    return { outcome: outcomeOf(file.decision, r.decisions, null), trace: traceOf(r.explain) };
  }
  const facts = { ...givenFacts(given, c.given ?? file.given), ...c.facts };
  const runtime = runtimeWith(
    Object.fromEntries(Object.entries(facts).filter(([k]) => k.startsWith('toggle.'))),
  );
  const account = Object.fromEntries(
    ACCOUNT_FACTS.map((f) => [f.name, facts[f.name] ?? null]),
  ) as unknown as AccountFacts;
  const { decisions, explain } = await runtime.decide(account);
  if (decisionSpec(file.decision)?.stage !== 'order') {
    return { outcome: outcomeOf(file.decision, decisions, null), trace: traceOf(explain) };
  }
  const order = Object.fromEntries(
    ORDER_FACTS.map((f) => [f.name, facts[f.name] ?? null]),
  ) as unknown as OrderFacts;
  const r = await runtime.decideItem(order, {
    toggles: decisions.toggles,
    // A case may set what the pending-order alert offers as a fact, as the per-item rules read it.
    orderActions: {
      ...decisions.orderActions,
      ...('orderActions.cancelOrder' in facts
        ? { 'cancel-order': facts['orderActions.cancelOrder'] === true }
        : {}),
    },
  });
  return { outcome: outcomeOf(file.decision, decisions, r.decisions), trace: traceOf(r.explain) };
}

/** A failed case in plain words: case, expected, got, and the explain trace of the deciding rules. */
export function formatFailure(r: CaseResult): string {
  const trace = formatDecisionTrace(explainTrace(r.decision, r.trace, r.case))
    .split('\n')
    .map((l) => `      ${l}`)
    .join('\n');
  return [
    `FAIL ${r.file}, case ${r.ref}`,
    `    decision: ${r.decision}`,
    `    expected: ${r.expected}`,
    `    got:      ${r.got}`,
    ...r.failures.map((f) => `    - ${f}`),
    '    explain (the deciding rule and the rules that would decide what was expected):',
    trace,
  ].join('\n');
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
