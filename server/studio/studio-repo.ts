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
 * - With a rules remote (RULES_REMOTE, rules-remote.ts) the remote is the truth every server shares
 *   (studio-store.ts): pending, scheduled and sent-back refs are the remote's, each write fetches first and
 *   moves refs there before here, all or none.
 *
 * Every operation runs one at a time (a queue), and commits are made with plumbing, so nothing here
 * depends on the user's git configuration, hooks or a checked-out branch.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RefUpdate } from './rules-remote';
import { RepoError, trailersOf, type CommitInfo, type Person } from './studio-git';
import {
  endRollout,
  listRollouts,
  setRolloutShare,
  startRollout,
  type RolloutInfo,
  type RolloutOps,
  type RolloutStart,
} from './studio-rollouts';
import {
  MAIN,
  PENDING,
  problemsTrailer,
  RulesStore,
  STUDIO,
  type Check,
  type RulesRepoOptions,
} from './studio-store';

export { RepoError, type CommitInfo, type Person } from './studio-git';
export type { Check, RulesRepoOptions } from './studio-store';
export type { RolloutInfo, RolloutStart } from './studio-rollouts';

export interface PendingChange extends CommitInfo {
  /** The live version it was made on. */
  base: string;
  /** Sent back by a reviewer with a comment (the sent-back event), until the author revises or withdraws it. */
  sentBack?: { by: string; comment: string; date: string };
}

export interface ScheduledChange extends CommitInfo {
  goLive: string;
}

/** Who did something, with the id the studio knows them by. */
export type Actor = Person & { id: string };

const SCHEDULED = 'refs/heads/scheduled/';

/** A reviewer's comment on a pending change: the sent-back event, a branch so a remote shares it. */
const SENT_BACK = 'refs/heads/sent-back/';

