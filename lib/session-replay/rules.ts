/** The rules qa:replay's sandbox serves (lib/qa-replay.ts): those the session was decided with, or as told. */
import { copyFileSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CapturedSession } from '../../machines/paths';
import { findRuleFileInHistory, rulesHashOfDir, short } from '../paths/sessions';
import { repoRoot as ROOT } from '../repo';

/** The rules folder to serve: the one given (`--rules DIR`, said plainly when it differs), else rulesToServe. */
export async function chooseRules(
  session: CapturedSession,
  given: string | undefined,
  log: (l: string) => void,
  cleanup: string[],
): Promise<string> {
  if (!given) return rulesToServe(session, log, cleanup);
  const rulesDir = resolve(given);
  const { hash } = await rulesHashOfDir(rulesDir);
  log(
    hash === session.rules.hash
      ? `  rules     ${rulesDir}: ${short(hash)} as captured`
      : `  rules     WARNING: ${rulesDir} (${short(hash)}) are not the captured rules (${short(session.rules.hash)})`,
  );
  return rulesDir;
}

/**
 * The rules folder to serve: the current rules/ when they are the recorded ones; otherwise a copy where each
 * recorded file that differs is its version from git history. Says clearly what differs.
 */
export async function rulesToServe(session: CapturedSession, log: (l: string) => void, cleanup: string[]) {
  const dir = join(ROOT, 'rules');
  const current = await rulesHashOfDir(dir);
  if (session.rules.hash === null) {
    log(`  rules     WARNING: the capture recorded no rules hash; replaying with the current rules`);
    return dir;
  }
  if (current.hash === session.rules.hash) {
    log(`  rules     ${short(current.hash)} as captured`);
    return dir;
  }
  log(`  rules     WARNING: the rules differ from those the session was decided with`);
  log(`            captured ${short(session.rules.hash)}, now ${short(current.hash)}`);
  const copy = mkdtempSync(join(tmpdir(), 'qa-replay-rules-'));
  cleanup.push(copy);
  for (const f of readdirSync(dir)) if (f.endsWith('.json')) copyFileSync(join(dir, f), join(copy, f));
  let missing = 0;
  for (const [name, recorded] of Object.entries(session.rules.files)) {
    if (recorded.hash === null || current.files[name]?.hash === recorded.hash) continue;
    const found = await findRuleFileInHistory(name, recorded.hash);
    if (found) {
      writeFileSync(join(copy, name), found.text);
      log(
        `            rules/${name}: serving the captured version, from commit ${found.commit.slice(0, 10)}`,
      );
    } else {
      missing++;
      log(
        `            rules/${name}: WARNING the captured version (${short(recorded.hash)}) is not in this ` +
          `repository's history; serving the current one`,
      );
    }
  }
  for (const name of Object.keys(current.files)) {
    if (!(name in session.rules.files))
      log(`            rules/${name}: new since the capture, served as it is`);
  }
  log(
    missing
      ? `            ${missing} rule file(s) differ from the capture: a mismatch below may come from them`
      : `            the sandbox serves the captured rules (RULES_DIR=${copy})`,
  );
  return copy;
}
