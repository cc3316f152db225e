/**
 * Numbers quoted in words that a draft leaves behind: when a rule's threshold (or a constant, or a case's
 * fact) changes from 60 to 45, the rule's description, its file's description and the names of the
 * decision's cases that still say "60" are flagged (warnings: the text may quote the spec on purpose, but
 * the analyst should look). Pure: the draft's files against the live ones.
 */
import { DECISIONS, ruleFileOf, type DecisionId } from '../../engine/decisions';
import type { RulesetIssue } from '../../engine/validate';
import { casesPathOf, parseOr, type Files } from './model';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Numbers (as JSON paths to them) in a condition tree or an event's params. */
function numbers(node: unknown, path: string, out: Map<string, number>): void {
  if (typeof node === 'number') out.set(path, node);
  else if (Array.isArray(node)) node.forEach((x, i) => numbers(x, `${path}[${i}]`, out));
  else if (isObject(node)) for (const [k, v] of Object.entries(node)) numbers(v, `${path}.${k}`, out);
}

/** The numbers that changed between two versions of one thing: old value → new value. */
function changedNumbers(before: unknown, after: unknown): { from: number; to: number }[] {
  const a = new Map<string, number>();
  const b = new Map<string, number>();
  numbers(before, '', a);
  numbers(after, '', b);
  const out: { from: number; to: number }[] = [];
  for (const [path, to] of b) {
    const from = a.get(path);
    if (from !== undefined && from !== to) out.push({ from, to });
  }
  return out;
}

/** True when `text` quotes `n` as a number of its own (60 in "60 days", not in "160" or "6.0"). */
export function quotes(text: unknown, n: number): boolean {
  if (typeof text !== 'string') return false;
  const s = String(n).replace('.', '\\.');
  return new RegExp(`(?<![\\d.])${s}(?![\\d]|\\.\\d)`).test(text);
}

const message = (what: string, c: { from: number; to: number }): string =>
  `${what} still says ${c.from}, the value before this draft (now ${c.to}): say ${c.to}, or reword it`;

function decisionWarnings(id: DecisionId, live: Files, draft: Files): RulesetIssue[] {
  const name = ruleFileOf(id);
  const casePath = casesPathOf(id);
  const a = parseOr<Obj>(live[name]);
  const b = parseOr<Obj>(draft[name]);
  const casesA = parseOr<Obj>(live[casePath]);
  const casesB = parseOr<Obj>(draft[casePath]);
  const rulesA = Array.isArray(a?.rules) ? a.rules.filter(isObject) : [];
  const rulesB = Array.isArray(b?.rules) ? b.rules.filter(isObject) : [];
  const listB = Array.isArray(casesB?.cases) ? casesB.cases.filter(isObject) : [];
  const listA = Array.isArray(casesA?.cases) ? casesA.cases.filter(isObject) : [];
  const out: RulesetIssue[] = [];
  const fileChanges: { from: number; to: number }[] = [];
  rulesB.forEach((rule, i) => {
    const before = rulesA.find((r) => r.name === rule.name);
    if (!before) return;
    const changes = [
      ...changedNumbers(before.conditions, rule.conditions),
      ...changedNumbers(
        isObject(before.event) ? before.event.params : null,
        isObject(rule.event) ? rule.event.params : null,
      ),
    ];
    fileChanges.push(...changes);
    for (const c of changes) {
      if (quotes(rule.description, c.from) && !quotes(rule.description, c.to)) {
        out.push({
          file: `rules/${name}`,
          rule: `#${i + 1} '${String(rule.name)}'`,
          path: `rules[${i}].description`,
          message: message('its description', c),
          severity: 'warning',
        });
      }
    }
  });
  for (const c of fileChanges) {
    if (quotes(b?.description, c.from) && !quotes(b?.description, c.to))
      out.push({
        file: `rules/${name}`,
        path: 'description',
        message: message('the file’s description', c),
        severity: 'warning',
      });
  }
  listB.forEach((kase, i) => {
    // A case speaks of the rules' numbers, and of its own facts' numbers.
    const own = changedNumbers(listA[i]?.facts, kase.facts);
    for (const c of [...fileChanges, ...own]) {
      if (quotes(kase.name, c.from) && !quotes(kase.name, c.to)) {
        out.push({
          file: `rules/${casePath}`,
          path: `cases[${i}].name`,
          message: message(`the name of case ${i + 1}`, c),
          severity: 'warning',
        });
        break;
      }
    }
  });
  return out;
}

/** Every text of the draft that still quotes a number the draft changed. */
export function quotedNumberWarnings(live: Files, draft: Files): RulesetIssue[] {
  const out: RulesetIssue[] = [];
  for (const d of DECISIONS) {
    const paths = [ruleFileOf(d.id), casesPathOf(d.id)];
    if (paths.every((p) => live[p] === draft[p])) continue;
    out.push(...decisionWarnings(d.id, live, draft));
  }
  return out;
}
