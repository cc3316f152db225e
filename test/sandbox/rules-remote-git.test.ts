/**
 * The rules remote's git wrapper (sandbox/rules-remote.ts) and the studio repository's remote mode, on bare
 * repositories on disk: pushes are all-or-none compare-and-swaps, a moved ref is told apart from a refusal
 * and from no answer, a password in the remote's address is never shown, and the folder follows the
 * remote (a hand edit waits as a pending change; a diverged history is kept aside).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  RemoteRefused,
  RemoteRejected,
  RemoteUnreachable,
  RulesRemote,
  redactRemote,
  remoteCredentials,
} from '../../server/studio/rules-remote';
import { RulesRepo } from '../../server/studio/studio-repo';
import { bare, git, tmp } from '../support/git-dirs';

/** A local repository with two commits (a, then b on a), to push from. */
function local(): { dir: string; a: string; b: string } {
  const dir = join(tmp('local-'), 'l.git');
  execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', dir]);
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 't',
    GIT_AUTHOR_EMAIL: 't@x',
    GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@x',
  };
  const tree = git(dir, 'mktree');
  const a = execFileSync('git', [`--git-dir=${dir}`, 'commit-tree', tree, '-m', 'a'], {
    encoding: 'utf8',
    env,
  }).trim();
  const b = execFileSync('git', [`--git-dir=${dir}`, 'commit-tree', tree, '-p', a, '-m', 'b'], {
    encoding: 'utf8',
    env,
  }).trim();
  return { dir, a, b };
}

