/**
 * Captured sessions (path format 2, saved from the QA panel) in test/sessions/<machine>/: `npm run paths`
 * never writes there, and `npm run paths -- --check` replays each against its machine (./replay.ts) so a machine change that invalidates one is reported by name, with the machine version
 * it was captured with and the one it has now. Also: the rules' hashes of a folder and the look-up of a rule
 * file's recorded version in git history, for `npm run qa:replay`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { PATH_FORMAT, type PathFile } from '../../machines/paths';
import { contentHash, machineVersion, rulesHash, type RulesUsed } from '../../machines/version';
import { DECISIONS, ruleFileOf } from '../../src/engine/decisions';
import { repoRoot as ROOT } from '../repo';
import { readPathFile } from './path-file';
import { replayPath, type ReplayReport } from './replay';

export const SESSIONS_DIR = join(ROOT, 'test', 'sessions');

/** 'sha256:0145ce85…' for people; the full hash stays in the files. */
export const short = (hash: string | null | undefined): string =>
  hash ? `${hash.slice(0, 'sha256:'.length + 12)}…` : 'unknown';

/** Every .json file under `dir`, relative to it, sorted. */
export function listSessionFiles(dir: string = SESSIONS_DIR): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json')) out.push(relative(dir, path));
    }
  };
  walk(dir);
  return out.sort();
}

export interface SessionCheck {
  name: string;
  ok: boolean;
  /** Why it no longer matches (empty when it does). */
  problems: string[];
  /** What changed without breaking it (a new machine version the session still fits). */
  notes: string[];
}

/** The first failing step of a machine replay, in one line. */
function firstFailure(report: ReplayReport): string {
  if (!report.initial.ok) {
    return `it starts in ${JSON.stringify(report.initial.actual)}, not ${JSON.stringify(report.initial.expected)}`;
  }
  const step = report.steps.find((s) => !s.ok);
  return step ? `step ${step.index} (${step.event.type}): ${step.problems.join('; ')}` : 'it does not replay';
}

/**
 * Whether a captured session still fits its machine: the path replayed against the machine with stand-in
 * calls (scripts/generate-paths.ts --replay), plus the machine version it was captured with.
 */
export async function checkSession(
  name: string,
  file: PathFile,
  machines: readonly { id: string; machine: AnyStateMachine }[],
): Promise<SessionCheck> {
  const problems: string[] = [];
  const notes: string[] = [];
  const entry = machines.find((m) => m.id === file.machine);
  if (file.format !== PATH_FORMAT || !file.session) {
    problems.push(
      `${name} is not a captured session (format ${PATH_FORMAT} with a session): it belongs in test/paths`,
    );
  }
  const folder = name.split(/[\\/]/)[0];
  if (name.includes('/') && folder !== file.machine) {
    problems.push(`${name} is a ${file.machine} session saved under test/sessions/${folder}/`);
  }
  if (!entry) {
    problems.push(`${name}: no machine '${file.machine}' (machines/${file.machine}.machine.ts)`);
    return { name, ok: false, problems, notes };
  }
  const now = await machineVersion(entry.machine);
  const changed = file.machineVersion !== now;
  const report = await replayPath(file, entry.machine);
  if (!report.ok) {
    problems.push(
      `${name} no longer matches ${file.machine}: ${firstFailure(report)}. ` +
        (changed
          ? `It was captured with ${file.machine} ${short(file.machineVersion)}; the machine is now ${short(now)}.`
          : `The machine version is the one it was captured with (${short(now)}).`),
    );
  } else if (changed) {
    notes.push(
      `${name}: ${file.machine} changed since the capture (${short(file.machineVersion)} -> ${short(now)}); the session still replays.`,
    );
  }
  return { name, ok: problems.length === 0, problems, notes };
}

/** Every captured session under `dir`, checked. */
export async function checkSessions(
  dir: string = SESSIONS_DIR,
  machines?: readonly { id: string; machine: AnyStateMachine }[],
): Promise<SessionCheck[]> {
  const known = machines ?? (await import('../../machines/path-scenarios')).PATH_MACHINES;
  const out: SessionCheck[] = [];
  for (const name of listSessionFiles(dir)) {
    let file: PathFile;
    try {
      file = readPathFile(join(dir, name));
    } catch (e) {
      out.push({ name, ok: false, problems: [e instanceof Error ? e.message : String(e)], notes: [] });
      continue;
    }
    out.push(await checkSession(name, file, known));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Rules: which rules a folder holds, and where a recorded version of a rule file is in git history

/** The decision files in a rules folder (missing or unreadable ones are left out). */
export function rulesOfDir(dir: string): RulesUsed {
  const out: RulesUsed = {};
  for (const d of DECISIONS) {
    const name = ruleFileOf(d.id);
    try {
      out[name] = { source: 'served', rules: JSON.parse(readFileSync(join(dir, name), 'utf8')) as unknown };
    } catch {
      // Missing or not JSON: it has no hash, so it matches no recorded one.
    }
  }
  return out;
}

export const rulesHashOfDir = (dir: string) => rulesHash(rulesOfDir(dir));

/**
 * The content of `rules/<name>` at the newest commit whose version has this content hash, searched in the
 * history of the file (at most `limit` commits back); null when none has.
 */
export async function findRuleFileInHistory(
  name: string,
  hash: string,
  limit = 200,
): Promise<{ commit: string; text: string } | null> {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  let commits: string[];
  try {
    commits = git('log', `-n${limit}`, '--format=%H', '--', `rules/${name}`).split('\n').filter(Boolean);
  } catch {
    return null;
  }
  for (const commit of commits) {
    let text: string;
    try {
      text = git('show', `${commit}:rules/${name}`);
      if ((await contentHash(JSON.parse(text))) === hash) return { commit, text };
    } catch {
      // Not JSON at that commit: not the version we look for.
    }
  }
  return null;
}
