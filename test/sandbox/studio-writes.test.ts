/**
 * The studio's writes in few git processes (issue 31 item 1, ADR 042): a save, an approval, a revert and an
 * approval for later each read the refs once, write their objects with one fast-import and move every ref
 * with one update-ref (plus one push, and no fetch, with a remote), whatever the number of files; commits
 * read back are kept. Counted on the repository itself (its checks left out: they are tested elsewhere).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RulesRepo, type Check } from '../../server/studio/studio-repo';
import { copyRules } from './harness';

const noProblems: Check = () => Promise.resolve([]);
const ana = { name: 'Ana Alvarez', email: 'ana@x', id: 'ana' };
const ben = { name: 'Ben Brooks', email: 'ben@x', id: 'ben' };
const authorId = (c: { authorId?: string }): string | undefined => c.authorId;

/** Each file's description prefixed with `words`: a change of several files at once. */
function describeAll(files: Record<string, string>, paths: string[], words: string): Record<string, string> {
  return Object.fromEntries(
    paths.map((p) => [p, files[p]!.replace('"description": "', `"description": "${words} `)]),
  );
}

describe('git processes per studio step', { timeout: 60_000 }, () => {
  it('saves, approves, reverts and schedules with a handful of git processes each, not one per file', async () => {
    const rulesDir = copyRules();
    const repo = new RulesRepo(rulesDir, join(mkdtempSync(join(tmpdir(), 'studio-git-')), 'rules.git'));
    await repo.ensure();
    const { commit, files } = await repo.live();
    const count = async <T>(fn: () => Promise<T>): Promise<{ value: T; processes: number }> => {
      const before = repo.gitProcesses;
      const value = await fn();
      return { value, processes: repo.gitProcesses - before };
    };
    const paths = ['prepaid-card.json', 'payment.json', 'outage.json', 'navigation.json', 'toggles.json'];
    const save = await count(() =>
      repo.propose({
        author: ana,
        reason: 'Five files at once',
        base: commit,
        files: describeAll(files, paths, 'Five.'),
        requireApproval: true,
        check: noProblems,
      }),
    );
    // The refs, the live commit (its files are known), one fast-import, one update-ref.
    expect(save.processes).toBeLessThanOrEqual(5);
    const listed = await count(() => repo.pending());
    expect(listed.value.map((c) => c.files.length)).toEqual([5]);
    // Four processes read back any number of commits, kept since.
    expect(listed.processes).toBeLessThanOrEqual(6);
    const approve = await count(() => repo.approve(save.value.id, ben, authorId, noProblems));
    expect(approve.processes).toBeLessThanOrEqual(7);
    expect(readFileSync(join(rulesDir, 'toggles.json'), 'utf8')).toContain('"description": "Five. ');

    const history = await count(() => repo.history());
    expect(history.value[0]?.lines.length).toBeGreaterThan(0);
    expect(history.processes).toBeLessThanOrEqual(8);
    const again = await count(() => repo.history());
    expect(again.processes).toBeLessThanOrEqual(2);

    const undo = await count(() => repo.revertFiles(approve.value));
    expect(undo.processes).toBeLessThanOrEqual(5);
    const revert = await count(() =>
      repo.propose({
        author: ana,
        reason: 'Back as it was',
        base: undo.value.base,
        files: undo.value.files,
        kind: 'revert',
        requireApproval: true,
        check: noProblems,
      }),
    );
    expect(revert.processes).toBeLessThanOrEqual(6);
    await repo.pending();
    const later = await count(() =>
      repo.approve(
        revert.value.id,
        ben,
        authorId,
        noProblems,
        '2030-01-01T08:00:00.000Z',
        'Asked by marketing',
      ),
    );
    expect(later.processes).toBeLessThanOrEqual(7);
    const [scheduled] = await repo.scheduled();
    expect(scheduled).toMatchObject({
      goLive: '2030-01-01T08:00:00.000Z',
      approvalNote: 'Asked by marketing',
    });
  });

  it('pushes once per write with a rules remote, and never fetches first', async () => {
    const remoteDir = join(mkdtempSync(join(tmpdir(), 'studio-remote-')), 'rules.git');
    execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', remoteDir]);
    const repo = new RulesRepo(copyRules(), join(mkdtempSync(join(tmpdir(), 'studio-git-')), 'rules.git'), {
      remote: remoteDir,
    });
    await repo.ensure();
    const { commit, files } = await repo.live();
    const count = async <T>(fn: () => Promise<T>) => {
      const before = { all: repo.gitProcesses, remote: repo.remote!.remote.processes };
      const value = await fn();
      return {
        value,
        processes: repo.gitProcesses - before.all,
        remote: repo.remote!.remote.processes - before.remote,
      };
    };
    const save = await count(() =>
      repo.propose({
        author: ana,
        reason: 'Two files at once',
        base: commit,
        files: describeAll(files, ['payment.json', 'outage.json'], 'Two.'),
        requireApproval: true,
        check: noProblems,
      }),
    );
    expect(save.remote).toBe(1);
    expect(save.processes).toBeLessThanOrEqual(6);
    // The approver has the pending changes listed first (their commits read back then, and kept).
    expect((await repo.pending()).map((c) => c.id)).toEqual([save.value.id]);
    const approve = await count(() => repo.approve(save.value.id, ben, authorId, noProblems));
    expect(approve.remote).toBe(1);
    expect(approve.processes).toBeLessThanOrEqual(8);
    // The remote has it live, and the pending change gone.
    expect(
      execFileSync('git', [`--git-dir=${remoteDir}`, 'show', 'main:outage.json'], { encoding: 'utf8' }),
    ).toContain('"description": "Two. ');
    expect(
      execFileSync('git', [`--git-dir=${remoteDir}`, 'for-each-ref', 'refs/heads/pending/'], {
        encoding: 'utf8',
      }),
    ).toBe('');
    repo.stop();
  });
});
