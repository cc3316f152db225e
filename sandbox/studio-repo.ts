/**
 * The rule studio's history: a git repository of the rules, driven with the `git` command (studio-git.ts),
 * never a home-made log. Its work tree is RULES_DIR, the folder the server serves; its git directory is a
 * separate folder (STUDIO_GIT_DIR), so a RULES_DIR inside the project's own repository is never committed
 * into that repository.
 *
 * - `main` is what is live: RULES_DIR always equals main's tree. A change made to the folder by hand is
 *   recorded as a commit "Changes made outside the studio" before the studio reads or writes, marked valid
 *   or rejected by the studio's checks (the portal keeps serving the last valid version of a rejected file).
 * - A saved change is a commit whose author is the analyst and whose message is the reason, with trailers
 *   (`Studio-Kind`, `Impact`, `Restores`, `Reverts`). When approval is required it waits on the branch
 *   `pending/<id>` (the folder does not change); when approved it is committed onto main (author kept,
 *   committer = the approver, trailer `Approved-by`) and only the files it changes are written to the
 *   folder, each atomically (write, then rename), so the portal serves them at the next page load. An
 *   approval with a go-live time waits on `scheduled/<id>` until then.
 * - What happens to a change without changing the rules (withdrawn by its author, sent back by a reviewer,
 *   a scheduled go-live that could not happen) is an event: a commit on main with main's tree, so the
 *   history keeps it with who, when and why.
 * - Restoring a version, or reverting one change, is a change like any other.
 *
 * Every operation runs one at a time (a queue), and commits are made with plumbing, so nothing here
 * depends on the user's git configuration, hooks or a checked-out branch.
 */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Git, RepoError, trailersOf, type CommitInfo, type Person } from './studio-git';

export { RepoError, type CommitInfo, type Person } from './studio-git';

export interface PendingChange extends CommitInfo {
  /** The live version it was made on. */
  base: string;
  /** Sent back by a reviewer with a comment (the sent-back event), until the author revises or withdraws it. */
  sentBack?: { by: string; comment: string; date: string };
}

export interface ScheduledChange extends CommitInfo {
  goLive: string;
}

/** Every problem of a set of files as it would be live (empty: it may go live). */
export type Check = (
  files: Readonly<Record<string, string>>,
  changed: readonly string[],
) => Promise<string[]>;

/** Who did something, with the id the studio knows them by. */
export type Actor = Person & { id: string };

const MAIN = 'refs/heads/main';
const PENDING = 'refs/heads/pending/';
const SCHEDULED = 'refs/heads/scheduled/';
const SENT_BACK = 'refs/studio/sent-back/';
const STUDIO: Person = { name: 'Rule studio', email: 'studio@localhost' };
const OUTSIDE: Person = { name: 'Outside the studio', email: 'outside@localhost' };
/** Problems kept in a hand edit's or a failed go-live's record. */
const PROBLEMS_KEPT = 20;

/** A path a change may write: a JSON file of the folder or a subfolder, nothing that climbs out. */
export function isRulesPath(path: string): boolean {
  return (
    /^(?:[A-Za-z0-9][A-Za-z0-9._-]*\/)?[A-Za-z0-9][A-Za-z0-9._-]*\.json$/.test(path) && !path.includes('..')
  );
}

const problemsTrailer = (problems: readonly string[]): string =>
  JSON.stringify(problems.slice(0, PROBLEMS_KEPT).map((p) => p.slice(0, 300)));

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

export class RulesRepo {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly git: Git;
  /** Checks a hand edit of the folder when it is recorded (set by the studio; unchecked without it). */
  checkOutside: Check | null = null;
  /** The earliest go-live time of the scheduled changes (ms), or null: applyDue costs nothing until then. */
  private nextDue: number | null | undefined;

  constructor(
    readonly rulesDir: string,
    readonly gitDir: string,
  ) {
    this.git = new Git(gitDir, rulesDir);
  }

