/** Node-side helpers shared by the rules CLIs (check, explain, preview, schema) and their tests. */
import { ALL_FACTS, type FactDefinition } from '../src/facts/vocabulary';
import type { AnalysisInput, AnalysisResult } from '../src/engine/analyze';
import {
  analyzeChecked,
  checkRuleTexts,
  parseJson,
  type CheckContext,
  type CheckedFiles,
} from '../src/engine/check';
import { CONSTANT_NAMES, DECISIONS, ruleFileOf } from '../src/engine/decisions';
import { factsFor } from '../src/engine/fact-scope';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as prettier from 'prettier';
import { buildRulesetSchema } from '../src/engine/schema-builder';
import type { Rulesets } from '../src/engine/types';
import { formatIssue } from '../src/engine/validate';
import { createRuntime, type Runtime } from '../src/engine/runtime';
import { DATA_CALLS, type DataCall } from '../src/engine/decisions';
import type { HomeDecisions } from '../src/engine/types';
import { NOT_BUILT_YET, RENDERED_SECTIONS } from '../src/app/rendered-sections';
import { RENDERED_BANNERS, RENDERED_VIEWS } from '../src/features/home/rendered';
import { decideBodies, factsFromBodies } from '../src/engine/persona-decide';
import { TOGGLE_NAMES, type AccountFacts } from '../src/facts/vocabulary';
import { loadPersonas, personaResponses, type Persona } from '../sandbox/personas';

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->` (markers kept). */
export function replaceGeneratedBlock(text: string, name: string, body: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i < 0 || j < i) throw new Error(`markers ${start} ... ${end} not found`);
  return `${text.slice(0, i + start.length)}\n${body}\n${text.slice(j)}`;
}

const escapeCell = (s: string): string => s.replace(/\|/g, '\\|');

function factRow(f: FactDefinition, usedBy: string): string {
  const values = f.values ? f.values.map((v) => `\`${String(v)}\``).join(', ') : '';
  return `| \`${f.name}\` | ${f.type} | ${escapeCell(f.description)} | ${values} | ${usedBy} |`;
}

/** The vocabulary table of rules/README.md (generated: see scripts/rules-schema.ts). */
export function renderReadmeVocabulary(): string {
  const lines = ['| fact | type | meaning | known values | usable in |', '| --- | --- | --- | --- | --- |'];
  for (const f of ALL_FACTS) {
    const usedBy = DECISIONS.filter((d) => factsFor(d).some((g) => g.name === f.name)).map((d) => d.id);
    const label = usedBy.length === DECISIONS.length ? 'all' : usedBy.join(', ');
    lines.push(factRow(f, label));
  }
  return lines.join('\n');
}

export const repoRoot = join(import.meta.dirname, '..');

/** The rules directory: RULES_DIR when set (an analyst's working copy), else rules/. */
export function rulesDir(): string {
  return process.env.RULES_DIR ? resolve(process.env.RULES_DIR) : join(repoRoot, 'rules');
}

export type CheckedRules = CheckedFiles;

/** Reads and validates every rule file of a directory; reports missing and unknown files too. */
export function checkRulesDir(dir: string): CheckedRules {
  return checkRuleTexts(readRuleTexts(dir));
}

/** The text of every JSON file of a rules directory (not its subfolders), by file name. */
export function readRuleTexts(dir: string): Record<string, string> {
  const names = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  return Object.fromEntries(names.sort().map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
}

export { parseJson };

const CODE_DIRS = ['src', 'machines'];

function codeFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'generated' ? [] : codeFiles(path);
    return /\.tsx?$/.test(d.name) ? [path] : [];
  });
}

/**
 * The constants and toggles the portal's code reads (src/ and machines/): `constantOf(store, 'name')`,
 * `constants.name`, `constants['name']`, a `{name}` a message text shows, `toggles.name`, `toggles?.name`,
 * `toggles['name']`. The decision table and the vocabulary only list the names, which is not a read.
 */
