/**
 * Lock files of a git the studio killed (server/studio/git-process.ts): SIGKILL at a deadline skips git's
 * own clean-up, so `git add` leaves `index.lock` and `update-ref` its refs' locks and `packed-refs.lock`,
 * and every later git needing one would fail with "File exists", a restart included. Once the killed git
 * has exited, and no other git of this server runs on the repository, the locks it made are removed; old
 * locks are removed at the start and when a git trips over one; a lock a running git holds is left alone.
 *
 * Real git throughout. git is held past a short deadline by what the repository itself may configure: a
 * clean filter that sleeps holds the index's lock in `git add`, a reference-transaction hook that waits
 * holds the refs' locks in `update-ref`.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STALE_LOCK_MS } from '../../server/studio/git-process';
import { Git, Op } from '../../server/studio/studio-git';
import { RepoError, RulesRepo } from '../../server/studio/studio-repo';
import { git, tmp } from '../support/git-dirs';

/** Every lock file in a git directory (packed-refs.new: the new packed-refs, made only if absent). */
function locksIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((p) => p.endsWith('.lock') || p === 'packed-refs.new')
    .sort();
}

/** A rules folder of one JSON file and an empty repository on it (no commit). */
async function emptyRepo(): Promise<{ folder: string; gitDir: string; git: Git }> {
  const folder = tmp('rules-');
  writeFileSync(join(folder, 'a.json'), '{ "a": 1 }\n');
  const gitDir = join(tmp('git-'), 'rules.git');
  const g = new Git(gitDir, folder);
  await g.run(['init', '--quiet', '--initial-branch=main']);
  return { folder, gitDir, git: g };
}

/** `git add` of a JSON file sleeps (a clean filter the repository configures), holding index.lock. */
function hangAdd(gitDir: string): void {
  git(gitDir, 'config', 'filter.hang.clean', 'sleep 30');
  mkdirSync(join(gitDir, 'info'), { recursive: true });
  writeFileSync(join(gitDir, 'info', 'attributes'), '*.json filter=hang\n');
}

const unhangAdd = (gitDir: string): void => void git(gitDir, 'config', '--unset', 'filter.hang.clean');

/**
 * A transaction that moves a ref named like `pattern` waits, its locks taken, while the file `hold` exists;
 * it creates `reached` as it starts waiting.
 */
function holdRefs(gitDir: string, pattern: string): { hold: string; reached: string } {
  const dir = tmp('hold-');
  const hold = join(dir, 'hold');
  const reached = join(dir, 'reached');
  writeFileSync(hold, '');
  mkdirSync(join(gitDir, 'hooks'), { recursive: true });
  const hook = join(gitDir, 'hooks', 'reference-transaction');
  writeFileSync(
    hook,
    `#!/bin/sh\n[ "$1" = prepared ] || exit 0\ngrep -q '${pattern}' || exit 0\n: > '${reached}'\nwhile [ -e '${hold}' ]; do sleep 0.05; done\nexit 0\n`,
  );
  chmodSync(hook, 0o755);
  return { hold, reached };
}

