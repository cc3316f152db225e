/**
 * The rule files as the server serves them: each decision's file from RULES_DIR, validated when it changes
 * with the portal's own validator, and the last valid version kept. An analyst's broken edit never reaches
 * the browser: it gets the last valid version plus a message saying which file was rejected and why.
 *
 * Change detection: size and mtime, re-read when they differ or when the last look was too close to the
 * mtime to trust it (file times are coarse, so a same-size write in the same tick would otherwise be missed:
 * git's "racily clean" rule); a re-read file is re-validated only when its content differs. An empty file
 * written less than RACY_MS ago is a save under way (an editor, or a script, that truncates the file and then
 * writes it): the last entry stays, unreported, and the next look reads it again; an empty file older than
 * that is rejected as empty.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseLenient, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { DECISIONS, ruleFileOf } from '../src/engine/decisions';
import { formatIssue, validateRuleset } from '../src/engine/validate';
import type { Rollout } from '../src/engine/rollout';
import { asRollout, checkRollout, servableRollouts } from '../src/engine/rollout-check';

export type RuleFileStatus = 'valid' | 'rejected' | 'unavailable';

/** One entry of GET /rules/bundle.json (docs/contracts.md). */
export interface RuleFileEntry {
  status: RuleFileStatus;
  rules: unknown;
  /** present for rejected and unavailable */
  message?: string;
}

export interface RulesBundle {
  files: Record<string, RuleFileEntry>;
  /** The rollouts that passed their checks (rules/rollouts/, docs/decisions/044); absent when none. */
  rollouts?: Rollout[];
}

/** The rollouts of the folder as served, and why any file of rollouts/ is not served. */
interface RolloutsState {
  signature: string;
  checkedAt: number;
  rollouts: Rollout[];
  problems: Record<string, string>;
}

/** Every decision's rule file name, in the order of DECISIONS. */
export const RULE_FILES: readonly string[] = DECISIONS.map((d) => ruleFileOf(d.id));

/** A time-stamp closer than this to the moment it was read may still change without changing. */
const RACY_MS = 2_000;

interface FileState {
  /** size:mtime of what was last read, or the error code when it could not be */
  signature: string;
  checkedAt: number;
  hash: string;
  entry: RuleFileEntry;
  lastValid?: unknown;
}

/** Line and column (from 1) of a character offset. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/** Parses strictly; a failure says where, in words an analyst can act on. */
export function parseRuleJson(text: string): { ok: true; json: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, json: JSON.parse(text) as unknown };
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    // JSON.parse does not always say where (Node 20 omits it for an unexpected token); jsonc-parser does.
    const errors: ParseError[] = [];
    parseLenient(text, errors, { disallowComments: true, allowTrailingComma: false });
    const first = errors[0];
    if (!first) return { ok: false, message: `not valid JSON: ${reason}` };
    const { line, column } = lineColumn(text, first.offset);
    return {
      ok: false,
      message: `not valid JSON at line ${line}, column ${column} (${printParseErrorCode(first.error)}): ${reason}`,
    };
  }
}

export interface RulesCacheOptions {
  /** where a rejection is reported, once per version of a file (default console.warn) */
  onProblem?: (file: string, message: string) => void;
}

export class RulesCache {
  private readonly states = new Map<string, FileState>();
  private rolloutsState: RolloutsState = { signature: '', checkedAt: 0, rollouts: [], problems: {} };
  private bundleCache: string | undefined;
  private readonly onProblem: (file: string, message: string) => void;

  constructor(
    readonly dir: string,
    options: RulesCacheOptions = {},
  ) {
    this.onProblem = options.onProblem ?? ((file, message) => console.warn(`rules: ${file} ${message}`));
    this.refresh();
  }

  /** Looks at every decision file and re-validates the ones that changed; true when any entry changed. */
  refresh(): boolean {
    let changed = false;
    for (const name of RULE_FILES) if (this.refreshFile(name)) changed = true;
    if (this.refreshRollouts()) changed = true;
    if (changed) this.bundleCache = undefined;
    return changed;
  }

  /** The entry of one decision file (current), or undefined when the name is not a decision file. */
  entry(name: string): RuleFileEntry | undefined {
    if (!RULE_FILES.includes(name)) return undefined;
    if (this.refreshFile(name)) this.bundleCache = undefined;
    return this.states.get(name)?.entry;
  }

  /** The bundle's JSON text, rebuilt only when a file changed. */
  bundle(): string {
    this.refresh();
    if (!this.bundleCache) {
      const files: Record<string, RuleFileEntry> = {};
      for (const name of RULE_FILES) {
        const entry = this.states.get(name)?.entry;
        if (entry) files[name] = entry;
      }
      const { rollouts } = this.rolloutsState;
      this.bundleCache = JSON.stringify({
        files,
        ...(rollouts.length > 0 ? { rollouts } : {}),
      } satisfies RulesBundle);
    }
    return this.bundleCache;
  }

  /** The rollouts served (checked, no two of one file), as of the last look at the folder. */
  rollouts(): Rollout[] {
    this.refresh();
    return this.rolloutsState.rollouts;
  }

  /** Why a file of rollouts/ is not served, by its path ('rules/rollouts/x.json'). */
  rolloutProblems(): Record<string, string> {
    this.refresh();
    return this.rolloutsState.problems;
  }