export function codeReads(root: string = repoRoot): { constants: Set<string>; toggles: Set<string> } {
  const text = CODE_DIRS.flatMap((d) => codeFiles(join(root, d)))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  const reads = (names: readonly string[], patterns: (n: string) => RegExp[]): Set<string> =>
    new Set(names.filter((n) => patterns(n).some((re) => re.test(text))));
  return {
    constants: reads(CONSTANT_NAMES, (n) => [
      new RegExp(`constantOf\\([^,()]+,\\s*['"]${n}['"]`),
      // A message text that shows it: 'The restart takes up to {modemRestartMinutes} minutes.' (fillConstants).
      new RegExp(`\\{${n}\\}`),
      new RegExp(`constants\\??\\.${n}\\b`),
      new RegExp(`constants\\[\\s*['"]${n}['"]\\s*\\]`),
    ]),
    toggles: reads(TOGGLE_NAMES, (n) => [
      new RegExp(`toggles\\??\\.${n}\\b`),
      new RegExp(`toggles\\[\\s*['"]${n}['"]\\s*\\]`),
    ]),
  };
}

/**
 * The analysis of rules:check (src/engine/analyze.ts) on the files of a checked directory that are valid:
 * what never fires or never wins, ties, shared orders, unused constants and toggles, numbers written twice.
 */
export function analyzeRulesDir(checked: CheckedRules): AnalysisResult {
  return analyzeChecked(checked, { codeReads: codeReads(), rendered: renderedIds() });
}

/** What the analysis needs from the code, as JSON (the studio's server sends it to the browser). */
export function checkContext(): CheckContext {
  const reads = codeReads();
  return {
    codeReads: { constants: [...reads.constants].sort(), toggles: [...reads.toggles].sort() },
    rendered: Object.fromEntries(
      Object.entries(renderedIds()).map(([id, r]) => [
        id,
        {
          ids: [...r.ids],
          howToAdd: r.howToAdd,
          ...(r.notBuilt ? { notBuilt: [...r.notBuilt] } : {}),
          ...(r.notBuiltList ? { notBuiltList: r.notBuiltList } : {}),
        },
      ]),
    ),
  };
}

/** Loads a directory's rules for the runtime; throws with every issue when any file is invalid. */
export function loadRulesDir(dir: string = rulesDir()): Rulesets {
  const checked = checkRulesDir(dir);
  const errors = checked.issues.filter((i) => i.severity !== 'warning');
  if (errors.length > 0) {
    throw new Error(`invalid rules in ${dir}:\n${errors.map(formatIssue).join('\n')}`);
  }
  return Object.fromEntries(DECISIONS.map((d) => [d.id, checked.parsed[ruleFileOf(d.id)]])) as Rulesets;
}

/**
 * What the home renders, as plain data beside its registries: sections (src/app/rendered-sections.ts, with
 * the sections of features not built yet, a warning until they land), views and banners
 * (src/features/home/rendered.ts). rules:check reports a rule deciding anything else.
 */
export function renderedIds(): NonNullable<AnalysisInput['rendered']> {
  return {
    'home-sections': {
      ids: new Set(RENDERED_SECTIONS),
      notBuilt: new Set(NOT_BUILT_YET),
      notBuiltList: 'NOT_BUILT_YET in src/app/rendered-sections.ts',
      howToAdd:
        "Export its card from its feature's home.ts, add it to src/app/home-sections.ts and its id to RENDERED_SECTIONS (src/app/rendered-sections.ts)",
    },
    'home-view': {
      ids: new Set(RENDERED_VIEWS),
      howToAdd:
        'Add its component to homeViews (src/features/home/views/index.ts) and its id to RENDERED_VIEWS (src/features/home/rendered.ts)',
    },
    'account-banners': {
      ids: new Set(RENDERED_BANNERS),
      howToAdd:
        'Add its component to accountBanners (src/features/home/banners/AccountBanner.tsx) and its id to RENDERED_BANNERS (src/features/home/rendered.ts)',
    },
  };
}

