/**
 * A save is never reported as not saved once it is (ADR 042: "once moved the rest runs to its end"). Its
 * point of no return is the remote taking the push, or, without a remote, `update-ref` moving the refs
 * here. What fails after it (this server's own refs, the folder) is answered 500 saying the change was saved
 * and what failed, logged at warn, and the change is where it should be: on the remote (here at the next
 * fetch), on main, in the folder; a refs move the request's deadline would have ended runs to its end.
 *
 * Faults are made by real git, in the server's own git directory: a reference-transaction hook refuses the
 * local move of a ref, or holds update-ref after its refs moved; or the folder cannot be written.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RulesRepo, type Check } from '../../server/studio/studio-repo';
import { Browser, copyRules, makeDist, start } from './harness';
import { bare, git, tmp } from '../support/git-dirs';
import { noChecks } from '../support/no-checks';

/** A rules folder of two JSON files. */
function folder(): string {
  const dir = tmp('rules-');
  writeFileSync(join(dir, 'a.json'), '{ "a": 1 }\n');
  writeFileSync(join(dir, 'b.json'), '{ "b": 1 }\n');
  return dir;
}

const noProblems: Check = () => Promise.resolve([]);
const ana = { name: 'Ana', email: 'ana@x', id: 'ana' };

interface Logged {
  warn: string[];
}
const logOf = (logged: Logged) => ({
  warn: (_: object, m: string) => void logged.warn.push(m),
  info: () => undefined,
});

/** The repository's reference-transaction hook: `script` runs with the state ($1) and the moves on stdin. */
function hook(gitDir: string, script: string): () => void {
  mkdirSync(join(gitDir, 'hooks'), { recursive: true });
  const path = join(gitDir, 'hooks', 'reference-transaction');
  writeFileSync(path, `#!/bin/sh\n${script}\nexit 0\n`);
  chmodSync(path, 0o755);
  return () => rmSync(path, { force: true });
}

/** Refuses, here, any transaction that moves a ref matching `pattern` (the remote is not concerned). */
const refuseHere = (gitDir: string, pattern: string): (() => void) =>
  hook(
    gitDir,
    `[ "$1" = prepared ] || exit 0\nif grep -q '${pattern}'; then echo 'refused here (test)' >&2; exit 1; fi`,
  );