async function until(what: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !what(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(what()).toBe(true);
}

/** A commit of the folder as it is, on main. */
async function firstCommit(g: Git): Promise<string> {
  const tree = await g.treeOfFolder();
  const env = {
    GIT_AUTHOR_NAME: 't',
    GIT_AUTHOR_EMAIL: 't@x',
    GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@x',
  };
  const commit = (await g.run(['commit-tree', tree, '-m', 'first'], { env })).trim();
  await g.updateRefs([{ ref: 'refs/heads/main', to: commit, from: null }]);
  return commit;
}

describe('a git killed at its deadline', { timeout: 60_000 }, () => {
  it('git add: its index.lock is removed once it has exited, and the next git add works', async () => {
    const { folder, gitDir, git: g } = await emptyRepo();
    await g.treeOfFolder();
    hangAdd(gitDir);
    writeFileSync(join(folder, 'a.json'), '{ "a": 2 }\n');
    await expect(g.treeOfFolder(new Op(1_500, false))).rejects.toMatchObject({
      status: 503,
      message: expect.stringMatching(/^The rules' history did not answer within 2 s/) as unknown,
    });
    expect(locksIn(gitDir)).toEqual([]);
    unhangAdd(gitDir);
    const tree = await g.treeOfFolder();
    expect(git(gitDir, 'cat-file', '-p', `${tree}:a.json`)).toBe('{ "a": 2 }');
  });

  it("update-ref: its refs' locks and packed-refs.lock are removed, and the refs move at the next try", async () => {
    const { gitDir, git: g } = await emptyRepo();
    const c = await firstCommit(g);
    await g.updateRefs([{ ref: 'refs/heads/pending/x', to: c, from: null }]);
    // Packed: deleting it takes packed-refs.lock too.
    git(gitDir, 'pack-refs', '--all');
    const { hold } = holdRefs(gitDir, 'refs/heads/pending/');
    const moves = [
      { ref: 'refs/heads/pending/x', to: null, from: c },
      { ref: 'refs/heads/pending/y', to: c, from: null },
    ];
    await expect(g.updateRefs(moves, new Op(1_500, true))).rejects.toMatchObject({
      status: 503,
      message: expect.stringMatching(
        /^The rules' history did not answer within 2 s: nothing was saved/,
      ) as unknown,
    });
    expect(locksIn(gitDir)).toEqual([]);
    // Nothing moved: the transaction never committed.
    expect(git(gitDir, 'for-each-ref', '--format=%(refname)', 'refs/heads/pending/')).toBe(
      'refs/heads/pending/x',
    );
    rmSync(hold);
    await g.updateRefs(moves);
    expect(git(gitDir, 'for-each-ref', '--format=%(refname)', 'refs/heads/pending/')).toBe(
      'refs/heads/pending/y',
    );
  });

  it('leaves the locks of a git still running on the repository, and removes the killed one’s when it ends', async () => {
    const { folder, gitDir, git: g } = await emptyRepo();
    const c = await firstCommit(g);
    const { hold, reached } = holdRefs(gitDir, 'refs/heads/slow');
    // A git of this server that takes its time (not killed): it holds refs/heads/slow.lock.
    const slow = g.updateRefs([{ ref: 'refs/heads/slow', to: c, from: null }]);
    await until(() => existsSync(reached));
    hangAdd(gitDir);
    writeFileSync(join(folder, 'a.json'), '{ "a": 3 }\n');
    await expect(g.treeOfFolder(new Op(1_500, false))).rejects.toBeInstanceOf(RepoError);
    // The killed git's index.lock waits for the other git to end; that git's own lock is its.
    expect(locksIn(gitDir)).toEqual(['index.lock', join('refs', 'heads', 'slow.lock')]);
    rmSync(hold);
    await slow;
    expect(git(gitDir, 'rev-parse', 'refs/heads/slow')).toBe(c);
    expect(locksIn(gitDir)).toEqual([]);
    unhangAdd(gitDir);
    await g.treeOfFolder();
  });
});

describe('stale locks', { timeout: 60_000 }, () => {
  const old = (path: string): void => {
    writeFileSync(path, '');
    const at = (Date.now() - STALE_LOCK_MS - 5_000) / 1000;
    utimesSync(path, at, at);
  };

  it('are removed when the repository starts (a server that died with a git under way); new ones are left', async () => {
    const { gitDir } = await emptyRepo();
    mkdirSync(join(gitDir, 'refs', 'heads', 'pending'), { recursive: true });
    old(join(gitDir, 'index.lock'));
    old(join(gitDir, 'packed-refs.lock'));
    old(join(gitDir, 'refs', 'heads', 'pending', 'x.lock'));
    // Another process's, made a moment ago: not this server's to remove.
    writeFileSync(join(gitDir, 'refs', 'heads', 'main.lock'), '');
    new RulesRepo(tmp('rules-'), gitDir);
    expect(locksIn(gitDir)).toEqual([join('refs', 'heads', 'main.lock')]);
  });

  it('a git trips over an old one: it is removed, and the next git works', async () => {
    const { gitDir, git: g } = await emptyRepo();
    old(join(gitDir, 'index.lock'));
    await expect(g.treeOfFolder()).rejects.toThrow(/index\.lock': File exists/);
    expect(locksIn(gitDir)).toEqual([]);
    await g.treeOfFolder();
  });

  it("the studio's reads answer again after a git killed at the request's deadline", async () => {
    const { folder, gitDir } = await emptyRepo();
    const first = await new RulesRepo(folder, gitDir).ensure();
    const repo = new RulesRepo(folder, gitDir, { requestTimeoutMs: 1_500 });
    hangAdd(gitDir);
    writeFileSync(join(folder, 'a.json'), '{ "a": 4 }\n');
    // The hand edit is recorded before the read: git add hangs, the request's deadline ends it.
    await expect(repo.history()).rejects.toMatchObject({ status: 503 });
    unhangAdd(gitDir);
    const [latest] = await repo.history();
    expect(latest).toMatchObject({ reason: 'Changes made outside the studio' });
    expect(latest!.id).not.toBe(first);
    expect(git(gitDir, 'show', 'main:a.json')).toBe('{ "a": 4 }');
  });
});