  /** Runs `fn` after every operation before it (one writer at a time). */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Creates the repository on first use and records hand edits of the folder; the live commit. */
  ensure(): Promise<string> {
    return this.serial(() => this.ensureNow());
  }

  private async ensureNow(): Promise<string> {
    if (!existsSync(join(this.gitDir, 'HEAD'))) {
      mkdirSync(this.gitDir, { recursive: true });
      await this.git.run(['init', '--quiet', '--initial-branch=main']);
      // Only JSON files are rules (and cases): README.md and anything else of the folder stay out.
      mkdirSync(join(this.gitDir, 'info'), { recursive: true });
      writeFileSync(join(this.gitDir, 'info', 'exclude'), '*\n!*/\n!*.json\n');
    }
    const head = await this.git.rev(MAIN);
    await this.git.run(['add', '--all', '--', '.']);
    const tree = (await this.git.run(['write-tree'])).trim();
    if (!head) {
      const start = { 'Studio-Kind': 'start' };
      return this.git.commit(tree, [], 'The rules as the studio found them', STUDIO, STUDIO, start, {
        name: MAIN,
        old: '',
      });
    }
    if (tree === (await this.git.treeOf(head))) return head;
    const trailers: Record<string, string> = { 'Studio-Kind': 'outside' };
    if (this.checkOutside) {
      const problems = await this.checkOutside(
        await this.git.filesOf(tree),
        await this.git.changedFiles(head, tree),
      );
      trailers['Studio-Check'] = problems.length > 0 ? 'rejected' : 'valid';
      if (problems.length > 0) trailers.Problems = problemsTrailer(problems);
    }
    return this.git.commit(tree, [head], 'Changes made outside the studio', OUTSIDE, OUTSIDE, trailers, {
      name: MAIN,
      old: head,
    });
  }

  /** The live files (main's tree), by path. */
  live(): Promise<{ commit: string; files: Record<string, string> }> {
    return this.serial(async () => {
      const commit = await this.ensureNow();
      return { commit, files: await this.git.filesOf(commit) };
    });
  }

  /** The live history, newest first. */
  history(limit = 50): Promise<CommitInfo[]> {
    return this.serial(async () => {
      await this.ensureNow();
      const ids = (await this.git.run(['rev-list', `--max-count=${limit}`, MAIN]))
        .split('\n')
        .filter(Boolean);
      return Promise.all(ids.map((id) => this.git.info(id)));
    });
  }

  /** One version's files (for a restore preview), by path. */
  version(id: string): Promise<Record<string, string>> {
    return this.serial(async () => {
      const commit = /^[0-9a-f]{7,40}$/.test(id) ? await this.git.rev(id) : null;
      if (!commit) throw new RepoError(404, `No version ${id.slice(0, 40)}`);
      return this.git.filesOf(commit);
    });
  }

  private async refs(prefix: string): Promise<string[]> {
    return (await this.git.run(['for-each-ref', '--sort=committerdate', '--format=%(objectname)', prefix]))
      .split('\n')
      .filter(Boolean);
  }

  /** Changes waiting for approval, oldest first, each with its review (sent back or not). */
  pending(): Promise<PendingChange[]> {
    return this.serial(async () =>
      Promise.all(
        (await this.refs(PENDING)).map(async (id) => {
          const info = await this.git.info(id);
          const event = await this.git.rev(`${SENT_BACK}${id.slice(0, 12)}`);
          const sent = event ? await this.git.info(event) : null;
          return {
            ...info,
            base: (await this.git.run(['rev-parse', `${id}^`])).trim(),
            ...(sent
              ? { sentBack: { by: sent.author.name, comment: sent.reason, date: sent.author.date } }
              : {}),
          };
        }),
      ),
    );
  }

  /** Approved changes waiting for their go-live time, soonest first. */
  scheduled(): Promise<ScheduledChange[]> {
    return this.serial(() => this.scheduledNow());
  }

  private async scheduledNow(): Promise<ScheduledChange[]> {
    const list = await Promise.all((await this.refs(SCHEDULED)).map((id) => this.git.info(id)));
    return list
      .filter((c): c is ScheduledChange => typeof c.goLive === 'string')
      .sort((a, b) => Date.parse(a.goLive) - Date.parse(b.goLive));
  }

