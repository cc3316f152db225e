/**
 * Checks one rule file and explains every problem in plain words, naming the file, the rule and the JSON
 * path, with a "did you mean" for a misspelt name. Two layers:
 *  - our own walk over the file, which knows the vocabulary, the stages and json-rules-engine's traps
 *    (`in` with a non-array value throws, its issue #412) and writes messages an analyst can act on;
 *  - the precompiled schema validator (schemas/ruleset.schema.json, ajv standalone: the browser's CSP
 *    forbids compiling schemas at run time), as the backstop for anything the walk does not cover.
 * Browser-safe: no node imports.
 */
import { validateRuleset as schemaValidate } from '../generated/validators/ruleset.js';
import type { ValidationError } from '../generated/validators';
import { factDefinition, type FactDefinition } from '../facts/vocabulary';
import { DECISIONS, decisionSpec, ruleFileOf, SECTION_VARIANTS, type DecisionSpec } from './decisions';
import { factsFor } from './fact-scope';
import { depthProblem, JSON_LIMITS, valueDepth } from './json-bounds';
import { ACKNOWLEDGEABLE_FINDINGS, FINDING_CODES, type FindingCode } from './findings';
import { ruleRef } from './rule-ref';
import { ALL_OPERATORS, ARRAY_OPERATORS, OPERATORS_BY_TYPE } from './schema-builder';

export interface RulesetIssue {
  /** The rule file, e.g. 'rules/home-view.json'. */
  file: string;
  /** The rule: its position from 1 and its name, `#3 'embargo'` (rule-ref.ts). */
  rule?: string;
  /** Where in the file, e.g. 'rules[2].conditions.all[0].fact'. */
  path: string;
  message: string;
  /** A warning does not stop the file from loading (rules:check prints it and still passes). */
  severity?: 'warning';
  /** For a finding of the analysis (analyze.ts): its kind, which an acknowledgement names. */
  code?: FindingCode;
}

/** One line per issue: `rules/home-view.json, rule #3 'blocked', at rules[2].conditions.all[0].fact: ...`. */
export function formatIssue(issue: RulesetIssue): string {
  const rule = issue.rule ? `, rule ${issue.rule}` : '';
  const warning = issue.severity === 'warning' ? 'warning: ' : '';
  const code = issue.code ? ` [${issue.code}]` : '';
  return `${warning}${issue.file}${rule}, at ${issue.path || '(top)'}: ${issue.message}${code}`;
}

/** Levenshtein distance, for "did you mean". */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length]!;
}

