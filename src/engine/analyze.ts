/**
 * Finds what a valid rule set gets wrong in meaning, not shape: rules that never fire or never win, ties
 * that leave the outcome to the order of the file, sections sharing an order, constants and toggles that
 * nothing reads, a number written both as a constant and as a rule's threshold, and decisions about things
 * no component renders. Each finding names the file, the rule (`#3 'name'`), the JSON path and says what is
 * wrong in a sentence; findings of design (findings.ts) can be acknowledged in the rule file.
 *
 * Pure and browser-safe: what the code reads and renders comes in as data (lib/rules-files.ts scans it).
 * Only valid files should be analysed (validateRuleset first).
 */
import { DECISIONS, ruleFileOf, type DecisionId, type DecisionSpec } from './decisions';
import { FINDINGS, type FindingCode } from './findings';
import {
  describeAssignment,
  describeLeaf,
  satisfiable,
  toFormula,
  type Formula,
  type Leaf,
  type ValueResolver,
} from './logic';
import { ruleRef } from './rule-ref';
import type { RuleDefinition, RuleFile } from './types';
import type { RulesetIssue } from './validate';

export interface AnalysisInput {
  /** The valid rule files, by decision. */
  files: Partial<Record<DecisionId, RuleFile>>;
  /** Constant and toggle names the code reads; without it the "unused" check does not run. */
  codeReads?: { constants: ReadonlySet<string>; toggles: ReadonlySet<string> };
  /**
   * What each decision's components render (home-sections: section ids, home-view: view ids,
   * account-banners: banner ids); a decision left out is not checked.
   */
  rendered?: Partial<Record<DecisionId, RenderedIds>>;
}

/** The ids a registry renders, as plain data, and what to tell the analyst about one it does not. */
export interface RenderedIds {
  ids: ReadonlySet<string>;
  /** Ids of features not built yet: a warning, not an error, until the feature lands. */
  notBuilt?: ReadonlySet<string>;
  /** Where the not-built list is, for the warning: 'NOT_BUILT_YET in src/app/rendered-sections.ts'. */
  notBuiltList?: string;
  /** How a developer adds a component for an id, for the error. */
  howToAdd: string;
}

export interface AnalysisResult {
  /**
   * Findings to fix (errors), including acknowledgements that no longer acknowledge anything, and warnings
   * (`severity: 'warning'`: a section of a feature not built yet), which do not fail the check.
   */
  findings: RulesetIssue[];
  /** Findings the rule files acknowledge, with the reason given. */
  acknowledged: (RulesetIssue & { reason: string })[];
}

interface Entry {
  rule: RuleDefinition;
  index: number;
  ref: string;
  holds: Formula;
  fails: Formula;
  /** What the rule decides: '' in a first-match file, the section (flag, action, call) in an all-ordered one. */
  identity: string;
}

interface Raw {
  issue: RulesetIssue & { code: FindingCode };
  decision: DecisionId;
  /** The rules (indexes) whose "acknowledge" may accept this finding. */
  rules: number[];
}

const fileOf = (id: string): string => `rules/${ruleFileOf(id)}`;
const show = (v: unknown): string => JSON.stringify(v) ?? String(v);
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The constants of rules/constants.json by name (the highest-priority rule of each name). */
export function constantValues(files: AnalysisInput['files']): Map<string, number> {
  const values = new Map<string, number>();
  const rules = [...(files.constants?.rules ?? [])].sort((a, b) => b.priority - a.priority);
  for (const r of rules) {
    const { name, value } = r.event.params;
    if (typeof name === 'string' && typeof value === 'number' && !values.has(name)) values.set(name, value);
  }
  return values;
}

function identityOf(spec: DecisionSpec, rule: RuleDefinition): string {
  if (spec.kind !== 'all-ordered') return '';
  const key = (spec.params as { required?: string[] }).required?.[0];
  return key ? show(rule.event.params[key]) : '';
}

/** "section "x"" / "flag "late"": what an all-ordered rule adds, in words. */
function thing(spec: DecisionSpec, identity: string): string {
  const key = (spec.params as { required?: string[] }).required?.[0] ?? 'value';
  return `${key} ${identity}`;
}

