/**
 * Loads the rules the server serves, in one request (GET /rules/bundle.json, docs/contracts.md), so an
 * analyst's edit takes effect on the next page load without a rebuild.
 *
 * Last known good means the last valid version: the server keeps serving the last valid version of a file
 * whose new version is invalid ('rejected', with the validator's message), so the browser uses the served
 * rules of every 'valid' and 'rejected' file and falls back to the copy bundled at build time only for a file
 * that never had a valid served version ('unavailable'), or when the bundle cannot be fetched at all. Each
 * problem is reported once through onIssue (the app sends it to the issue log, which strips it); the full
 * message is kept per file for the QA panel. Browser-safe: fetch is injected.
 */
import { DECISIONS, ruleFileOf, type DecisionId } from './decisions';
import { ruleHash } from './rule-hash';
import type { Rollout } from './rollout';
import type { RuleFile, Rulesets } from './types';
import type { RulesetIssue } from './validate';

export type RulesFetch = (
  url: string,
  init: { cache: RequestCache },
) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

export interface RulesIssue {
  file: string;
  /** The full message (the issue log strips and cuts it; the QA panel shows it whole). */
  message: string;
  issues: RulesetIssue[];
}

/** How a decision's rules were obtained, as the QA panel names it. */
export type RuleFileState = 'served' | 'fallen back' | 'rejected';

export interface RuleFileReport {
  /** 'rules/home-view.json' */
  file: string;
  state: RuleFileState;
  /** Why the file was rejected or fell back, in full; absent when served as it is. */
  message?: string;
}

/** The copies of rules/*.json built into the app, by file name ('home-view.json'). */
export interface BundledRules {
  /** ruleHash of each bundled file, computed at build time (a few bytes each). */
  hashes: Readonly<Record<string, string>>;
  /** The files themselves, loaded only when one is needed (a fallback). */
  load(): Promise<Readonly<Record<string, unknown>>>;
}

export interface LoadRulesOptions {
  fetch: RulesFetch;
  bundled: BundledRules;
  onIssue: (issue: RulesIssue) => void;
  /** Where the bundle is served; default '/rules/bundle.json'. */
  url?: string;
  /**
   * Awaited between two files' checks (the browser's yield to its main thread): fingerprinting and checking
   * every file in one task blocked the page for 30 ms and more at a phone's speed (docs/decisions/039).
   */
  pause?: () => Promise<void>;
}

export interface LoadedRules {
  rulesets: Rulesets;
  /** Where each decision's rules came from. */
  sources: Record<DecisionId, 'served' | 'bundled'>;
  /** Each decision file as served, fallen back or rejected, with the full message. */
  files: Record<DecisionId, RuleFileReport>;
  /**
   * The rollouts served beside the live rules (docs/decisions/044): the server serves only those its checks
   * passed, so they are not checked again here; none when the bundle could not be read.
   */
  rollouts: Rollout[];
}

type Status = 'valid' | 'rejected' | 'unavailable';
interface Entry {
  status: Status;
  rules: unknown;
  message?: string;
}

/**
 * The validator (the rule-set schema and its checks) is only loaded when a served file differs from the copy
 * bundled at build time, which rules:check already validated: on the common path the browser downloads
 * neither the schema nor its compiled code.
 */
type Validate = typeof import('./validate');
let validatorModule: Promise<Validate> | null = null;
const validator = (): Promise<Validate> => (validatorModule ??= import('./validate'));

function describe(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The bundle's entries by file name, or why there are none. */
async function fetchBundle(
  fetchFn: RulesFetch,
  url: string,
): Promise<{ files: Record<string, unknown>; rollouts: Rollout[] } | { problem: string }> {
  try {
    // The server answers no-cache with an ETag: the browser revalidates (a 304 when nothing changed).
    const response = await fetchFn(url, { cache: 'no-cache' });
    if (!response.ok) return { problem: `the server answered ${response.status}` };
    const body = (await response.json()) as { files?: unknown; rollouts?: unknown } | null;
    if (typeof body !== 'object' || body === null || typeof body.files !== 'object' || body.files === null)
      return { problem: 'its answer has no files' };
    return { files: body.files as Record<string, unknown>, rollouts: rolloutsOf(body.rollouts) };
  } catch (e) {
    return { problem: `it could not be read (${describe(e)})` };
  }
}

/** The bundle's rollouts; an entry without the fields the runtime reads is left out (its accounts stay live). */
function rolloutsOf(raw: unknown): Rollout[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (r): r is Rollout =>
      typeof r === 'object' &&
      r !== null &&
      typeof (r as Rollout).change === 'string' &&
      typeof (r as Rollout).share === 'number' &&
      typeof (r as Rollout).files === 'object' &&
      (r as Rollout).files !== null,
  );
}