  /** The files a change at `base` writes, checked against what went live since (409 on the same file). */
  private async rebase(base: string, head: string, paths: readonly string[], what: string): Promise<void> {
    if (base === head) return;
    const since = await this.git.changedFiles(base, head).catch(() => null);
    if (!since) throw new RepoError(409, 'The version this change was made on is unknown: reload the studio');
    const clash = paths.filter((p) => since.includes(p));
    if (clash.length > 0)
      throw new RepoError(409, `The live rules changed since ${what} (${clash.join(', ')})`);
  }

  /** Refuses with 422 and every problem when `check` finds any. */
  private static async checked(
    check: Check,
    files: Record<string, string>,
    changed: string[],
  ): Promise<void> {
    const problems = await check(files, changed);
    if (problems.length > 0) {
      throw new RepoError(
        422,
        `Refused: ${problems.length} problem${problems.length === 1 ? '' : 's'}`,
        problems,
      );
    }
  }

  /** An event on main: a commit with main's tree, so the history keeps who did what to a change and why. */
  private async event(
    kind: string,
    reason: string,
    who: Person,
    about: CommitInfo,
    extra: Record<string, string> = {},
  ): Promise<string> {
    const head = await this.ensureNow();
    const trailers = {
      'Studio-Kind': kind,
      Change: about.id,
      'Change-Reason': oneLine(about.reason),
      ...extra,
    };
    return this.git.commit(await this.git.treeOf(head), [head], oneLine(reason), who, who, trailers, {
      name: MAIN,
      old: head,
    });
  }

  /**
   * Records a change made on the live version `base`: `files` are the new texts of the files it changes.
   * `check` sees the whole set of files as they would be live and returns its problems (422 when any).
   * Returns the pending change, or the live commit when no approval is required. `replaces`: a pending
   * change of the same author that this one revises (withdrawn once this one is recorded).
   */
  propose(opts: {
    author: Actor;
    reason: string;
    base: string;
    files: Readonly<Record<string, string>>;
    kind?: 'change' | 'restore' | 'revert';
    trailers?: Readonly<Record<string, string>>;
    requireApproval: boolean;
    check: Check;
    replaces?: { id: string; authorId: (c: CommitInfo) => string | undefined };
  }): Promise<{ pending: boolean; id: string }> {
    return this.serial(async () => {
      const head = await this.ensureNow();
      const paths = Object.keys(opts.files);
      const bad = paths.find((p) => !isRulesPath(p));
      if (bad !== undefined) throw new RepoError(400, `'${bad.slice(0, 100)}' is not a rules file`);
      const replaced = opts.replaces
        ? await this.ownPending(opts.replaces.id, opts.author, opts.replaces.authorId)
        : null;
      await this.rebase(opts.base, head, paths, 'you started: reload the studio and make the change again');
      const live = await this.git.filesOf(head);
      const changed = Object.fromEntries(Object.entries(opts.files).filter(([p, text]) => live[p] !== text));
      if (Object.keys(changed).length === 0)
        throw new RepoError(400, 'Nothing to save: the draft is the same as the live rules');
      await RulesRepo.checked(opts.check, { ...live, ...changed }, Object.keys(changed));
      const tree = await this.git.writeTree(head, changed);
      const trailers = { 'Studio-Kind': opts.kind ?? 'change', ...opts.trailers };
      if (!opts.requireApproval) {
        const id = await this.git.commit(tree, [head], opts.reason, opts.author, opts.author, trailers, {
          name: MAIN,
          old: head,
        });
        await this.writeFolder(head, id);
        return { pending: false, id };
      }
      // The branch is named by the change's own commit: commit first, then create the branch.
      const id = await this.git.commit(tree, [head], opts.reason, opts.author, opts.author, trailers, null);
      await this.git.run(['update-ref', `${PENDING}${id.slice(0, 12)}`, id, '']);
      if (replaced) {
        await this.dropPending(replaced.ref, replaced.info);
        await this.event(
          'withdrawn',
          `Replaced by the revised change “${oneLine(opts.reason)}”`,
          opts.author,
          replaced.info,
          {
            'Replaced-by': id,
          },
        );
      }
      return { pending: true, id };
    });
  }

