/**
 * The studio's repository is packed when due (Git.maintain, RulesStore.maintain, studio-maintenance.ts). No
 * git of the studio runs git's automatic maintenance (it detaches and outlives its call: git-process.ts), so
 * this is what packs the loose objects saves and small fetches write: `gc --auto` in the foreground, under the
 * operation's deadline, done when the call returns.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import rulesPlugin from '../../server/plugins/rules';
import { RulesCache } from '../../server/rules-cache';
import { Git, Op } from '../../server/studio/studio-git';
import { MAINTAIN_INTERVAL_MS, startMaintenance } from '../../server/studio/studio-maintenance';
import { RulesRepo } from '../../server/studio/studio-repo';
import { copyRules } from '../sandbox/harness';
import { git, tmp } from '../support/git-dirs';

/**
 * gc --auto looks at objects/17 only: with a threshold of 1 loose object, two there make it due. These three
 * files' blobs are named 17... (`{"n": 39}`, 910 and 1374), so the repository is small and always the same.
 */
const UNDER_17 = [39, 910, 1374];

/** A repository whose main holds those three files, every object loose: 3 blobs, a tree and a commit. */
function looseRepo(): { gitDir: string; workTree: string } {
  const root = tmp('studio-gc-');
  const gitDir = join(root, 'studio.git');
  const workTree = join(root, 'rules');
  mkdirSync(workTree);
  execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', gitDir]);
  for (const n of UNDER_17) writeFileSync(join(workTree, `${n}.json`), `{"n": ${n}}\n`);
  // A fixed date: the commit's name is the same every run (never one more object under objects/17).
  const date = '2026-12-01T09:00:00Z';
  const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  const inTree = (...args: string[]): void =>
    void execFileSync('git', [`--git-dir=${gitDir}`, `--work-tree=${workTree}`, ...args], { env });
  inTree('add', '-A');
  inTree(
    '-c',
    'user.name=Studio',
    '-c',
    'user.email=studio@example.invalid',
    'commit',
    '--quiet',
    '-m',
    'rules',
  );
  return { gitDir, workTree };
}

/** `git count-objects -v` as numbers: count (loose objects), in-pack, packs. */
function counts(gitDir: string): Record<string, number> {
  return Object.fromEntries(
    git(gitDir, 'count-objects', '-v')
      .split('\n')
      .map((line) => line.split(': '))
      .map(([k, v]) => [k!, Number(v)]),
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the studio's repository is packed when due", () => {
  it('packs the loose objects in the foreground: done when the call returns', async () => {
    const { gitDir, workTree } = looseRepo();
    expect(readdirSync(join(gitDir, 'objects', '17'))).toHaveLength(3);
    expect(counts(gitDir)).toMatchObject({ count: 5, 'in-pack': 0 });
    const op = new Op(30_000, true);
    try {
      await new Git(gitDir, workTree).maintain(op, 1);
    } finally {
      op.end();
    }
    // Everything in one pack, nothing left loose, nothing lost.
    expect(counts(gitDir)).toMatchObject({ count: 0, 'in-pack': 5, packs: 1 });
    expect(git(gitDir, 'ls-tree', '--name-only', 'main').split('\n')).toEqual([
      '1374.json',
      '39.json',
      '910.json',
    ]);
  });

  it("does nothing when nothing is due (git's own threshold of loose objects)", async () => {
    const { gitDir, workTree } = looseRepo();
    const op = new Op(30_000, true);
    try {
      await new Git(gitDir, workTree).maintain(op);
    } finally {
      op.end();
    }
    expect(counts(gitDir)).toMatchObject({ count: 5, 'in-pack': 0 });
  });

  it('a packing that fails is logged at warn and answers nothing (the repository works on)', async () => {
    const warned: { obj: object; msg: string }[] = [];
    // No repository in the git directory: git refuses the gc.
    const repo = new RulesRepo(tmp('rules-'), tmp('no-git-'), {
      log: { warn: (obj, msg) => void warned.push({ obj, msg }), info: () => undefined },
    });
    await expect(repo.maintain()).resolves.toBeUndefined();
    expect(warned.map((w) => w.msg)).toEqual([
      "The studio's repository could not be packed: it works on, with more loose objects",
    ]);
    expect(JSON.stringify(warned[0]!.obj)).toMatch(/not a git repository/);
    repo.stop();
  });

  it('looks a minute after the start, then every hour, one at a time, until stopped', async () => {
    vi.useFakeTimers();
    let calls = 0;
    let finish: () => void = () => undefined;
    const repo = {
      maintain: () => {
        calls++;
        return new Promise<void>((resolve) => (finish = resolve));
      },
    };
    const stop = startMaintenance(repo);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(calls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(1);
    // Still running at the hour: not started twice.
    await vi.advanceTimersByTimeAsync(MAINTAIN_INTERVAL_MS);
    expect(calls).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(MAINTAIN_INTERVAL_MS);
    expect(calls).toBe(2);
    finish();
    stop();
    await vi.advanceTimersByTimeAsync(3 * MAINTAIN_INTERVAL_MS);
    expect(calls).toBe(2);
  });
});

describe("the rules plugin's packing timer", () => {
  it('starts when the server is ready and ends with it', async () => {
    // Only the timers: Fastify's start-up runs on ticks and immediates, which stay real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const repo = new RulesRepo(tmp('rules-'), join(tmp('git-'), 'rules.git'));
    let calls = 0;
    repo.maintain = () => {
      calls++;
      return Promise.resolve();
    };
    const app = Fastify();
    await app.register(rulesPlugin, {
      rules: new RulesCache(copyRules(), { onProblem: () => undefined }),
      repo,
    });
    // Registered, not started: no timer yet.
    await vi.advanceTimersByTimeAsync(61_000);
    expect(calls).toBe(0);
    await app.ready();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(MAINTAIN_INTERVAL_MS);
    expect(calls).toBe(2);
    await app.close();
    await vi.advanceTimersByTimeAsync(3 * MAINTAIN_INTERVAL_MS);
    expect(calls).toBe(2);
  });
});