/** One file's entry as the contract gives it; anything else is read as unavailable. */
function entryOf(raw: unknown): Entry {
  if (typeof raw !== 'object' || raw === null) return { status: 'unavailable', rules: null };
  const e = raw as Record<string, unknown>;
  const status: Status =
    e.status === 'valid' || e.status === 'rejected' ? e.status : ('unavailable' as const);
  return {
    status,
    rules: e.rules ?? null,
    ...(typeof e.message === 'string' ? { message: e.message } : {}),
  };
}

export async function loadRules({
  fetch,
  bundled,
  onIssue,
  url = '/rules/bundle.json',
  pause,
}: LoadRulesOptions): Promise<LoadedRules> {
  const served = await fetchBundle(fetch, url);
  let copies: Promise<Readonly<Record<string, unknown>>> | null = null;
  const bundledCopy = async (name: string): Promise<unknown> => (await (copies ??= bundled.load()))[name];

  if ('problem' in served) {
    const message = `${url} ${served.problem}: every rule file uses the copy built into the app`;
    onIssue({ file: url, issues: [], message });
  }

  const entryOfDecision = async (d: (typeof DECISIONS)[number]) => {
    const name = ruleFileOf(d.id);
    const file = `rules/${name}`;
    const fallBack = async (message: string, log: boolean) => {
      if (log) onIssue({ file, issues: [], message });
      const copy = await bundledCopy(name);
      if (copy === undefined) throw new Error(`${file}: no valid rules served and none bundled`);
      const report: RuleFileReport = { file, state: 'fallen back', message };
      return { id: d.id, rules: copy as RuleFile, source: 'bundled' as const, report };
    };

    if ('problem' in served)
      return fallBack(`${url} ${served.problem}, using the copy built into the app`, false);
    const entry = entryOf(served.files[name]);
    if (entry.status === 'unavailable' || entry.rules === null) {
      const why = entry.message ?? `${file} is not in the served bundle`;
      return fallBack(`${why}; using the copy built into the app`, true);
    }

    if (ruleHash(entry.rules) !== bundled.hashes[name]) {
      const { validateRuleset, formatIssue } = await validator();
      const issues = validateRuleset(file, entry.rules).filter((i) => i.severity !== 'warning');
      if (issues.length > 0) {
        // The server validates with the same code, so this means server and app disagree on the format.
        const message = `${file} as served is invalid in the browser, using the copy built into the app: ${issues
          .map(formatIssue)
          .join('; ')}`;
        onIssue({ file, issues, message });
        return fallBack(message, false);
      }
    }
    if (entry.status === 'rejected') {
      const message = entry.message ?? `${file} was rejected and its last valid version is served`;
      onIssue({ file, issues: [], message });
      const report: RuleFileReport = { file, state: 'rejected', message };
      return { id: d.id, rules: entry.rules as RuleFile, source: 'served' as const, report };
    }
    const report: RuleFileReport = { file, state: 'served' };
    return { id: d.id, rules: entry.rules as RuleFile, source: 'served' as const, report };
  };
  const entries: Array<Awaited<ReturnType<typeof entryOfDecision>>> = [];
  for (const d of DECISIONS) {
    if (entries.length > 0) await pause?.();
    entries.push(await entryOfDecision(d));
  }
  return {
    rulesets: Object.fromEntries(entries.map((e) => [e.id, e.rules])) as Rulesets,
    sources: Object.fromEntries(entries.map((e) => [e.id, e.source])) as LoadedRules['sources'],
    files: Object.fromEntries(entries.map((e) => [e.id, e.report])) as LoadedRules['files'],
    rollouts: 'problem' in served ? [] : served.rollouts,
  };
}

/** The fingerprints of a set of rule files (build time and tests). */
export function ruleHashes(files: Readonly<Record<string, unknown>>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).map(([name, json]) => [name, ruleHash(json)]));
}

/**
 * Where the rules are served for this page: the live bundle, or, when the rule studio opened the page with
 * `?rules=draft`, the bundle of the draft the server keeps on the analyst's own session
 * (/rules/draft/bundle.json, refused to anyone else, whose app then falls back to the bundled rules).
 */
export { rulesUrl } from './names';