async function until(what: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !what(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(what()).toBe(true);
}

const save = (repo: RulesRepo, base: string, a: number, requireApproval: boolean) =>
  repo.propose({
    author: ana,
    reason: `a is ${a}`,
    base,
    files: { 'a.json': `{ "a": ${a} }\n` },
    requireApproval,
    check: noProblems,
  });

const SAVED_ON_REMOTE =
  /^The change was saved on the rules remote, but this server's history did not record it \(git update-ref: .*refused here \(test\)/;

describe('a save the rules remote took', { timeout: 60_000 }, () => {
  it('is answered as saved when this server cannot record it, and is here at the next fetch', async () => {
    const remote = bare();
    const logged: Logged = { warn: [] };
    const repo = new RulesRepo(folder(), join(tmp('git-'), 'rules.git'), { remote, log: logOf(logged) });
    const live = await repo.ensure();
    const unhook = refuseHere(repo.gitDir, ' refs/heads/pending/');
    await expect(save(repo, live, 2, true)).rejects.toMatchObject({
      status: 500,
      message: expect.stringMatching(SAVED_ON_REMOTE) as unknown,
    });
    expect(logged.warn).toEqual([expect.stringMatching(SAVED_ON_REMOTE)]);
    // On the remote; not here yet.
    const [onRemote] = git(remote, 'for-each-ref', '--format=%(refname) %(objectname)', 'refs/heads/pending/')
      .split('\n')
      .filter(Boolean);
    expect(onRemote).toMatch(/^refs\/heads\/pending\/[0-9a-f]{12} [0-9a-f]{40}$/);
    expect(git(repo.gitDir, 'for-each-ref', 'refs/heads/pending/')).toBe('');
    // The next fetch brings it.
    unhook();
    await repo.remote!.sync();
    const pending = await repo.pending();
    expect(pending.map((c) => [c.id, c.reason])).toEqual([[onRemote!.split(' ')[1], 'a is 2']]);
    repo.stop();
  });

  it('live at once: the remote has it on main, and the next fetch puts it live here, folder included', async () => {
    const remote = bare();
    const rulesDir = folder();
    const repo = new RulesRepo(rulesDir, join(tmp('git-'), 'rules.git'), { remote });
    const live = await repo.ensure();
    const unhook = refuseHere(repo.gitDir, ' refs/heads/main$');
    await expect(save(repo, live, 3, false)).rejects.toMatchObject({
      status: 500,
      message: expect.stringMatching(SAVED_ON_REMOTE) as unknown,
    });
    const theirs = git(remote, 'rev-parse', 'main');
    expect(theirs).not.toBe(live);
    expect(git(remote, 'show', 'main:a.json')).toBe('{ "a": 3 }');
    expect(git(repo.gitDir, 'rev-parse', 'main')).toBe(live);
    unhook();
    await repo.remote!.sync();
    expect(git(repo.gitDir, 'rev-parse', 'main')).toBe(theirs);
    expect(readFileSync(join(rulesDir, 'a.json'), 'utf8')).toBe('{ "a": 3 }\n');
    // Recorded once: the history's newest entry is the change itself, no hand edit after it.
    expect((await repo.history())[0]).toMatchObject({ id: theirs, reason: 'a is 3' });
    repo.stop();
  });
});

describe('a save without a remote', { timeout: 60_000 }, () => {
  it("whose refs moved as the request's deadline passed runs to its end and is answered as saved", async () => {
    const rulesDir = folder();
    const gitDir = join(tmp('git-'), 'rules.git');
    const live = await new RulesRepo(rulesDir, gitDir).ensure();
    const repo = new RulesRepo(rulesDir, gitDir, { requestTimeoutMs: 2_500 });
    await repo.history();
    // update-ref waits, its refs moved, until released (after the request's deadline).
    const dir = tmp('hold-');
    const [hold, reached] = [join(dir, 'hold'), join(dir, 'reached')];
    writeFileSync(hold, '');
    const unhook = hook(
      gitDir,
      `[ "$1" = committed ] || exit 0\ngrep -q ' refs/heads/main$' || exit 0\n: > '${reached}'\nwhile [ -e '${hold}' ]; do sleep 0.05; done`,
    );
    const started = Date.now();
    const saving = save(repo, live, 4, false);
    void saving.catch(() => undefined);
    await until(() => existsSync(reached));
    const moved = git(gitDir, 'rev-parse', 'main');
    expect(moved).not.toBe(live);
    await until(() => Date.now() > started + 2_800);
    rmSync(hold);
    await expect(saving).resolves.toEqual({ pending: false, id: moved });
    unhook();
    expect(git(gitDir, 'rev-parse', 'main')).toBe(moved);
    expect(readFileSync(join(rulesDir, 'a.json'), 'utf8')).toBe('{ "a": 4 }\n');
  });

  it("held past the request's deadline after its checks: names the history, not the checks, and saves nothing", async () => {
    const rulesDir = folder();
    const gitDir = join(tmp('git-'), 'rules.git');
    const live = await new RulesRepo(rulesDir, gitDir).ensure();
    const repo = new RulesRepo(rulesDir, gitDir, { requestTimeoutMs: 1_500 });
    await repo.history();
    // The change's commit is written (fast-import, after the checks) and never ends.
    const unhook = hook(gitDir, `grep -q ' refs/studio/made/' || exit 0\nsleep 30`);
    await expect(save(repo, live, 7, false)).rejects.toMatchObject({
      status: 503,
      message: expect.stringMatching(
        /^The rules' history did not answer within 2 s: nothing was saved\./,
      ) as unknown,
    });
    unhook();
    expect(git(gitDir, 'rev-parse', 'main')).toBe(live);
    expect(readFileSync(join(rulesDir, 'a.json'), 'utf8')).toBe('{ "a": 1 }\n');
  });

  it('whose refs could not move is not answered as saved, and nothing moved', async () => {
    const rulesDir = folder();
    const gitDir = join(tmp('git-'), 'rules.git');
    const repo = new RulesRepo(rulesDir, gitDir);
    const live = await repo.ensure();
    const unhook = refuseHere(gitDir, ' refs/heads/main$');
    const failed = save(repo, live, 5, false);
    await expect(failed).rejects.toThrow(/refused here \(test\)/);
    await expect(failed).rejects.not.toThrow(/saved/);
    unhook();
    expect(git(gitDir, 'rev-parse', 'main')).toBe(live);
    expect(readFileSync(join(rulesDir, 'a.json'), 'utf8')).toBe('{ "a": 1 }\n');
  });

  it('whose folder could not be written is answered as saved, and the folder is written at the next step', async () => {
    const rulesDir = folder();
    const gitDir = join(tmp('git-'), 'rules.git');
    const logged: Logged = { warn: [] };
    const repo = new RulesRepo(rulesDir, gitDir, { log: logOf(logged) });
    const live = await repo.ensure();
    // As main moves, a.json becomes a folder: the file cannot be written over it.
    const unhook = hook(
      gitDir,
      `[ "$1" = committed ] || exit 0\ngrep -q ' refs/heads/main$' || exit 0\nrm -f '${rulesDir}/a.json'\nmkdir -p '${rulesDir}/a.json/x'`,
    );
    await expect(save(repo, live, 6, false)).rejects.toMatchObject({
      status: 500,
      message: expect.stringMatching(
        /^The change was saved, but the rules folder could not be written \(.*a\.json/,
      ) as unknown,
    });
    expect(logged.warn).toHaveLength(1);
    unhook();
    const moved = git(gitDir, 'rev-parse', 'main');
    expect(git(gitDir, 'show', 'main:a.json')).toBe('{ "a": 6 }');
    // The folder fixed by hand: the next step writes it from main, and records no hand edit.
    rmSync(join(rulesDir, 'a.json'), { recursive: true });
    expect((await repo.history())[0]).toMatchObject({ id: moved, reason: 'a is 6' });
    expect(readFileSync(join(rulesDir, 'a.json'), 'utf8')).toBe('{ "a": 6 }\n');
    expect(git(gitDir, 'rev-parse', 'main')).toBe(moved);
  });
});

describe('the studio', { timeout: 60_000 }, () => {
  it('answers a save the remote took but this server could not record 500, saying it was saved', async () => {
    const remote = bare();
    const gitDir = join(tmp('studio-git-'), 'rules.git');
    const { sandbox, base } = await start({
      distDir: makeDist(),
      rulesDir: copyRules(),
      studio: { gitDir, remote, fetchSeconds: 60, checker: noChecks() },
    });
    try {
      const b = new Browser(base);
      b.signInAnalyst(sandbox, 'ana');
      const csrf = (await b.json<{ csrfToken: string }>('/studio/api/session')).csrfToken;
      const live = await b.json<{ commit: string; files: Record<string, string> }>('/studio/api/rules');
      const unhook = refuseHere(gitDir, ' refs/heads/pending/');
      const res = await b.post(
        '/studio/api/changes',
        {
          reason: 'Saved on the remote only',
          base: live.commit,
          files: {
            'outage.json': live.files['outage.json']!.replace('"description": "', '"description": "X '),
          },
        },
        { 'x-csrf-token': csrf },
      );
      expect(res.status).toBe(500);
      expect(((await res.json()) as { error: string }).error).toMatch(SAVED_ON_REMOTE);
      expect(git(remote, 'for-each-ref', 'refs/heads/pending/')).not.toBe('');
      unhook();
      await sandbox.studioRepo.remote!.sync();
      const { pending } = await b.json<{ pending: { reason: string }[] }>('/studio/api/changes');
      expect(pending.map((c) => c.reason)).toEqual(['Saved on the remote only']);
    } finally {
      await sandbox.close();
    }
  });
});
