/**
 * Loads the rule files the server serves (/rules/<decision>.json), so an analyst's edit takes effect on the
 * next page load without a rebuild. A file that is missing, unreadable or invalid is replaced by the copy
 * bundled at build time (last known good) and reported through onIssue, which the app sends to the issue
 * log. Browser-safe: fetch is injected.
 */
import { DECISIONS, ruleFileOf, type DecisionId } from './decisions';
import type { RuleFile, Rulesets } from './types';
import type { RulesetIssue } from './validate';

export type RulesFetch = (
  url: string,
  init: { cache: 'no-store' },
) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

export interface RulesIssue {
  file: string;
  /** Plain-language summary, ready for the issue log. */
  message: string;
  issues: RulesetIssue[];
}

export interface LoadRulesOptions {
  fetch: RulesFetch;
  /** The bundled rule files by file name ('home-view.json'): see bundled.ts. */
  bundled: Readonly<Record<string, unknown>>;
  onIssue: (issue: RulesIssue) => void;
  /** Where the rule files are served; default '/rules/'. */
  baseUrl?: string;
}

export interface LoadedRules {
  rulesets: Rulesets;
  /** Where each decision's rules came from. */
  sources: Record<DecisionId, 'served' | 'bundled'>;
}

async function fetchServed(fetchFn: RulesFetch, url: string): Promise<{ json?: unknown; problem?: string }> {
  try {
    const response = await fetchFn(url, { cache: 'no-store' });
    if (!response.ok) return { problem: `the server answered ${response.status}` };
    return { json: await response.json() };
  } catch (e) {
    return { problem: `it could not be read (${e instanceof Error ? e.message : String(e)})` };
  }
}

/**
 * The validator (the rule-set schema and its checks) is only loaded when a served file differs from the copy
 * bundled at build time, which rules:check already validated: on the common path the browser downloads
 * neither the schema nor its compiled code.
 */
type Validate = typeof import('./validate');
let validatorModule: Promise<Validate> | null = null;
const validator = (): Promise<Validate> => (validatorModule ??= import('./validate'));

export async function loadRules({
  fetch,
  bundled,
  onIssue,
  baseUrl = '/rules/',
}: LoadRulesOptions): Promise<LoadedRules> {
  const entries = await Promise.all(
    DECISIONS.map(async (d) => {
      const name = ruleFileOf(d.id);
      const file = `rules/${name}`;
      const served = await fetchServed(fetch, `${baseUrl}${name}`);
      if (served.json !== undefined && JSON.stringify(served.json) === JSON.stringify(bundled[name])) {
        return [d.id, served.json as RuleFile, 'served'] as const;
      }
      const { validateRuleset, formatIssue } = await validator();
      if (served.json !== undefined) {
        const issues = validateRuleset(file, served.json).filter((i) => i.severity !== 'warning');
        if (issues.length === 0) return [d.id, served.json as RuleFile, 'served'] as const;
        onIssue({
          file,
          issues,
          message: `${file} is invalid, using the copy built into the app: ${issues.slice(0, 3).map(formatIssue).join(' | ')}${
            issues.length > 3 ? ` (and ${issues.length - 3} more)` : ''
          }`,
        });
      } else {
        onIssue({
          file,
          issues: [],
          message: `${file} could not be loaded (${served.problem ?? 'unknown'}), using the copy built into the app`,
        });
      }
      const fallback = bundled[name];
      if (fallback === undefined) throw new Error(`${file}: no rules served and none bundled`);
      const bundledIssues = validateRuleset(file, fallback).filter((i) => i.severity !== 'warning');
      if (bundledIssues.length > 0) {
        // Only possible when the build skipped rules:check; the runtime still survives faulty rules.
        onIssue({
          file,
          issues: bundledIssues,
          message: `the bundled ${file} is invalid too: ${formatIssue(bundledIssues[0]!)}`,
        });
      }
      return [d.id, fallback as RuleFile, 'bundled'] as const;
    }),
  );
  return {
    rulesets: Object.fromEntries(entries.map(([id, rules]) => [id, rules])) as Rulesets,
    sources: Object.fromEntries(entries.map(([id, , source]) => [id, source])) as LoadedRules['sources'],
  };
}