describe('the rules remote wrapper', () => {
  it('hides the user and password of a remote address', () => {
    expect(redactRemote('https://bot:s3cret@git.example/rules.git')).toBe(
      'https://***@git.example/rules.git',
    );
    expect(redactRemote('ssh://git@git.example/rules.git')).toBe('ssh://***@git.example/rules.git');
    expect(redactRemote('/srv/rules.git')).toBe('/srv/rules.git');
  });

  // Addresses whose password a URL parser (and git) cannot find: config.ts refuses them at start-up, and
  // should one get here all the same, what is shown and what git is given still hold no password.
  const unclear = [
    // a '/' in the password: the URL does not parse (the host is 'bot', the port 'Ab3')
    ['https://bot:Ab3/xY+9z@git.example/rules.git', 'bot', 'Ab3/xY+9z'],
    // after digits it parses, as a port, and the password becomes the path
    ['https://bot:123/xY+9z@git.example/rules.git', 'bot', '123/xY+9z'],
    // an unencoded '@' in the password
    ['https://bot:Ab3@xY+9z@git.example/rules.git', 'bot', 'Ab3@xY+9z'],
    // a '#' in the password: the rest is a fragment
    ['https://bot:12#xY+9z@git.example/rules.git', 'bot', '12#xY+9z'],
  ] as const;

  it.each(unclear)('shows no part of the password of %s', (url, _user, password) => {
    const shown = redactRemote(url);
    expect(shown).toBe('https://***@git.example/rules.git');
    for (const part of password.split(/[/@#]/)) expect(shown).not.toContain(part);
  });

  it.each(unclear)(
    'gives git %s without its password, which goes to the helper whole',
    (url, user, password) => {
      const { url: address, env } = remoteCredentials(url);
      expect(address).toBe('https://git.example/rules.git');
      expect(env).toMatchObject({ STUDIO_REMOTE_USERNAME: user, STUDIO_REMOTE_PASSWORD: password });
    },
  );

  it('hands git credentials decoded, a lone % as itself, and never a password of another scheme', () => {
    expect(remoteCredentials('https://bot:Ab3%2FxY%40z@git.example/rules.git')).toMatchObject({
      url: 'https://git.example/rules.git',
      env: { STUDIO_REMOTE_USERNAME: 'bot', STUDIO_REMOTE_PASSWORD: 'Ab3/xY@z' },
    });
    expect(remoteCredentials('https://bot:50%off@git.example/rules.git').env).toMatchObject({
      STUDIO_REMOTE_PASSWORD: '50%off',
    });
    expect(remoteCredentials('https://TOKEN@git.example/rules.git')).toMatchObject({
      url: 'https://git.example/rules.git',
      env: { STUDIO_REMOTE_USERNAME: 'TOKEN', STUDIO_REMOTE_PASSWORD: '' },
    });
    // ssh takes no password from an address: the login stays, the password is dropped.
    expect(remoteCredentials('ssh://git:Ab3/xY@git.example/rules.git')).toEqual({
      url: 'ssh://git@git.example/rules.git',
      env: {},
    });
    expect(remoteCredentials('git@git.example:portal/rules.git')).toEqual({
      url: 'git@git.example:portal/rules.git',
      env: {},
    });
    expect(remoteCredentials('/srv/rules@2024.git')).toEqual({ url: '/srv/rules@2024.git', env: {} });
    expect(redactRemote('/srv/rules@2024.git')).toBe('/srv/rules@2024.git');
    expect(redactRemote('git@git.example:portal/rules.git')).toBe('***@git.example:portal/rules.git');
  });

  it('keeps a password with an unencoded / or @ out of its messages when the remote does not answer', async () => {
    const { dir } = local();
    for (const url of [
      'https://bot:Ab3/xY+9z@127.0.0.1:9/rules.git',
      'https://bot:Ab3@xY+9z@127.0.0.1:9/rules.git',
    ]) {
      const away = new RulesRemote(url, dir, 10_000);
      expect(away.shown).toBe('https://***@127.0.0.1:9/rules.git');
      const fetching = away.fetch();
      await expect(fetching).rejects.toBeInstanceOf(RemoteUnreachable);
      await expect(fetching).rejects.toThrow(/^https:\/\/\*\*\*@127\.0\.0\.1:9\/rules\.git: /);
      await expect(fetching).rejects.not.toThrow(/xY/);
    }
  });

  it('pushes as a compare-and-swap: a ref that moved is rejected, and an atomic push moves all or none', async () => {
    const remote = bare();
    const { dir, a, b } = local();
    const r = new RulesRemote(remote, dir);
    await r.push([{ ref: 'refs/heads/main', to: a, from: null }]);
    expect(git(remote, 'rev-parse', 'main')).toBe(a);
    // Created already: a second "must not exist" loses.
    await expect(r.push([{ ref: 'refs/heads/main', to: b, from: null }])).rejects.toBeInstanceOf(
      RemoteRejected,
    );
    // Expected b, is a: rejected, and the other ref of the same push is not created either.
    await expect(
      r.push([
        { ref: 'refs/heads/main', to: b, from: b },
        { ref: 'refs/heads/pending/x', to: b, from: null },
      ]),
    ).rejects.toBeInstanceOf(RemoteRejected);
    expect(git(remote, 'for-each-ref', '--format=%(refname)')).toBe('refs/heads/main');
    // The right expectation moves both; a delete names what it deletes.
    await r.push([
      { ref: 'refs/heads/main', to: b, from: a },
      { ref: 'refs/heads/pending/x', to: b, from: null },
    ]);
    await r.push([{ ref: 'refs/heads/pending/x', to: null, from: b }]);
    expect(git(remote, 'for-each-ref', '--format=%(refname) %(objectname)')).toBe(`refs/heads/main ${b}`);
  });

  it('tells a refusal (a hook) from a moved ref, and no answer from both, without showing a password', async () => {
    const remote = bare();
    const { dir, a } = local();
    mkdirSync(join(remote, 'hooks'), { recursive: true });
    writeFileSync(join(remote, 'hooks', 'pre-receive'), '#!/bin/sh\necho "main is protected" >&2\nexit 1\n');
    chmodSync(join(remote, 'hooks', 'pre-receive'), 0o755);
    const refused = new RulesRemote(remote, dir).push([{ ref: 'refs/heads/main', to: a, from: null }]);
    await expect(refused).rejects.toBeInstanceOf(RemoteRefused);
    await expect(refused).rejects.toThrow(/refused the change: .*main is protected/);

    const away = new RulesRemote('https://bot:s3cret@127.0.0.1:9/rules.git', dir, 10_000);
    const fetching = away.fetch();
    await expect(fetching).rejects.toBeInstanceOf(RemoteUnreachable);
    await expect(fetching).rejects.toThrow(/^https:\/\/\*\*\*@127\.0\.0\.1:9\/rules\.git: /);
    await expect(fetching).rejects.not.toThrow(/s3cret/);
    const pushing = away.push([{ ref: 'refs/heads/main', to: a, from: null }]);
    await expect(pushing).rejects.toBeInstanceOf(RemoteUnreachable);
    await expect(pushing).rejects.not.toThrow(/s3cret/);
  });
});

/** A rules folder of two JSON files. */
function folder(): string {
  const dir = tmp('rules-');
  writeFileSync(join(dir, 'a.json'), '{ "a": 1 }\n');
  writeFileSync(join(dir, 'b.json'), '{ "b": 1 }\n');
  return dir;
}

const repoOn = (remote: string, rulesDir = folder()): RulesRepo =>
  new RulesRepo(rulesDir, join(tmp('git-'), 'rules.git'), { remote });

describe("the studio's repository on a remote", () => {
  it('takes the remote’s version over the folder it starts with, and keeps a diverged history aside', async () => {
    const remote = bare();
    const first = repoOn(remote);
    const seeded = await first.ensure();
    expect(git(remote, 'rev-parse', 'main')).toBe(seeded);
    const change = await first.propose({
      author: { name: 'Ana', email: 'ana@x' },
      reason: 'a is 2',
      base: seeded,
      files: { 'a.json': '{ "a": 2 }\n' },
      requireApproval: false,
      check: () => Promise.resolve([]),
    });
    // A second server whose folder is an older copy: the remote's version replaces it.
    const secondDir = folder();
    const second = repoOn(remote, secondDir);
    expect(await second.ensure()).toBe(change.id);
    expect(readFileSync(join(secondDir, 'a.json'), 'utf8')).toBe('{ "a": 2 }\n');

    // A repository with its own history from before the remote: the remote wins, ours is kept under refs/studio/.
    // Its own folder differs from the remote's seed, so its first commit cannot be the remote's one (two
    // seeds of one folder in the same second are the same commit).
    const lonelyDir = folder();
    writeFileSync(join(lonelyDir, 'b.json'), '{ "b": 3 }\n');
    const lonely = new RulesRepo(lonelyDir, join(tmp('git-'), 'rules.git'));
    const own = await lonely.ensure();
    const joined = new RulesRepo(lonelyDir, lonely.gitDir, { remote });
    expect(await joined.ensure()).toBe(change.id);
    expect(git(lonely.gitDir, 'for-each-ref', '--format=%(objectname)', 'refs/studio/diverged/')).toBe(own);
  });

  it('keeps a hand edit of one server’s folder as a pending change, and shows the live version again', async () => {
    const remote = bare();
    const dir = folder();
    const repo = repoOn(remote, dir);
    const live = await repo.ensure();
    writeFileSync(join(dir, 'b.json'), '{ "b": "by hand" }\n');
    expect(await repo.ensure()).toBe(live);
    const pending = await repo.pending();
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ reason: 'Changes made outside the studio', files: ['b.json'] });
    expect(git(remote, 'for-each-ref', '--format=%(refname)', 'refs/heads/pending/')).toBe(
      `refs/heads/pending/${pending[0]!.id.slice(0, 12)}`,
    );
    expect(readFileSync(join(dir, 'b.json'), 'utf8')).toBe('{ "b": 1 }\n');
  });
});