function entriesOf(spec: DecisionSpec, file: RuleFile, resolve: ValueResolver): Entry[] {
  return file.rules.map((rule, index) => ({
    rule,
    index,
    ref: ruleRef(index + 1, rule.name),
    holds: toFormula(rule.conditions, `rules[${index}].conditions`, resolve),
    fails: toFormula(rule.conditions, `rules[${index}].conditions`, resolve, true),
    identity: identityOf(spec, rule),
  }));
}

const isCatchAll = (e: Entry): boolean => 'and' in e.holds && e.holds.and.length === 0;

function conflictWords(conflict: readonly Leaf[]): string {
  const parts = conflict.map((l) => `${describeLeaf(l)} (${l.path})`);
  if (parts.length === 0) return 'a group of conditions that can never hold';
  if (parts.length === 1) return `${parts[0]!}, which can never hold`;
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]!}, which cannot all hold at once`;
}

/** Rules whose own conditions can never hold. */
function neverFires(spec: DecisionSpec, entries: readonly Entry[], out: Raw[]): Set<number> {
  const dead = new Set<number>();
  for (const e of entries) {
    const r = satisfiable([e.holds]);
    if (r.result !== 'unsat') continue;
    dead.add(e.index);
    const distinct = [...new Map(r.conflicts.map((c) => [c.map((l) => l.path).join('|'), c])).values()];
    const first = distinct[0] ?? [];
    const where = first[first.length - 1]?.path ?? `rules[${e.index}].conditions`;
    const message =
      distinct.length <= 1
        ? `this rule can never fire: it needs ${conflictWords(first)}`
        : `this rule can never fire: every way its conditions could hold is contradictory (${distinct
            .slice(0, 3)
            .map(conflictWords)
            .join('; ')}${distinct.length > 3 ? '; ...' : ''})`;
    out.push({
      decision: spec.id as DecisionId,
      rules: [e.index],
      issue: { file: fileOf(spec.id), rule: e.ref, path: where, message, code: 'never-fires' },
    });
  }
  return dead;
}

/** The rules tried before `e` that decide the same thing (highest priority first, then file order). */
function before(ordered: readonly Entry[], e: Entry): Entry[] {
  const i = ordered.indexOf(e);
  return ordered.slice(0, i).filter((h) => h.identity === e.identity);
}

/** The fewest of `higher` that together always hold when `e` holds (`higher` must all together). */
function blame(e: Entry, higher: readonly Entry[]): Entry[] {
  const catchAll = higher.find(isCatchAll);
  if (catchAll) return [catchAll];
  const single = higher.find((h) => satisfiable([e.holds, h.fails]).result === 'unsat');
  if (single) return [single];
  let kept = [...higher];
  for (const h of [...higher].reverse()) {
    const without = kept.filter((k) => k !== h);
    if (satisfiable([e.holds, ...without.map((k) => k.fails)]).result === 'unsat') kept = without;
  }
  return kept;
}

/** Rules that hold only when a rule tried before them holds too (below a catch-all, or subsumed). */
function neverWins(
  spec: DecisionSpec,
  ordered: readonly Entry[],
  dead: Set<number>,
  out: Raw[],
): Set<number> {
  const losers = new Set<number>();
  for (const e of ordered) {
    if (dead.has(e.index)) continue;
    const higher = before(ordered, e).filter((h) => !dead.has(h.index));
    if (higher.length === 0) continue;
    if (satisfiable([e.holds, ...higher.map((h) => h.fails)]).result !== 'unsat') continue;
    losers.add(e.index);
    const culprits = blame(e, higher);
    const names = culprits.map((c) => `${c.ref} (priority ${c.rule.priority})`);
    const what = spec.kind === 'all-ordered' ? ` for ${thing(spec, e.identity)}` : '';
    const fix = `give this rule a higher priority than ${culprits.length === 1 ? 'that rule' : 'those rules'} if it should win, or remove it`;
    const message =
      culprits.length === 1 && isCatchAll(culprits[0]!)
        ? `this rule (priority ${e.rule.priority}) never wins${what}: rule ${names[0]!} has no conditions, so it always decides first: ${fix}`
        : culprits.length === 1
          ? `this rule (priority ${e.rule.priority}) never wins${what}: whenever its conditions hold, those of rule ${names[0]!} hold too, and that rule is tried first: ${fix}`
          : `this rule (priority ${e.rule.priority}) never wins${what}: whenever its conditions hold, one of rules ${names.join(', ')} holds too, and they are tried first: ${fix}`;
    out.push({
      decision: spec.id as DecisionId,
      rules: [e.index],
      issue: {
        file: fileOf(spec.id),
        rule: e.ref,
        path: `rules[${e.index}].priority`,
        message,
        code: 'never-wins',
      },
    });
  }
  return losers;
}

/** Two rules of equal priority deciding the same thing differently that can both hold. */
function samePriority(spec: DecisionSpec, ordered: readonly Entry[], skip: Set<number>, out: Raw[]): void {
  const alive = ordered.filter((e) => !skip.has(e.index));
  for (const [i, a] of alive.entries()) {
    for (const b of alive.slice(i + 1)) {
      if (a.identity !== b.identity || a.rule.priority !== b.rule.priority) continue;
      if (show(a.rule.event.params) === show(b.rule.event.params)) continue;
      const higher = before(ordered, a).filter((h) => h.rule.priority > a.rule.priority);
      const r = satisfiable([a.holds, b.holds, ...higher.map((h) => h.fails)]);
      if (r.result !== 'sat') continue;
      const [first, second] = a.index < b.index ? [a, b] : [b, a];
      const what =
        spec.kind === 'all-ordered' ? `decide ${thing(spec, a.identity)} differently` : 'decide differently';
      out.push({
        decision: spec.id as DecisionId,
        rules: [a.index, b.index],
        issue: {
          file: fileOf(spec.id),
          rule: second.ref,
          path: `rules[${second.index}].priority`,
          message: `rules ${first.ref} and ${second.ref} ${what}, have the same priority ${a.rule.priority} and can both hold (for example with ${describeAssignment(r.assignment)}): which one wins then depends on their order in the file; give the one that should win a higher priority`,
          code: 'same-priority',
        },
      });
    }
  }
}

/** Two sections of the home with the same order that can show together. */
function sameOrder(spec: DecisionSpec, entries: readonly Entry[], skip: Set<number>, out: Raw[]): void {
  const orderOf = (e: Entry): unknown => e.rule.event.params.order;
  const alive = entries.filter((e) => !skip.has(e.index) && typeof orderOf(e) === 'number');
  for (const [i, a] of alive.entries()) {
    for (const b of alive.slice(i + 1)) {
      if (a.identity === b.identity || orderOf(a) !== orderOf(b)) continue;
      const r = satisfiable([a.holds, b.holds]);
      if (r.result !== 'sat') continue;
      out.push({
        decision: spec.id as DecisionId,
        rules: [a.index, b.index],
        issue: {
          file: fileOf(spec.id),
          rule: b.ref,
          path: `rules[${b.index}].event.params.order`,
          message: `rules ${a.ref} (${thing(spec, a.identity)}) and ${b.ref} (${thing(spec, b.identity)}) have the same order ${show(orderOf(a))} and can show together (for example with ${describeAssignment(r.assignment)}): which comes first then depends on their order in the file; give them different orders`,
          code: 'same-order',
        },
      });
    }
  }
}

function walkLeaves(
  condition: unknown,
  path: string,
  visit: (leaf: Record<string, unknown>, path: string) => void,
): void {
  if (!isObject(condition)) return;
  for (const group of ['all', 'any'] as const) {
    const children = condition[group];
    if (Array.isArray(children)) children.forEach((c, i) => walkLeaves(c, `${path}.${group}[${i}]`, visit));
  }
  if ('not' in condition) walkLeaves(condition.not, `${path}.not`, visit);
  if (typeof condition.fact === 'string') visit(condition, path);
}

/** The unit a fact or constant name is measured in, by the naming convention (daysSince..., ...Minutes). */
function unitOf(name: string): string | undefined {
  return /(days|hours|minutes|seconds)/i.exec(name)?.[1]?.toLowerCase();
}

/** Words of a camelCase name that say what it measures (units and small words left out). */
const GENERIC = new Set([
  'days',
  'hours',
  'minutes',
  'seconds',
  'to',
  'since',
  'after',
  'before',
  'in',
  'of',
  'is',
  'has',
  'the',
  'at',
  'count',
]);
const meaningWords = (name: string): Set<string> =>
  new Set(
    name
      .replace(/^constant\./, '')
      .split(/(?=[A-Z])|[._-]/)
      .map((w) => w.toLowerCase())
      .filter((w) => w.length > 1 && !GENERIC.has(w)),
  );

/**
 * Whether a constant means the same as a fact's threshold: some rule already compares that fact with the
 * constant, the constant's rule names the fact or the rule's file, or their names share a word of meaning (card, expiry,
 * grace...). Two numbers that only happen to be equal (a 90-day card warning and the 90 days after which
 * closed accounts are archived) do not.
 */
function sameMeaning(input: AnalysisInput, fact: string, constant: string, ruleFile: string): boolean {
  let compared = false;
  for (const file of Object.values(input.files)) {
    for (const rule of file?.rules ?? []) {
      walkLeaves(rule.conditions, '', (leaf) => {
        if (leaf.fact === fact && isObject(leaf.value) && leaf.value.fact === `constant.${constant}`)
          compared = true;
      });
    }
  }
  if (compared) return true;
  const rule = input.files.constants?.rules.find((r) => r.event.params.name === constant);
  const said = `${rule?.name ?? ''} ${rule?.description ?? ''}`;
  if (said.includes(fact) || said.includes(ruleFile)) return true;
  const a = meaningWords(fact);
  return [...meaningWords(constant)].some((w) => a.has(w));
}

/**
 * A rule's threshold equal to a constant of the same unit: the number lives in two places. An error when
 * the constant means the same (one edit should change both); a warning when they only happen to be equal.
 */
function duplicateValues(input: AnalysisInput, constants: Map<string, number>, out: Raw[]): void {
  for (const spec of DECISIONS) {
    const file = input.files[spec.id];
    if (!file || spec.kind === 'lookup') continue;
    file.rules.forEach((rule, index) => {
      walkLeaves(rule.conditions, `rules[${index}].conditions`, (leaf, path) => {
        const fact = leaf.fact as string;
        if (typeof leaf.value !== 'number' || !unitOf(fact)) return;
        for (const [name, value] of constants) {
          if (value !== leaf.value || unitOf(name) !== unitOf(fact)) continue;
          const same = sameMeaning(input, fact, name, fileOf(spec.id));
          out.push({
            decision: spec.id,
            rules: [index],
            issue: {
              file: fileOf(spec.id),
              rule: ruleRef(index + 1, rule.name),
              path: `${path}.value`,
              message: same
                ? `${fact} is compared with ${value} ${unitOf(fact)!}, which is also the constant '${name}' of rules/constants.json shown to customers: compare with the constant instead ("value": {"fact": "constant.${name}"}) so one edit changes both`
                : `${fact} is compared with ${value} ${unitOf(fact)!}, the value of the constant '${name}' of rules/constants.json too; they seem to measure different things, so this is only a note: if they are the same number, compare with the constant ("value": {"fact": "constant.${name}"})`,
              code: 'duplicate-value',
              ...(same ? {} : { severity: 'warning' as const }),
            },
          });
        }
      });
    });
  }
}

/** Constants and toggles the rules read (as facts, or as the value a condition compares with). */
function ruleReads(input: AnalysisInput): { constants: Set<string>; toggles: Set<string> } {
  const reads = { constants: new Set<string>(), toggles: new Set<string>() };
  const note = (fact: string): void => {
    const m = /^(constant|toggle)\.(.+)$/.exec(fact);
    if (m) reads[m[1] === 'constant' ? 'constants' : 'toggles'].add(m[2]!);
  };
  for (const file of Object.values(input.files)) {
    for (const rule of file?.rules ?? []) {
      walkLeaves(rule.conditions, '', (leaf) => {
        note(leaf.fact as string);
        if (isObject(leaf.value) && typeof leaf.value.fact === 'string') note(leaf.value.fact);
      });
    }
  }
  return reads;
}

function unused(input: AnalysisInput, out: Raw[]): void {
  if (!input.codeReads) return;
  const rules = ruleReads(input);
  const lookups = [
    {
      id: 'constants',
      key: 'name',
      kind: 'constant',
      code: input.codeReads.constants,
      rule: rules.constants,
    },
    { id: 'toggles', key: 'toggle', kind: 'toggle', code: input.codeReads.toggles, rule: rules.toggles },
  ] as const;
  for (const l of lookups) {
    input.files[l.id]?.rules.forEach((rule, index) => {
      const name = rule.event.params[l.key];
      if (typeof name !== 'string' || l.code.has(name) || l.rule.has(name)) return;
      out.push({
        decision: l.id,
        rules: [index],
        issue: {
          file: fileOf(l.id),
          rule: ruleRef(index + 1, rule.name),
          path: `rules[${index}].event.params.${l.key}`,
          message: `no rule and no code reads the ${l.kind} '${name}', so changing it changes nothing the customer sees`,
          code: 'unused',
        },
      });
    });
  }
}

function notRendered(input: AnalysisInput, out: Raw[]): Set<DecisionId> {
  const checked = new Set<DecisionId>();
  for (const [id, rendered] of Object.entries(input.rendered ?? {}) as [DecisionId, RenderedIds][]) {
    const spec = DECISIONS.find((d) => d.id === id);
    const file = input.files[id];
    const key = (spec?.params as { required?: string[] } | undefined)?.required?.[0];
    if (!spec || !file || !key) continue;
    checked.add(id);
    file.rules.forEach((rule, index) => {
      const value = rule.event.params[key];
      if (typeof value !== 'string' || rendered.ids.has(value)) return;
      const pending = rendered.notBuilt?.has(value) ?? false;
      out.push({
        decision: id,
        rules: [index],
        issue: {
          file: fileOf(id),
          rule: ruleRef(index + 1, rule.name),
          path: `rules[${index}].event.params.${key}`,
          message: `this rule shows ${key} '${value}', but no component renders it: customers would never see it${
            pending
              ? ` (not built yet: ${rendered.notBuiltList ?? 'listed as not built'})`
              : `. ${rendered.howToAdd}`
          }`,
          code: 'not-rendered',
          ...(pending ? { severity: 'warning' as const } : {}),
        },
      });
    });
  }
  return checked;
}

/** Every finding of the rule files, with acknowledged ones set apart. */
export function analyzeRules(input: AnalysisInput): AnalysisResult {
  const constants = constantValues(input.files);
  const resolve: ValueResolver = (fact) =>
    fact.startsWith('constant.') ? constants.get(fact.slice('constant.'.length)) : undefined;
  const raw: Raw[] = [];
  const ran = new Set<FindingCode>(['never-fires', 'never-wins', 'same-priority', 'same-order']);

  for (const spec of DECISIONS) {
    const file = input.files[spec.id];
    if (!file || spec.kind === 'lookup') continue;
    const entries = entriesOf(spec, file, resolve);
    // The runtime's order: highest priority first, then the order of the file.
    const ordered = [...entries].sort((a, b) => b.rule.priority - a.rule.priority || a.index - b.index);
    const dead = neverFires(spec, entries, raw);
    const losers = neverWins(spec, ordered, dead, raw);
    samePriority(spec, ordered, new Set([...dead, ...losers]), raw);
    if ('order' in ((spec.params as { properties?: object }).properties ?? {}))
      sameOrder(spec, entries, new Set([...dead, ...losers]), raw);
  }
  duplicateValues(input, constants, raw);
  ran.add('duplicate-value');
  unused(input, raw);
  if (input.codeReads) ran.add('unused');
  const renderedChecked = notRendered(input, raw);
  if (renderedChecked.size > 0) ran.add('not-rendered');

  const result: AnalysisResult = { findings: [], acknowledged: [] };
  const reasonOf = (decision: DecisionId, index: number, code: FindingCode): string | undefined => {
    const reason = input.files[decision]?.rules[index]?.acknowledge?.[code];
    return typeof reason === 'string' && reason.trim() ? reason : undefined;
  };
  for (const r of raw) {
    const reason = FINDINGS[r.issue.code].acknowledgeable
      ? r.rules.map((i) => reasonOf(r.decision, i, r.issue.code)).find((x) => x !== undefined)
      : undefined;
    if (reason) result.acknowledged.push({ ...r.issue, reason });
    else result.findings.push(r.issue);
  }

  // An acknowledgement must still acknowledge something: otherwise it would hide the next real finding.
  for (const spec of DECISIONS) {
    input.files[spec.id]?.rules.forEach((rule, index) => {
      for (const code of Object.keys(rule.acknowledge ?? {}) as FindingCode[]) {
        if (!ran.has(code)) continue;
        if (code === 'not-rendered' && !renderedChecked.has(spec.id)) continue;
        if (raw.some((r) => r.decision === spec.id && r.issue.code === code && r.rules.includes(index)))
          continue;
        result.findings.push({
          file: fileOf(spec.id),
          rule: ruleRef(index + 1, rule.name),
          path: `rules[${index}].acknowledge.${code}`,
          message: `this rule acknowledges '${code}', but rules:check finds no such thing for it any more: remove the acknowledgement`,
        });
      }
    });
  }
  return result;
}