/** The closest candidate, if it is close enough to be a plausible typo. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  const exactCase = candidates.find((c) => c.toLowerCase() === lower);
  if (exactCase) return exactCase;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = editDistance(lower, c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  const limit = Math.max(2, Math.floor(word.length / 3));
  return bestDistance <= limit ? best : undefined;
}

const didYouMean = (word: string, candidates: readonly string[]): string => {
  const c = closest(word, candidates);
  return c ? `: did you mean '${c}'?` : '';
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const show = (v: unknown): string => JSON.stringify(v) ?? 'undefined';
const list = (values: readonly unknown[]): string => values.map((v) => show(v)).join(', ');

const RULE_KEYS = ['name', 'description', 'priority', 'conditions', 'event', 'acknowledge'];
const TOP_KEYS = ['$schema', 'decision', 'kind', 'description', 'rules'];
const CONDITION_KEYS = ['fact', 'operator', 'value'];
const TYPE_WORDS = { number: 'a number', string: 'text', boolean: 'true or false' } as const;

class Checker {
  readonly issues: RulesetIssue[] = [];
  private rule: string | undefined;

  constructor(
    private readonly file: string,
    private readonly decision: DecisionSpec | undefined,
  ) {}

  report(path: string, message: string, severity?: 'warning'): void {
    this.issues.push({
      file: this.file,
      ...(this.rule ? { rule: this.rule } : {}),
      path,
      message,
      ...(severity ? { severity } : {}),
    });
  }

  inRule<T>(label: string | undefined, fn: () => T): T {
    const saved = this.rule;
    this.rule = label;
    try {
      return fn();
    } finally {
      this.rule = saved;
    }
  }

  unknownKeys(node: Record<string, unknown>, allowed: readonly string[], path: string, what: string): void {
    for (const key of Object.keys(node)) {
      if (!allowed.includes(key)) {
        this.report(
          `${path}${path ? '.' : ''}${key}`,
          `'${key}' is not a field of ${what}${didYouMean(key, allowed)}`,
        );
      }
    }
  }

  condition(node: unknown, path: string, top: boolean): void {
    if (!isObject(node)) {
      this.report(
        path,
        `a condition must be an object such as {"fact": ..., "operator": ..., "value": ...}, not ${show(node)}`,
      );
      return;
    }
    const groups = (['all', 'any', 'not'] as const).filter((k) => k in node);
    if (groups.length > 1 || (groups.length === 1 && 'fact' in node)) {
      this.report(
        path,
        `a condition has exactly one of "all", "any", "not" or "fact"; this one has ${Object.keys(node).join(', ')}`,
      );
      return;
    }
    const group = groups[0];
    if (group) {
      this.unknownKeys(node, [group], path, `an "${group}" condition`);
      const inner = node[group];
      if (group === 'not') {
        this.condition(inner, `${path}.not`, false);
      } else if (!Array.isArray(inner)) {
        this.report(`${path}.${group}`, `"${group}" takes a list of conditions in [ ]`);
      } else {
        inner.forEach((c, i) => this.condition(c, `${path}.${group}[${i}]`, false));
      }
      return;
    }
    if (top) {
      this.report(
        path,
        'the conditions of a rule start with "all", "any" or "not" (wrap a single condition in {"all": [ ... ]})',
      );
      return;
    }
    this.factCondition(node, path);
  }

  private factCondition(node: Record<string, unknown>, path: string): void {
    this.unknownKeys(node, CONDITION_KEYS, path, 'a fact condition (fact, operator, value)');
    for (const key of CONDITION_KEYS) {
      if (!(key in node)) this.report(path, `this condition has no "${key}"`);
    }
    const { fact, operator, value } = node;
    const def = this.fact(fact, `${path}.fact`);
    if (typeof operator !== 'string') {
      if ('operator' in node)
        this.report(`${path}.operator`, `the operator must be text, one of ${list(ALL_OPERATORS)}`);
      return;
    }
    if (!ALL_OPERATORS.includes(operator)) {
      this.report(
        `${path}.operator`,
        `unknown operator '${operator}'${didYouMean(operator, ALL_OPERATORS)} (operators: ${ALL_OPERATORS.join(', ')})`,
      );
      return;
    }
    if (!def || !('value' in node)) return;
    const allowed = OPERATORS_BY_TYPE[def.type];
    if (!allowed.includes(operator)) {
      this.report(
        `${path}.operator`,
        `'${operator}' cannot compare '${def.name}', which is ${TYPE_WORDS[def.type]}: use one of ${allowed.join(', ')}`,
      );
      return;
    }
    const isArrayOp = (ARRAY_OPERATORS as readonly string[]).includes(operator);
    if (isObject(value) && !isArrayOp) {
      this.constantValue(def, value, `${path}.value`);
    } else if (isArrayOp) {
      if (!Array.isArray(value) || value.length === 0) {
        this.report(
          `${path}.value`,
          `'${operator}' needs a list of values in [ ], for example ["RES", "SMB"]; got ${show(value)}`,
        );
        return;
      }
      value.forEach((v, i) => this.value(def, v, `${path}.value[${i}]`));
    } else if (Array.isArray(value)) {
      this.report(
        `${path}.value`,
        `'${operator}' compares with one value, not a list: use 'in' to test against a list`,
      );
    } else if (value !== null) {
      this.value(def, value, `${path}.value`);
    }
  }

  /** A value naming a constant, `{"fact": "constant.walledGardenGraceDays"}`: the one way to compare with a fact. */
  private constantValue(def: FactDefinition, value: Record<string, unknown>, path: string): void {
    const constants = this.decision
      ? factsFor(this.decision).filter((f) => f.name.startsWith('constant.'))
      : [];
    const example = '{"fact": "constant.walledGardenGraceDays"}';
    const keys = Object.keys(value);
    if (keys.length !== 1 || typeof value.fact !== 'string') {
      this.report(
        path,
        `a value is ${TYPE_WORDS[def.type]}, or a constant written as ${example}; got ${show(value)}`,
      );
      return;
    }
    const ref = constants.find((f) => f.name === value.fact);
    if (!ref) {
      this.report(
        `${path}.fact`,
        constants.length === 0
          ? `${this.decision?.id ?? 'these'} rules cannot compare with a constant (constants are decided alongside them)`
          : `a condition can compare with a constant only, and '${value.fact}' is not one${didYouMean(
              value.fact,
              constants.map((f) => f.name),
            )}`,
      );
    } else if (ref.type !== def.type) {
      this.report(
        `${path}.fact`,
        `'${def.name}' is ${TYPE_WORDS[def.type]}, and '${ref.name}' is ${TYPE_WORDS[ref.type]}`,
      );
    }
  }

  private fact(name: unknown, path: string): FactDefinition | undefined {
    if (typeof name !== 'string') {
      this.report(path, 'the fact must be text: the name of a fact of the vocabulary (rules/README.md)');
      return undefined;
    }
    if (!this.decision) return factDefinition(name);
    const usable = factsFor(this.decision);
    const def = usable.find((f) => f.name === name);
    if (def) return def;
    const known = factDefinition(name);
    if (known) {
      this.report(
        path,
        known.source === 'decision'
          ? `'${name}' is decided by another rule file that runs after or alongside ${this.file}, so these rules cannot use it`
          : `'${name}' is not available to ${this.decision.id} rules (it belongs to another kind of decision)`,
      );
      return undefined;
    }
    this.report(
      path,
      `unknown fact '${name}'${didYouMean(
        name,
        usable.map((f) => f.name),
      )}`,
    );
    return undefined;
  }

  private value(def: FactDefinition, value: unknown, path: string): void {
    if (typeof value !== def.type) {
      const hint =
        def.type === 'string' && typeof value === 'number' ? ` (write it in quotes: "${String(value)}")` : '';
      this.report(
        path,
        `'${def.name}' is ${TYPE_WORDS[def.type]}, so compare it with ${TYPE_WORDS[def.type]}, not ${show(value)}${hint}`,
      );
      return;
    }
    if (!def.values || def.values.includes(value as string | number)) return;
    const suggestion = typeof value === 'string' ? closest(value, def.values.map(String)) : undefined;
    if (def.closed) {
      this.report(
        path,
        `${show(value)} is not a value '${def.name}' can have (${list(def.values)})${suggestion ? `: did you mean '${suggestion}'?` : ''}`,
      );
    } else if (suggestion) {
      // Other values may exist, so this is only a warning: but a near miss of a known value is usually a typo.
      this.report(
        path,
        `${show(value)} is not one of the known values of '${def.name}' (${list(def.values)}): did you mean '${suggestion}'?`,
        'warning',
      );
    }
  }
}

