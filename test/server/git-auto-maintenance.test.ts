/**
 * No git of the studio starts git's automatic maintenance (decision 042: nothing left running once a call
 * ends). `git fetch` runs `git maintenance run --auto` when it is done, whose `gc --auto` detaches into a
 * session of its own (setsid): out of the fetch's process group, so its deadline never ends it. The studio's
 * fetch says --no-auto-maintenance, and every git it runs (git-process.ts) has gc.auto=0 and
 * maintenance.auto=false.
 *
 * The repository here would start it: gc.auto=1 and two loose objects' names under objects/17 (git's own
 * sample of loose objects), and a pre-auto-gc hook, which `gc --auto` runs before anything else, leaves a
 * mark and stops it (exit 1). Each test first runs the same git as a plain `git` would, to show the hook
 * runs, then the studio's, which must not run it.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitEnv, runGitProcess } from '../../server/studio/git-process';
import { RulesRemote } from '../../server/studio/rules-remote';
import { bare, tmp } from '../support/git-dirs';

/** A repository whose next auto maintenance runs its pre-auto-gc hook, which leaves `mark`. */
function repoDueForGc(): { gitDir: string; mark: string } {
  const root = tmp('auto-gc-');
  const gitDir = join(root, 'studio.git');
  const mark = join(root, 'auto-gc-ran');
  execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', gitDir]);
  execFileSync('git', [`--git-dir=${gitDir}`, 'config', 'gc.auto', '1']);
  // gc --auto counts the names in objects/17 only, against gc.auto / 256 rounded up: two are too many.
  mkdirSync(join(gitDir, 'objects', '17'), { recursive: true });
  for (const name of ['a'.repeat(38), 'b'.repeat(38)]) writeFileSync(join(gitDir, 'objects', '17', name), '');
  const hook = join(gitDir, 'hooks', 'pre-auto-gc');
  mkdirSync(join(gitDir, 'hooks'), { recursive: true });
  writeFileSync(hook, `#!/bin/sh\necho ran >> '${mark}'\nexit 1\n`);
  chmodSync(hook, 0o755);
  return { gitDir, mark };
}

/** git as a plain call would run it (the studio's environment, none of its options). */
const plainGit = (gitDir: string, ...args: string[]): void =>
  void execFileSync('git', [`--git-dir=${gitDir}`, ...args], { env: gitEnv(), stdio: 'ignore' });

describe("the studio's gits and git's automatic maintenance", () => {
  it('fetches the rules remote without starting auto maintenance', async () => {
    const remote = bare();
    const { gitDir, mark } = repoDueForGc();
    plainGit(gitDir, 'fetch', '--quiet', remote, '+refs/heads/*:refs/remotes/rules/*');
    expect(existsSync(mark), 'a plain fetch starts auto maintenance here').toBe(true);
    rmSync(mark);
    await new RulesRemote(remote, gitDir, 30_000).fetch();
    expect(existsSync(mark)).toBe(false);
  });

  it('runs every git with automatic gc off', async () => {
    const { gitDir, mark } = repoDueForGc();
    plainGit(gitDir, 'gc', '--auto', '--quiet');
    expect(existsSync(mark), 'a plain gc --auto runs here').toBe(true);
    rmSync(mark);
    // What commit, merge, pull or fetch would start after their work (each through maintenance's gc --auto).
    const out = await runGitProcess({ gitDir, args: ['gc', '--auto', '--quiet'] });
    expect(out.code, out.stderr).toBe(0);
    expect(existsSync(mark)).toBe(false);
  });
});