/** schemas/ruleset.schema.json as it must be committed: generated, then formatted like every file. */
export async function rulesetSchemaText(): Promise<string> {
  const path = join(repoRoot, 'schemas', 'ruleset.schema.json');
  const options = (await prettier.resolveConfig(path)) ?? {};
  return prettier.format(JSON.stringify(buildRulesetSchema()), { ...options, filepath: path });
}

/** schemas/rule-cases.schema.json as it must be committed (scripts/rules-cases.ts builds it). */
export async function ruleCasesSchemaText(): Promise<string> {
  const { buildRuleCasesSchema } = await import('./rules-cases');
  return formatLikePrettier(
    join(repoRoot, 'schemas', 'rule-cases.schema.json'),
    JSON.stringify(buildRuleCasesSchema()),
  );
}

/** Formats a file's text the way `prettier --write` would, so generated files stay stable. */
export async function formatLikePrettier(path: string, text: string): Promise<string> {
  const options = (await prettier.resolveConfig(path)) ?? {};
  return prettier.format(text, { ...options, filepath: path });
}

// ---------------------------------------------------------------- personas: facts, explain, preview

/** The date the preview and its golden file are pinned to; persona dates are relative to it. */
export const PREVIEW_DATE = '2026-03-10';

/** A calendar day as the instant the tools evaluate: noon local time, away from any midnight edge. */
export function dayAt(iso: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new Error(`expected a date as YYYY-MM-DD, got '${iso}'`);
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12, 0, 0);
}

/** The facts of one persona account on a day, from exactly the bodies the sandbox serves. */
export function personaFacts(
  persona: Persona,
  today: Date,
  accountIndex = 0,
  calls: readonly DataCall[] = DATA_CALLS,
): AccountFacts {
  return factsFromBodies(personaResponses(persona, { today, accountIndex }), today, calls);
}

/**
 * Decides for a persona account the way the app does: the profile first, then only the calls
 * rules/data-loading.json chose, then every decision on the data those calls return.
 */
export async function decidePersona(runtime: Runtime, persona: Persona, today: Date, accountIndex = 0) {
  return decideBodies(runtime, personaResponses(persona, { today, accountIndex }), today);
}

export interface PreviewRow {
  label: string;
  /** Profile status: 223 and 222 never reach the home page (the shell redirects). */
  profileStatus: string | null;
  decisions: HomeDecisions;
}

/** Every persona account's decisions (a persona with several accounts gives a row per account). */
export async function previewRows(
  rulesets: Rulesets,
  personas: readonly Persona[],
  today: Date,
): Promise<PreviewRow[]> {
  const runtime = createRuntime(rulesets);
  const rows: PreviewRow[] = [];
  for (const persona of [...personas].sort((a, b) => a.id.localeCompare(b.id))) {
    for (let i = 0; i < persona.accounts.length; i++) {
      const { facts, decisions } = await decidePersona(runtime, persona, today, i);
      rows.push({
        label: i === 0 ? persona.id : `${persona.id} #${i + 1}`,
        profileStatus: facts.profileStatus,
        decisions,
      });
    }
  }
  return rows;
}

export const goldenPreviewPath = join(repoRoot, 'test', 'golden', 'rules-preview.md');

/** The preview of the current rules for every persona, formatted as committed. */
export async function currentPreview(
  rulesets: Rulesets = loadRulesDir(),
  date = PREVIEW_DATE,
): Promise<string> {
  const personas = loadPersonas([], (p) => {
    throw new Error(`persona ${p.file}: ${p.message}`);
  });
  const rows = await previewRows(rulesets, personas, dayAt(date));
  const { renderPreview } = await import('./rules-preview-format');
  return formatLikePrettier(goldenPreviewPath, renderPreview(rows, date, rulesets));
}