function ruleLabel(rule: unknown, index: number): string {
  return ruleRef(index + 1, isObject(rule) ? rule.name : undefined);
}

function checkAcknowledge(c: Checker, value: unknown, path: string): void {
  if (!isObject(value)) {
    c.report(path, '"acknowledge" lists findings this rule intends, with why: {"same-order": "why"}');
    return;
  }
  for (const [code, reason] of Object.entries(value)) {
    if (!(ACKNOWLEDGEABLE_FINDINGS as string[]).includes(code)) {
      const known = (FINDING_CODES as string[]).includes(code);
      c.report(
        `${path}.${code}`,
        known
          ? `'${code}' cannot be acknowledged: fix the rule (findings that can be: ${ACKNOWLEDGEABLE_FINDINGS.join(', ')})`
          : `'${code}' is not a finding of rules:check${didYouMean(code, ACKNOWLEDGEABLE_FINDINGS)} (findings that can be acknowledged: ${ACKNOWLEDGEABLE_FINDINGS.join(', ')})`,
      );
    } else if (typeof reason !== 'string' || !reason.trim()) {
      c.report(`${path}.${code}`, 'say why it is intended, in words: an acknowledgement needs a reason');
    }
  }
}

function pathOf(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : `${acc}${acc ? '.' : ''}${part}`), '');
}

/** Turns a schema error into words; null for errors that only echo another (if/then, anyOf wrappers). */
function schemaMessage(e: ValidationError): string | null {
  const p = e.params;
  switch (e.keyword) {
    case 'if':
    case 'anyOf':
    case 'oneOf':
    case 'allOf':
      return null;
    case 'enum': {
      const allowed = Array.isArray(p.allowedValues) ? (p.allowedValues as unknown[]) : [];
      return `must be one of ${list(allowed)}`;
    }
    case 'const':
      return `must be ${show(p.allowedValue)}`;
    case 'required':
      return `"${String(p.missingProperty)}" is missing`;
    case 'additionalProperties':
      return `'${String(p.additionalProperty)}' is not allowed here`;
    case 'type':
      return `must be ${String(p.type)}`;
    default:
      return e.message ?? e.keyword;
  }
}