  private async pendingRef(id: string, prefix = PENDING): Promise<{ ref: string; commit: string } | null> {
    if (!/^[0-9a-f]{7,40}$/.test(id)) return null;
    const ref = `${prefix}${id.slice(0, 12)}`;
    const commit = await this.git.rev(ref);
    return commit && commit.startsWith(id) ? { ref, commit } : null;
  }

  private async mustPending(id: string): Promise<{ ref: string; commit: string; info: CommitInfo }> {
    const found = await this.pendingRef(id);
    if (!found) throw new RepoError(404, 'No such pending change (approved or withdrawn already?)');
    return { ...found, info: await this.git.info(found.commit) };
  }

  private async ownPending(
    id: string,
    who: Actor,
    authorId: (c: CommitInfo) => string | undefined,
  ): Promise<{ ref: string; commit: string; info: CommitInfo }> {
    const found = await this.mustPending(id);
    if (authorId(found.info) !== who.id)
      throw new RepoError(403, 'Only the author of a change may withdraw or revise it');
    return found;
  }

  private async dropPending(ref: string, info: CommitInfo): Promise<void> {
    await this.git.run(['update-ref', '-d', ref, info.id]);
    const sent = `${SENT_BACK}${info.id.slice(0, 12)}`;
    if (await this.git.rev(sent)) await this.git.run(['update-ref', '-d', sent]);
  }

  /**
   * Puts a pending change live: committed onto main (author kept, committer the approver, `Approved-by`),
   * its files written to the folder; or, with `goLiveAt` (ISO), approved now and put live at that time
   * (applyDue). The author may not approve their own change, nor anyone a change sent back. `check` sees
   * the files as they would be live (the live version may have moved since the change was made).
   */
  approve(
    id: string,
    approver: Actor,
    authorId: (c: CommitInfo) => string | undefined,
    check: Check,
    goLiveAt?: string,
  ): Promise<string> {
    return this.serial(async () => {
      const head = await this.ensureNow();
      const { ref, info } = await this.mustPending(id);
      if (authorId(info) === approver.id)
        throw new RepoError(403, 'A second analyst must approve this change: its author cannot');
      if (await this.git.rev(`${SENT_BACK}${info.id.slice(0, 12)}`))
        throw new RepoError(409, 'This change was sent back: its author revises it or withdraws it first');
      const base = (await this.git.run(['rev-parse', `${info.id}^`])).trim();
      await this.rebase(base, head, info.files, 'this change was made: withdraw it and make it again');
      const changed = await this.changedOf(info);
      await RulesRepo.checked(check, { ...(await this.git.filesOf(head)), ...changed }, Object.keys(changed));
      const tree = await this.git.writeTree(head, changed);
      const body = (await this.git.run(['show', '-s', '--format=%B', info.id])).trimEnd();
      const trailers = Object.fromEntries(trailersOf(body));
      trailers['Approved-by'] = `${approver.name} <${approver.email}>`;
      if (goLiveAt) {
        trailers['Go-live'] = goLiveAt;
        const scheduled = await this.git.commit(
          tree,
          [head],
          info.reason,
          { ...info.author },
          approver,
          trailers,
          null,
        );
        await this.git.run(['update-ref', `${SCHEDULED}${scheduled.slice(0, 12)}`, scheduled, '']);
        await this.git.run(['update-ref', '-d', ref, info.id]);
        this.nextDue = undefined;
        return scheduled;
      }
      const live = await this.git.commit(tree, [head], info.reason, { ...info.author }, approver, trailers, {
        name: MAIN,
        old: head,
      });
      await this.git.run(['update-ref', '-d', ref, info.id]);
      await this.writeFolder(head, live);
      return live;
    });
  }

