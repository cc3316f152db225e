/**
 * The checks of a rollout file (rules/rollouts/<change>.json, docs/decisions/044): its shape
 * (schemas/rollout.schema.json), its name (the change's id), each candidate file as rules:check checks a rule
 * file, and that no two rollouts replace the same file (an account on both new sides would be decided with
 * whichever came last). rules:check, the server's rules cache and the studio give the same messages.
 */
import { validateRollout } from '../generated/validators/rollout.js';
import { DECISIONS, ruleFileOf } from './decisions';
import type { Rollout } from './rollout';
import { validateRuleset, type RulesetIssue } from './validate';

const RULE_FILES = new Set(DECISIONS.map((d) => ruleFileOf(d.id)));

/** The path of a rollout file in the rules folder. */
export const rolloutPath = (change: string): string => `rules/rollouts/${change}.json`;

/** The issues of one rollout file; none means it can be served. `name` is its file name ('<change>.json'). */
export function checkRollout(name: string, json: unknown): RulesetIssue[] {
  const file = `rules/rollouts/${name}`;
  if (!validateRollout(json)) {
    return (validateRollout.errors ?? []).map((e) => ({
      file,
      path: e.instancePath.replace(/^\//, '').replace(/\//g, '.'),
      message: `${e.message ?? e.keyword}${
        e.keyword === 'additionalProperties' ? ` ('${String(e.params.additionalProperty)}')` : ''
      }`,
    }));
  }
  const issues: RulesetIssue[] = [];
  if (name !== `${json.change}.json`)
    issues.push({
      file,
      path: 'change',
      message: `the rollout of change '${json.change}' is named ${json.change}.json`,
    });
  for (const [candidate, rules] of Object.entries(json.files)) {
    if (!RULE_FILES.has(candidate)) {
      issues.push({ file, path: `files.${candidate}`, message: `'${candidate}' is no decision's rule file` });
      continue;
    }
    for (const issue of validateRuleset(`rules/${candidate}`, rules)) {
      if (issue.severity === 'warning') continue;
      issues.push({
        ...issue,
        file,
        path: `files.${candidate}${issue.path ? `.${issue.path}` : ''}`,
      });
    }
  }
  return issues;
}

/**
 * The rollouts that can be served, from the valid files in the order of their time set (oldest first): a
 * rollout that replaces a file an earlier one already replaces is refused with an issue.
 */
export function servableRollouts(valid: readonly Rollout[]): { rollouts: Rollout[]; issues: RulesetIssue[] } {
  const taken = new Map<string, string>();
  const rollouts: Rollout[] = [];
  const issues: RulesetIssue[] = [];
  for (const r of [...valid].sort(
    (a, b) => a.setAt.localeCompare(b.setAt) || a.change.localeCompare(b.change),
  )) {
    const clash = Object.keys(r.files).find((f) => taken.has(f));
    if (clash) {
      issues.push({
        file: rolloutPath(r.change),
        path: `files.${clash}`,
        message: `${clash} is already rolled out by change ${taken.get(clash)}: one rollout per file at a time`,
      });
      continue;
    }
    for (const f of Object.keys(r.files)) taken.set(f, r.change);
    rollouts.push(r);
  }
  return { rollouts, issues };
}

/** A valid rollout's JSON as the runtime reads it. */
export function asRollout(json: unknown): Rollout {
  return json as Rollout;
}