  /**
   * Looks at rules/rollouts/ as a whole (a handful of small files at most): re-read and re-checked when any
   * name, size or time changed, or when the last look was too close to a file's time to trust it. A rollout
   * that fails its checks is not served (its accounts get the live rules) and reported once.
   */
  private refreshRollouts(): boolean {
    const dir = join(this.dir, 'rollouts');
    const now = Date.now();
    let names: string[] = [];
    let signature = '';
    let newest = 0;
    try {
      names = readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort();
      signature = names
        .map((name) => {
          const st = statSync(join(dir, name));
          newest = Math.max(newest, st.mtimeMs);
          return `${name}:${st.size}:${st.mtimeMs}`;
        })
        .join('|');
    } catch {
      names = [];
      signature = '';
    }
    const previous = this.rolloutsState;
    const racy = previous.checkedAt - newest < RACY_MS;
    if (previous.signature === signature && !(racy && names.length > 0)) return false;

    const problems: Record<string, string> = {};
    const valid: Rollout[] = [];
    for (const name of names) {
      const file = `rules/rollouts/${name}`;
      let text: string;
      try {
        text = readFileSync(join(dir, name), 'utf8');
      } catch (e) {
        problems[file] = `could not be read (${(e as NodeJS.ErrnoException).code ?? 'unreadable'})`;
        continue;
      }
      const parsed = parseRuleJson(text);
      if (!parsed.ok) {
        problems[file] = parsed.message;
        continue;
      }
      const issues = checkRollout(name, parsed.json);
      if (issues.length > 0) problems[file] = issues.map(formatIssue).join('; ');
      else valid.push(asRollout(parsed.json));
    }
    const servable = servableRollouts(valid);
    for (const issue of servable.issues) problems[issue.file] = formatIssue(issue);
    const changed =
      JSON.stringify(servable.rollouts) !== JSON.stringify(previous.rollouts) ||
      JSON.stringify(problems) !== JSON.stringify(previous.problems);
    for (const [file, message] of Object.entries(problems))
      if (previous.problems[file] !== message) this.onProblem(file, `is not served: ${message}`);
    this.rolloutsState = { signature, checkedAt: now, rollouts: servable.rollouts, problems };
    return changed;
  }

  /** Each decision file's status and message, for people (GET /rules/status). */
  status(): Record<string, Omit<RuleFileEntry, 'rules'>> {
    this.refresh();
    const out: Record<string, Omit<RuleFileEntry, 'rules'>> = {};
    for (const name of RULE_FILES) {
      const entry = this.states.get(name)?.entry;
      if (entry)
        out[name] = entry.message
          ? { status: entry.status, message: entry.message }
          : { status: entry.status };
    }
    return out;
  }

  private refreshFile(name: string): boolean {
    const path = join(this.dir, name);
    // File times are wall-clock times, so this one is too.
    const now = Date.now();
    const previous = this.states.get(name);
    let signature: string;
    let mtimeMs = 0;
    try {
      const st = statSync(path);
      mtimeMs = st.mtimeMs;
      signature = `${st.size}:${st.mtimeMs}`;
      const racy = previous !== undefined && previous.checkedAt - st.mtimeMs < RACY_MS;
      if (previous?.signature === signature && !racy) return false;
    } catch (e) {
      signature = (e as NodeJS.ErrnoException).code ?? 'unreadable';
      if (previous?.signature === signature) return false;
    }

    let text: string | undefined;
    let readProblem = '';
    try {
      text = readFileSync(path, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      readProblem = code === 'ENOENT' ? 'is missing' : `could not be read (${code ?? String(e)})`;
    }
    // A save under way: judged on a later look, once it is whole or has stayed empty.
    if (previous && text?.trim() === '' && now - mtimeMs < RACY_MS) return false;
    const hash =
      text === undefined ? `error:${readProblem}` : createHash('sha256').update(text).digest('hex');
    if (previous?.hash === hash) {
      previous.signature = signature;
      previous.checkedAt = now;
      return false;
    }

    const file = `rules/${name}`;
    let problem: string | undefined;
    let rules: unknown;
    if (text === undefined) problem = readProblem;
    else if (text.trim() === '') problem = 'is empty';
    else {
      const parsed = parseRuleJson(text);
      if (!parsed.ok) problem = `is ${parsed.message}`;
      else {
        const errors = validateRuleset(file, parsed.json).filter((i) => i.severity !== 'warning');
        if (errors.length === 0) rules = parsed.json;
        else problem = `is invalid: ${errors.map(formatIssue).join('; ')}`;
      }
    }

    const lastValid = problem === undefined ? rules : previous?.lastValid;
    let entry: RuleFileEntry;
    if (problem === undefined) entry = { status: 'valid', rules };
    else if (lastValid !== undefined) {
      entry = {
        status: 'rejected',
        rules: lastValid,
        message: `${file} was rejected and its last valid version is served: it ${problem}`,
      };
    } else {
      entry = {
        status: 'unavailable',
        rules: null,
        message: `${file} has no valid version: it ${problem}`,
      };
    }
    if (problem !== undefined) this.onProblem(file, problem);
    this.states.set(name, { signature, checkedAt: now, hash, entry, lastValid });
    return true;
  }
}
