/**
 * What `npm run rules:check` does to a set of rule files, on files already in memory: parse, validate each
 * file (validate.ts), then analyse the valid ones (analyze.ts). The CLI reads a directory and calls this;
 * the rule studio calls it in the browser on every edit and the studio's server calls it again on every
 * save, so the three give the same messages. Browser-safe: what the code reads and renders comes in as
 * plain data (CheckContext), which the node side scans (lib/rules-files.ts).
 */
import { analyzeRules, type AnalysisInput, type AnalysisResult, type RenderedIds } from './analyze';
import { DECISIONS, ruleFileOf, type DecisionId } from './decisions';
import type { RuleFile } from './types';
import { validateRuleset, type RulesetIssue } from './validate';

/** What the analysis needs from the code, as JSON (GET /studio/api/context sends it to the browser). */
export interface CheckContext {
  codeReads?: { constants: string[]; toggles: string[] };
  rendered?: Partial<
    Record<DecisionId, { ids: string[]; notBuilt?: string[]; notBuiltList?: string; howToAdd: string }>
  >;
}

export interface CheckedFiles {
  files: number;
  rules: number;
  issues: RulesetIssue[];
  /** Parsed files by name, valid or not. */
  parsed: Record<string, unknown>;
}

export interface CheckResult extends CheckedFiles {
  analysis: AnalysisResult;
  /** Errors (issues and findings that are not warnings): a set with any is refused. */
  errors: RulesetIssue[];
  warnings: RulesetIssue[];
}

/**
 * Parses a JSON file's text; on a syntax error says where, as an editor counts (line and column from 1):
 * `{ where: 'line 12, column 5', problem: 'not valid JSON at line 12, column 5: ...' }`.
 */
export function parseJson(text: string): { json: unknown } | { where: string; problem: string } {
  try {
    return { json: JSON.parse(text) as unknown };
  } catch (e) {
    const raw = e instanceof Error ? e.message : String(e);
    const m = /at position (\d+)/.exec(raw);
    const offset = m ? Number(m[1]) : text.length;
    const before = text.slice(0, offset).split('\n');
    const where = `line ${before.length}, column ${before[before.length - 1]!.length + 1}`;
    const what = raw
      .replace(/\s*in JSON at position \d+.*$/, '')
      .replace(/^Unexpected end of JSON input$/, 'the file ends too early');
    const hint = /after property value|after array element/.test(what)
      ? ' (a comma is missing, or a bracket is not closed)'
      : /property name/.test(what)
        ? ' (a comma before a closing bracket, or a name without "quotes")'
        : '';
    return { where, problem: `not valid JSON at ${where}: ${what}${hint}` };
  }
}

/**
 * Validates rule files given as text by file name ('brand.json'); reports unparsable, unknown and missing
 * files like rules:check.
 */
export function checkRuleTexts(texts: Readonly<Record<string, string>>): CheckedFiles {
  const result: CheckedFiles = { files: 0, rules: 0, issues: [], parsed: {} };
  const expected = DECISIONS.map((d) => ruleFileOf(d.id));
  const names = Object.keys(texts).sort();
  for (const name of names) {
    const file = `rules/${name}`;
    result.files++;
    const parsed = parseJson(texts[name]!);
    if ('problem' in parsed) {
      result.issues.push({ file, path: parsed.where, message: parsed.problem });
      continue;
    }
    const json = parsed.json;
    result.parsed[name] = json;
    if (!expected.includes(name)) {
      result.issues.push({
        file,
        path: '',
        message: `no decision reads this file (rule files: ${expected.join(', ')})`,
      });
      continue;
    }
    const rules = (json as { rules?: unknown } | null)?.rules;
    if (Array.isArray(rules)) result.rules += rules.length;
    result.issues.push(...validateRuleset(file, json));
  }
  for (const name of expected) {
    if (!names.includes(name))
      result.issues.push({ file: `rules/${name}`, path: '', message: 'the file is missing' });
  }
  return result;
}

/** The analysis input's code data from its JSON form. */
export function analysisContext(context: CheckContext): Pick<AnalysisInput, 'codeReads' | 'rendered'> {
  const out: Pick<AnalysisInput, 'codeReads' | 'rendered'> = {};
  if (context.codeReads) {
    out.codeReads = {
      constants: new Set(context.codeReads.constants),
      toggles: new Set(context.codeReads.toggles),
    };
  }
  if (context.rendered) {
    const rendered: Partial<Record<DecisionId, RenderedIds>> = {};
    for (const [id, r] of Object.entries(context.rendered) as [
      DecisionId,
      NonNullable<CheckContext['rendered']>[DecisionId],
    ][]) {
      if (!r) continue;
      rendered[id] = {
        ids: new Set(r.ids),
        howToAdd: r.howToAdd,
        ...(r.notBuilt ? { notBuilt: new Set(r.notBuilt) } : {}),
        ...(r.notBuiltList ? { notBuiltList: r.notBuiltList } : {}),
      };
    }
    out.rendered = rendered;
  }
  return out;
}

/** The analysis of rules:check on the files of a checked set that are valid. */
export function analyzeChecked(
  checked: CheckedFiles,
  context: Pick<AnalysisInput, 'codeReads' | 'rendered'>,
): AnalysisResult {
  const invalid = new Set(checked.issues.filter((i) => i.severity !== 'warning').map((i) => i.file));
  const files: AnalysisInput['files'] = {};
  for (const d of DECISIONS) {
    const name = ruleFileOf(d.id);
    if (name in checked.parsed && !invalid.has(`rules/${name}`))
      files[d.id] = checked.parsed[name] as RuleFile;
  }
  return analyzeRules({ files, ...context });
}

/** rules:check on texts in memory: shape, then meaning; errors and warnings split as the CLI prints them. */
export function checkRules(texts: Readonly<Record<string, string>>, context: CheckContext): CheckResult {
  const checked = checkRuleTexts(texts);
  const analysis = analyzeChecked(checked, analysisContext(context));
  const all = [...checked.issues, ...analysis.findings];
  return {
    ...checked,
    analysis,
    errors: all.filter((i) => i.severity !== 'warning'),
    warnings: all.filter((i) => i.severity === 'warning'),
  };
}