/** A path a change may write: a JSON file of the folder or a subfolder, nothing that climbs out. */
export function isRulesPath(path: string): boolean {
  return (
    /^(?:[A-Za-z0-9][A-Za-z0-9._-]*\/)?[A-Za-z0-9][A-Za-z0-9._-]*\.json$/.test(path) && !path.includes('..')
  );
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

export class RulesRepo extends RulesStore {
  /** The earliest go-live time of the scheduled changes (ms), or null: applyDue costs nothing until then. */
  private nextDue: number | null | undefined;

  constructor(rulesDir: string, gitDir: string, options: RulesRepoOptions = {}) {
    super(rulesDir, gitDir, options);
    // A fetch may bring scheduled changes approved on another server.
    this.remote?.on('synced', () => (this.nextDue = undefined));
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
    return this.reading(async () => {
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
    return this.reading(async () =>
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
    return this.reading(() => this.scheduledNow());
  }

  private async scheduledNow(): Promise<ScheduledChange[]> {
    const list = await Promise.all((await this.refs(SCHEDULED)).map((id) => this.git.info(id)));
    return list
      .filter((c): c is ScheduledChange => typeof c.goLive === 'string')
      .sort((a, b) => Date.parse(a.goLive) - Date.parse(b.goLive));
  }

  /**
   * The files a change at `base` writes, checked against what went live since: 409 on the same file, "The
   * live rules changed since <since> (<files>): <then>".
   */
  protected async rebase(
    base: string,
    head: string,
    paths: readonly string[],
    since: string,
    then: string,
  ): Promise<void> {
    if (base === head) return;
    const changed = await this.git.changedFiles(base, head).catch(() => null);
    if (!changed)
      throw new RepoError(409, 'The version this change was made on is unknown: reload the studio');
    const clash = paths.filter((p) => changed.includes(p));
    if (clash.length > 0)
      throw new RepoError(409, `The live rules changed since ${since} (${clash.join(', ')}): ${then}`);
  }

  /** Refuses with 422 and every problem when `check` finds any. */
  protected static async checked(
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

  /**
   * An event on main: a commit with main's tree, so the history keeps who did what to a change and why.
   * `with` are ref moves made in the same step (all or none), given the event's id.
   */
  private async event(
    kind: string,
    reason: string,
    who: Person & { id?: string },
    about: CommitInfo,
    extra: Record<string, string> = {},
    with_: (event: string) => RefUpdate[] = () => [],
  ): Promise<string> {
    const head = await this.ensureNow();
    const trailers = {
      'Studio-Kind': kind,
      Change: about.id,
      'Change-Reason': oneLine(about.reason),
      ...(who.id ? { 'Analyst-Id': who.id } : {}),
      ...extra,
    };
    const tree = await this.git.treeOf(head);
    const id = await this.git.commit(tree, [head], oneLine(reason), who, who, trailers);
    await this.moveRefs([{ ref: MAIN, to: id, from: head }, ...with_(id)]);
    return id;
  }

  /**
   * Records a change made on the live version `base`: `files` are the new texts of the files it changes.
   * `check` sees the whole set of files as they would be live and returns its problems (422 when any).
   * Returns the pending change, or the live commit when no approval is required. `replaces`: a pending
   * change of the same author that this one revises (withdrawn once this one is recorded).
   */
  propose(opts: {
    author: Person & { id?: string };
    reason: string;
    base: string;
    files: Readonly<Record<string, string>>;
    kind?: 'change' | 'restore' | 'revert';
    trailers?: Readonly<Record<string, string>>;
    requireApproval: boolean;
    check: Check;
    replaces?: { id: string; authorId: (c: CommitInfo) => string | undefined };
  }): Promise<{ pending: boolean; id: string }> {
    return this.writing(async () => {
      const head = await this.ensureNow();
      const paths = Object.keys(opts.files);
      const bad = paths.find((p) => !isRulesPath(p));
      if (bad !== undefined) throw new RepoError(400, `'${bad.slice(0, 100)}' is not a rules file`);
      const replaced = opts.replaces
        ? await this.ownPending(opts.replaces.id, opts.author, opts.replaces.authorId)
        : null;
      await this.rebase(opts.base, head, paths, 'you started', 'reload the studio and make the change again');
      const live = await this.git.filesOf(head);
      const changed = Object.fromEntries(Object.entries(opts.files).filter(([p, text]) => live[p] !== text));
      if (Object.keys(changed).length === 0)
        throw new RepoError(400, 'Nothing to save: the draft is the same as the live rules');
      await RulesRepo.checked(opts.check, { ...live, ...changed }, Object.keys(changed));
      const tree = await this.git.writeTree(head, changed);
      const trailers = { 'Studio-Kind': opts.kind ?? 'change', ...opts.trailers };
      const id = await this.git.commit(tree, [head], opts.reason, opts.author, opts.author, trailers);
      if (!opts.requireApproval) {
        await this.moveRefs([{ ref: MAIN, to: id, from: head }]);
        await this.writeFolder(head, id);
        return { pending: false, id };
      }
      // The branch is named by the change's own commit: commit first, then create the branch.
      const create: RefUpdate = { ref: `${PENDING}${id.slice(0, 12)}`, to: id, from: null };
      if (!replaced) {
        await this.moveRefs([create]);
        return { pending: true, id };
      }
      // Revised: the new change pending, the one it replaces withdrawn and recorded so, in one step.
      const drops = await this.pendingDrops(replaced.ref, replaced.info);
      const reason = `Replaced by the revised change “${oneLine(opts.reason)}”`;
      await this.event('withdrawn', reason, opts.author, replaced.info, { 'Replaced-by': id }, () => [
        create,
        ...drops,
      ]);
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
    who: Person & { id?: string },
    authorId: (c: CommitInfo) => string | undefined,
  ): Promise<{ ref: string; commit: string; info: CommitInfo }> {
    const found = await this.mustPending(id);
    if (who.id === undefined || authorId(found.info) !== who.id)
      throw new RepoError(403, 'Only the author of a change may withdraw or revise it');
    return found;
  }

  /** The ref moves that drop a pending change: its branch, and its reviewer's comment if it has one. */
  private async pendingDrops(ref: string, info: CommitInfo): Promise<RefUpdate[]> {
    const sent = `${SENT_BACK}${info.id.slice(0, 12)}`;
    const comment = await this.git.rev(sent);
    return [{ ref, to: null, from: info.id }, ...(comment ? [{ ref: sent, to: null, from: comment }] : [])];
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
    rollout?: RolloutStart,
  ): Promise<string> {
    return this.writing(async () => {
      const head = await this.ensureNow();
      const { ref, info } = await this.mustPending(id);
      if (rollout && goLiveAt)
        throw new RepoError(400, 'Approve for a share of accounts now, or for everyone at a time: not both');
      if (authorId(info) === approver.id)
        throw new RepoError(403, 'A second analyst must approve this change: its author cannot');
      if (await this.git.rev(`${SENT_BACK}${info.id.slice(0, 12)}`))
        throw new RepoError(409, 'This change was sent back: its author revises it or withdraws it first');
      const base = (await this.git.run(['rev-parse', `${info.id}^`])).trim();
      await this.rebase(base, head, info.files, 'this change was made', 'withdraw it and make it again');
      const changed = await this.changedOf(info);
      const headFiles = await this.git.filesOf(head);
      await RulesRepo.checked(check, { ...headFiles, ...changed }, Object.keys(changed));
      if (rollout)
        return startRollout(this.rolloutOps(), {
          head,
          pendingRef: ref,
          info,
          changed,
          headFiles,
          approver,
          rollout,
        });
      const tree = await this.git.writeTree(head, changed);
      const body = (await this.git.run(['show', '-s', '--format=%B', info.id])).trimEnd();
      const trailers = Object.fromEntries(trailersOf(body));
      trailers['Approved-by'] = `${approver.name} <${approver.email}>`;
      trailers['Approver-Id'] = approver.id;
      if (goLiveAt) trailers['Go-live'] = goLiveAt;
      const made = await this.git.commit(tree, [head], info.reason, { ...info.author }, approver, trailers);
      const unpend: RefUpdate = { ref, to: null, from: info.id };
      if (goLiveAt) {
        // Approved, not live yet: it waits on scheduled/<id>; no longer pending, in the same step.
        await this.moveRefs([{ ref: `${SCHEDULED}${made.slice(0, 12)}`, to: made, from: null }, unpend]);
        this.nextDue = undefined;
        return made;
      }
      // Live and no longer pending, in one move: on a remote, both or neither.
      await this.moveRefs([{ ref: MAIN, to: made, from: head }, unpend]);
      await this.writeFolder(head, made);
      return made;
    });
  }

  /** The texts of the files a commit changes (those it removes are not a change the studio makes). */
  protected async changedOf(info: CommitInfo): Promise<Record<string, string>> {
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
    return this.writing(async () => {
      const scheduled = await this.pendingRef(id, SCHEDULED);
      if (scheduled) {
        const info = await this.git.info(scheduled.commit);
        // Its approver by id (approvals before ids were recorded: by address).
        const approver = info.approverId
          ? info.approverId === who.id
          : (info.approvedBy ?? '').includes(`<${who.email}>`);
        if (authorId(info) !== who.id && !approver)
          throw new RepoError(403, 'Only the author or the approver of a scheduled change may cancel it');
        const drop: RefUpdate = { ref: scheduled.ref, to: null, from: scheduled.commit };
        await this.event('withdrawn', reason, who, info, { 'Go-live': info.goLive ?? '' }, () => [drop]);
        this.nextDue = undefined;
        return;
      }
      const { ref, info } = await this.ownPending(id, who, authorId);
      const drops = await this.pendingDrops(ref, info);
      await this.event('withdrawn', reason, who, info, {}, () => drops);
    });
  }

  /** A reviewer sends a pending change back to its author with a comment (not the author's own). */
  sendBack(
    id: string,
    who: Actor,
    comment: string,
    authorId: (c: CommitInfo) => string | undefined,
  ): Promise<void> {
    return this.writing(async () => {
      const { info } = await this.mustPending(id);
      if (authorId(info) === who.id)
        throw new RepoError(
          403,
          'A reviewer sends a change back: its author withdraws it or revises it instead',
        );
      const sent = `${SENT_BACK}${info.id.slice(0, 12)}`;
      const earlier = await this.git.rev(sent);
      await this.event('sent-back', comment, who, info, {}, (event) => [
        { ref: sent, to: event, from: earlier },
      ]);
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
    return this.writing(async () => {
      const went: string[] = [];
      for (const c of await this.scheduledNow()) {
        if (Date.parse(c.goLive) > now.getTime()) break;
        const drop: RefUpdate = { ref: `${SCHEDULED}${c.id.slice(0, 12)}`, to: null, from: c.id };
        const head = await this.ensureNow();
        try {
          const live = await this.goLiveCommit(c, head, check);
          // Live and no longer scheduled, in one move: on a remote, another server may have done it first.
          await this.moveRefs([{ ref: MAIN, to: live, from: head }, drop]);
          await this.writeFolder(head, live);
          went.push(live);
        } catch (e) {
          if (!(e instanceof RepoError)) throw e;
          const problems = [e.message, ...(e.problems ?? [])];
          const reason = 'The scheduled change could not go live';
          const trailers = { 'Go-live': c.goLive, Problems: problemsTrailer(problems) };
          await this.event('go-live-failed', reason, STUDIO, c, trailers, () => [drop]);
        }
      }
      const rest = await this.scheduledNow();
      this.nextDue = rest.length > 0 ? Date.parse(rest[0]!.goLive) : null;
      return went;
    });
  }

  /** A scheduled change made again on `head` (rebased and checked again), as the commit to put live. */
  private async goLiveCommit(c: ScheduledChange, head: string, check: Check): Promise<string> {
    const base = (await this.git.run(['rev-parse', `${c.id}^`])).trim();
    await this.rebase(base, head, c.files, 'it was approved', 'it was not put live');
    const changed = await this.changedOf(c);
    await RulesRepo.checked(check, { ...(await this.git.filesOf(head)), ...changed }, Object.keys(changed));
    const body = (await this.git.run(['show', '-s', '--format=%B', c.id])).trimEnd();
    const tree = await this.git.writeTree(head, changed);
    const committer = { name: c.committer.name, email: c.committer.email };
    const trailers = Object.fromEntries(trailersOf(body));
    return this.git.commit(tree, [head], c.reason, { ...c.author }, committer, trailers);
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

  /** What the rollouts (studio-rollouts.ts) do to the repository, bound to it. */
  private rolloutOps(): RolloutOps {
    return {
      git: this.git,
      moveRefs: (updates) => this.moveRefs(updates),
      writeFolder: (from, to) => this.writeFolder(from, to),
      rebase: (base, head, paths, since, then) => this.rebase(base, head, paths, since, then),
      changedOf: (info) => this.changedOf(info),
      checked: (check, files, changed) => RulesRepo.checked(check, files, changed),
    };
  }

  /** The rollouts on main (decision 044). */
  rollouts(): Promise<RolloutInfo[]> {
    return this.reading(async () => listRollouts(this.git, await this.ensureNow()));
  }

  /** Raises or lowers a rollout's share, recorded with who set it and why. */
  setShare(change: string, share: number, who: Actor, reason: string, setAt: string): Promise<string> {
    return this.writing(async () =>
      setRolloutShare(this.rolloutOps(), await this.ensureNow(), { change, share, who, reason, setAt }),
    );
  }

  /** Ends a rollout (everyone on the live rules), or completes it (the change live for everyone). */
  endRollout(change: string, who: Actor, reason: string, complete: boolean, check: Check): Promise<string> {
    return this.writing(async () =>
      endRollout(this.rolloutOps(), await this.ensureNow(), { change, who, reason, complete, check }),
    );
  }
}