/**
 * Validates one rule file. `fileName` is its name ('home-view.json' or 'rules/home-view.json'); the
 * result is empty when the file is fine.
 */
export function validateRuleset(fileName: string, json: unknown): RulesetIssue[] {
  const base = fileName.split('/').pop() ?? fileName;
  const file = fileName.includes('/') ? fileName : `rules/${fileName}`;
  if (!isObject(json)) {
    return [
      {
        file,
        path: '',
        message: 'a rule file is a JSON object with "decision", "kind", "description" and "rules"',
      },
    ];
  }
  // Bounded before any walk: the walks below recurse, and a file nested thousands of levels deep would
  // overflow the stack instead of being refused.
  const tooDeep = depthProblem(valueDepth(json, JSON_LIMITS.depth));
  if (tooDeep) return [{ file, path: '', message: tooDeep }];
  const decision = typeof json.decision === 'string' ? decisionSpec(json.decision) : undefined;
  const c = new Checker(file, decision);
  c.unknownKeys(json, TOP_KEYS, '', 'a rule file');

  const ids = DECISIONS.map((d) => d.id);
  if (typeof json.decision !== 'string')
    c.report('decision', `"decision" must name the decision this file makes: one of ${ids.join(', ')}`);
  else if (!decision)
    c.report('decision', `unknown decision '${json.decision}'${didYouMean(json.decision, ids)}`);
  else if (ruleFileOf(decision.id) !== base) {
    c.report(
      'decision',
      `the rules of '${decision.id}' live in rules/${ruleFileOf(decision.id)}, not ${file}`,
    );
  }
  if (decision && json.kind !== decision.kind) {
    c.report(
      'kind',
      `'${decision.id}' is a ${decision.kind} decision: "kind" must be "${decision.kind}", not ${show(json.kind)}`,
    );
  }
  if (typeof json.description !== 'string')
    c.report('description', 'the file needs a "description" saying what it decides');

  const rules = json.rules;
  if (!Array.isArray(rules)) {
    c.report('rules', '"rules" must be a list of rules in [ ]');
    return c.issues;
  }

  const names = new Map<string, number>();
  rules.forEach((rule, i) => {
    const path = `rules[${i}]`;
    c.inRule(ruleLabel(rule, i), () => {
      if (!isObject(rule)) {
        c.report(path, 'a rule must be an object with name, priority, conditions and event');
        return;
      }
      c.unknownKeys(rule, RULE_KEYS, path, 'a rule');
      if (typeof rule.name !== 'string' || !rule.name.trim())
        c.report(`${path}.name`, 'every rule needs a "name"');
      else if (names.has(rule.name)) {
        c.report(
          `${path}.name`,
          `the name '${rule.name}' is already used by rule ${ruleRef(names.get(rule.name)! + 1, rule.name)}: names must be unique in a file`,
        );
      } else names.set(rule.name, i);
      if (!Number.isInteger(rule.priority) || (rule.priority as number) < 1) {
        c.report(
          `${path}.priority`,
          `"priority" must be a whole number of 1 or more (higher runs first), not ${show(rule.priority)}`,
        );
      }
      if (!('conditions' in rule)) c.report(path, 'this rule has no "conditions"');
      else c.condition(rule.conditions, `${path}.conditions`, true);
      checkEvent(c, decision, rule.event, `${path}.event`);
      if ('acknowledge' in rule) checkAcknowledge(c, rule.acknowledge, `${path}.acknowledge`);
    });
  });
  if (decision) checkKind(c, decision, rules);

  // The compiled schema is the backstop: report what it finds that the walk above did not.
  if (!schemaValidate(json)) {
    // Within a rule the walk's message is the clearer one: skip the schema's echo of the same mistake.
    const scope = (path: string): string => /^rules\[\d+\]/.exec(path)?.[0] ?? path.split(/[.[]/)[0] ?? path;
    const seen = new Set(c.issues.map((i) => scope(i.path)));
    for (const e of schemaValidate.errors ?? []) {
      const message = schemaMessage(e);
      if (!message) continue;
      const path = pathOf(e.instancePath);
      if (seen.has(scope(path)) || (path === '' && seen.size > 0)) continue;
      const m = /^rules\[(\d+)\]/.exec(path);
      const rule = m ? ruleLabel(rules[Number(m[1])], Number(m[1])) : undefined;
      c.inRule(rule, () => c.report(path, message));
    }
  }
  return c.issues;
}

function checkEvent(c: Checker, decision: DecisionSpec | undefined, event: unknown, path: string): void {
  if (!isObject(event)) {
    c.report(path, 'every rule needs an "event": {"type": ..., "params": {...}}');
    return;
  }
  c.unknownKeys(event, ['type', 'params'], path, 'an event');
  if (!decision) return;
  if (event.type !== decision.eventType) {
    const types: string[] = DECISIONS.map((d) => d.eventType);
    const hint = typeof event.type === 'string' ? didYouMean(event.type, [decision.eventType]) : '';
    c.report(
      `${path}.type`,
      `unknown event type ${show(event.type)} for ${decision.id} rules: the type is "${decision.eventType}"${hint}${
        typeof event.type === 'string' && types.includes(event.type)
          ? ' (that type belongs to another rule file)'
          : ''
      }`,
    );
  }
  const params = event.params;
  if (!isObject(params)) {
    c.report(`${path}.params`, 'the event needs "params" (an object)');
    return;
  }
  const spec = decision.params as {
    properties?: Record<string, { enum?: unknown[]; type?: string; items?: { enum?: unknown[] } }>;
    required?: string[];
  };
  const props = spec.properties ?? {};
  for (const key of spec.required ?? []) {
    if (!(key in params)) c.report(`${path}.params`, `the event params need "${key}"`);
  }
  for (const [key, value] of Object.entries(params)) {
    const prop = props[key];
    if (!prop) {
      c.report(
        `${path}.params.${key}`,
        `'${key}' is not a param of ${decision.id} events${didYouMean(key, Object.keys(props))}`,
      );
      continue;
    }
    const options = prop.enum ?? prop.items?.enum;
    const values = prop.items && Array.isArray(value) ? (value as unknown[]) : [value];
    for (const v of values) {
      if (options && !options.includes(v)) {
        const hint = typeof v === 'string' ? didYouMean(v, options.map(String)) : '';
        c.report(
          `${path}.params.${key}`,
          `${show(v)} is not a known ${key} (known: ${list(options)})${hint}`,
        );
      }
    }
  }
  if (decision.id === 'home-sections' && typeof params.section === 'string' && 'variant' in params) {
    const variants = SECTION_VARIANTS[params.section as keyof typeof SECTION_VARIANTS];
    if (!variants) c.report(`${path}.params.variant`, `the section '${params.section}' has no variants`);
    else if (!variants.includes(String(params.variant))) {
      c.report(
        `${path}.params.variant`,
        `${show(params.variant)} is not a variant of '${params.section}' (${list(variants)})`,
      );
    }
  }
}

/**
 * Checks that need the whole file: a lookup gives each entry one value. (Ties and unreachable rules of
 * first-match and all-ordered files are findings of the analysis, analyze.ts, which knows when the
 * conditions of two rules can hold together.)
 */
function checkKind(c: Checker, decision: DecisionSpec, rules: unknown[]): void {
  if (decision.kind !== 'lookup' || !decision.lookupKey) return;
  const key = decision.lookupKey;
  const keyOf = (rule: Record<string, unknown>): string => {
    const params = isObject(rule.event) && isObject(rule.event.params) ? rule.event.params : {};
    return String(params[key]);
  };
  const byPriority = new Map<string, string>();
  rules.forEach((rule, i) => {
    if (!isObject(rule) || !Number.isInteger(rule.priority)) return;
    const entry = `${keyOf(rule)}@${String(rule.priority)}`;
    const other = byPriority.get(entry);
    if (other) {
      c.inRule(ruleLabel(rule, i), () =>
        c.report(
          `rules[${i}].priority`,
          `rules ${other} and ${ruleLabel(rule, i)} set '${keyOf(rule)}' with the same priority ${String(rule.priority)}: which value applies would depend on their order in the file; give them different priorities`,
        ),
      );
    } else byPriority.set(entry, ruleLabel(rule, i));
  });
  if (decision.lookupEntries) {
    const defined = new Set(rules.filter(isObject).map(keyOf));
    for (const entry of decision.lookupEntries) {
      if (!defined.has(entry)) c.report('rules', `no rule sets '${entry}': every ${key} needs a value`);
    }
  }
}