  /** The texts of the files a commit changes (those it removes are not a change the studio makes). */
  private async changedOf(info: CommitInfo): Promise<Record<string, string>> {
    const texts = await this.git.blobs(info.files.map((f) => `${info.id}:${f}`));
    return Object.fromEntries(info.files.flatMap((f, i) => (texts[i] === undefined ? [] : [[f, texts[i]]])));
  }

  /**
   * Withdraws a pending change (its author only) or cancels a scheduled one (its author or its approver),
   * with a reason the history keeps.
   */
  withdraw(
    id: string,
    who: Actor,
    reason: string,
    authorId: (c: CommitInfo) => string | undefined,
  ): Promise<void> {
    return this.serial(async () => {
      const scheduled = await this.pendingRef(id, SCHEDULED);
      if (scheduled) {
        const info = await this.git.info(scheduled.commit);
        const approver = (info.approvedBy ?? '').includes(`<${who.email}>`);
        if (authorId(info) !== who.id && !approver)
          throw new RepoError(403, 'Only the author or the approver of a scheduled change may cancel it');
        await this.git.run(['update-ref', '-d', scheduled.ref, scheduled.commit]);
        this.nextDue = undefined;
        await this.event('withdrawn', reason, who, info, { 'Go-live': info.goLive ?? '' });
        return;
      }
      const { ref, info } = await this.ownPending(id, who, authorId);
      await this.dropPending(ref, info);
      await this.event('withdrawn', reason, who, info);
    });
  }

  /** A reviewer sends a pending change back to its author with a comment (not the author's own). */
  sendBack(
    id: string,
    who: Actor,
    comment: string,
    authorId: (c: CommitInfo) => string | undefined,
  ): Promise<void> {
    return this.serial(async () => {
      const { info } = await this.mustPending(id);
      if (authorId(info) === who.id)
        throw new RepoError(
          403,
          'A reviewer sends a change back: its author withdraws it or revises it instead',
        );
      const event = await this.event('sent-back', comment, who, info);
      await this.git.run(['update-ref', `${SENT_BACK}${info.id.slice(0, 12)}`, event]);
    });
  }

  /**
   * The files of a change that undoes one live change and nothing else: each file it changed gets its
   * earlier text back, with what changed since merged in (git merge-file); 409 when a later change touched
   * the same lines.
   */
  revertFiles(id: string): Promise<{ base: string; change: CommitInfo; files: Record<string, string> }> {
    return this.serial(async () => {
      const head = await this.ensureNow();
      const commit = /^[0-9a-f]{7,40}$/.test(id) ? await this.git.rev(id) : null;
      const onMain = commit
        ? await this.git.run(['merge-base', '--is-ancestor', commit, MAIN]).then(
            () => true,
            () => false,
          )
        : false;
      if (!commit || !onMain) throw new RepoError(404, `No live change ${id.slice(0, 40)}`);
      const change = await this.git.info(commit);
      if (change.files.length === 0 || change.kind === 'start')
        throw new RepoError(400, 'This entry of the history changes no rule: there is nothing to revert');
      const [ours, before, after] = await Promise.all([
        this.git.blobs(change.files.map((f) => `${head}:${f}`)),
        this.git.blobs(change.files.map((f) => `${commit}^:${f}`)),
        this.git.blobs(change.files.map((f) => `${commit}:${f}`)),
      ]);
      const files: Record<string, string> = {};
      const clash: string[] = [];
      for (const [i, path] of change.files.entries()) {
        const [o, b, a] = [ours[i], before[i], after[i]];
        if (o === undefined || b === undefined || a === undefined) {
          clash.push(`${path} (added or removed)`);
          continue;
        }
        if (o === a) files[path] = b;
        else {
          const merged = await this.git.mergeFile(o, a, b);
          if (merged.conflicts) clash.push(path);
          else files[path] = merged.text;
        }
      }
      if (clash.length > 0) {
        throw new RepoError(
          409,
          `Later changes touched the same lines (${clash.join(', ')}): this change cannot be undone on its own; restore a version instead`,
        );
      }
      return { base: head, change, files };
    });
  }

  /**
   * Puts live every scheduled change whose go-live time is at or before `now`, in time order: rebased on
   * what is live then and checked again. One that cannot go live (a clash, or a problem) is dropped and its
   * failure recorded. Returns the ids that went live.
   */
  applyDue(now: Date, check: Check): Promise<string[]> {
    if (this.nextDue === null || (this.nextDue !== undefined && this.nextDue > now.getTime()))
      return Promise.resolve([]);
    // No repository yet: nobody has used the studio, so nothing is scheduled.
    if (!existsSync(join(this.gitDir, 'HEAD'))) return Promise.resolve([]);
    return this.serial(async () => {
      const went: string[] = [];
      for (const c of await this.scheduledNow()) {
        if (Date.parse(c.goLive) > now.getTime()) break;
        const ref = `${SCHEDULED}${c.id.slice(0, 12)}`;
        const head = await this.ensureNow();
        const changed = await this.changedOf(c);
        try {
          await this.rebase(
            (await this.git.run(['rev-parse', `${c.id}^`])).trim(),
            head,
            c.files,
            'it was approved',
          );
          await RulesRepo.checked(
            check,
            { ...(await this.git.filesOf(head)), ...changed },
            Object.keys(changed),
          );
          const body = (await this.git.run(['show', '-s', '--format=%B', c.id])).trimEnd();
          const tree = await this.git.writeTree(head, changed);
          const committer = { name: c.committer.name, email: c.committer.email };
          const live = await this.git.commit(
            tree,
            [head],
            c.reason,
            { ...c.author },
            committer,
            Object.fromEntries(trailersOf(body)),
            {
              name: MAIN,
              old: head,
            },
          );
          await this.writeFolder(head, live);
          went.push(live);
        } catch (e) {
          if (!(e instanceof RepoError)) throw e;
          const problems = [e.message, ...(e.problems ?? [])];
          await this.event('go-live-failed', `The scheduled change could not go live`, STUDIO, c, {
            'Go-live': c.goLive,
            Problems: problemsTrailer(problems),
          });
        }
        await this.git.run(['update-ref', '-d', ref, c.id]);
      }
      const rest = await this.scheduledNow();
      this.nextDue = rest.length > 0 ? Date.parse(rest[0]!.goLive) : null;
      return went;
    });
  }

  /** The unified diff from the live version `base` to `base` with `files` replaced. */
  diffTo(base: string, files: Readonly<Record<string, string>>): Promise<string> {
    return this.serial(async () => {
      const tree = await this.git.writeTree(base, files);
      return this.git.run(['diff', '--no-color', '--no-renames', base, tree]);
    });
  }

  /** The newest commit that changed a file (events change none), or null. */
  lastRulesChange(): Promise<CommitInfo | null> {
    return this.serial(async () => {
      await this.ensureNow();
      const lines = (await this.git.run(['log', '--max-count=200', '--format=%H %T', MAIN]))
        .split('\n')
        .filter(Boolean);
      for (let i = 0; i < lines.length; i++) {
        const [id, tree] = lines[i]!.split(' ');
        if (tree !== lines[i + 1]?.split(' ')[1]) return this.git.info(id!);
      }
      return null;
    });
  }

  /** Writes the files that changed from `from` to `to` into the folder, each atomically, then the index. */
  private async writeFolder(from: string, to: string): Promise<void> {
    const files = await this.git.changedFiles(from, to);
    const texts = await this.git.blobs(files.map((f) => `${to}:${f}`));
    for (const [i, path] of files.entries()) {
      const target = join(this.rulesDir, ...path.split('/'));
      const text = texts[i];
      if (text === undefined) {
        rmSync(target, { force: true });
        continue;
      }
      mkdirSync(dirname(target), { recursive: true });
      const tmp = `${target}.studio-${process.pid}.tmp`;
      writeFileSync(tmp, text);
      renameSync(tmp, target);
    }
    await this.git.run(['read-tree', to]);
  }
}
