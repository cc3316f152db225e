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
 *   committer = the approver, trailers `Approved-by` and, when given, `Approval-Note`) and only the files it
 *   changes are written to the folder, each atomically (write, then rename), so the portal serves them at
 *   the next page load. An approval with a go-live time waits on `scheduled/<id>` until then.
 * - What happens to a change without changing the rules (withdrawn by its author, sent back by a reviewer,
 *   a scheduled go-live that could not happen) is an event: a commit on main with main's tree, so the
 *   history keeps it with who, when and why.
 * - Restoring a version, or reverting one change, is a change like any other.
 * - A scheduled change's go-live commit is the same on every server (its parent, its files, the approver
 *   as committer at the go-live time): it is prepared and checked ahead, and at the time each server puts
 *   the same commit live, the first through the remote, the others finding it there.
 * - With a rules remote (RULES_REMOTE, rules-remote.ts) the remote is the truth every server shares
 *   (studio-store.ts): pending, scheduled and sent-back refs are the remote's, each write moves refs there
 *   before here, all or none.
 *
 * Every operation runs one at a time (a queue) under a deadline, and commits are made with plumbing, so
 * nothing here depends on the user's git configuration, hooks or a checked-out branch.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RefUpdate } from './rules-remote';
import {
  RepoError,
  signatureAt,
  signatureNow,
  trailersOf,
  type CommitInfo,
  type Op,
  type Person,
} from './studio-git';
import { isStudioFile, studioFilesOf } from './studio-files';
import { isId, RulesReview, SCHEDULED, type Actor, type ScheduledChange } from './studio-review';
import { MAIN, problemsTrailer, STUDIO, type Check, type RulesRepoOptions } from './studio-store';
import { endRollout, listRollouts, setRolloutShare, type RolloutInfo } from './studio-rollouts';

export { RepoError, type CommitInfo, type Person } from './studio-git';
export type { Check, RulesRepoOptions } from './studio-store';
export type { RolloutInfo, RolloutStart } from './studio-rollouts';
export { isRulesPath, type Actor, type PendingChange, type ScheduledChange } from './studio-review';

/** A scheduled change made ready ahead of its time: its go-live commit on `head`, checked. */
interface Prepared {
  head: string;
  commit?: string;
  /** its files as they go live (texts), for the folder */
  files?: Record<string, string | Buffer | null>;
  /** why it cannot go live (a clash, the checks' problems) */
  failure?: RepoError;
}
export class RulesRepo extends RulesReview {
  /** The earliest go-live time of the scheduled changes (ms), or null: applyDue costs nothing until then. */
  private nextDue: number | null | undefined;
  private readonly prepared = new Map<string, Prepared>();
  private lastChange: { head: string; info: CommitInfo | null } | undefined;

  constructor(rulesDir: string, gitDir: string, options: RulesRepoOptions = {}) {
    super(rulesDir, gitDir, options);
    // Anything that moved (here, or fetched from another server) may have scheduled or cancelled a change.
    this.on('changed', () => (this.nextDue = undefined));
  }

  /** The live files (main's tree), by path. */
  live(): Promise<{ commit: string; files: Record<string, string> }> {
    return this.reading(async (op) => {
      const commit = await this.head(op);
      return { commit, files: await this.git.filesOf(commit, op) };
    });
  }

  /** The live history, newest first. */
  history(limit = 50): Promise<CommitInfo[]> {
    return this.reading(async (op) => {
      const ids = (await this.git.run(['rev-list', `--max-count=${limit}`, MAIN], { op }))
        .split('\n')
        .filter(Boolean);
      return this.git.infos(ids, op);
    });
  }

  /** One version's files (for a restore preview), by path. */
  version(id: string): Promise<Record<string, string>> {
    return this.reading(async (op) => {
      const commit = isId(id) ? await this.git.rev(id, op) : null;
      if (!commit) throw new RepoError(404, `No version ${id.slice(0, 40)}`);
      return this.git.filesOf(commit, op);
    });
  }

  /**
   * The files of a change that undoes one live change and nothing else: each file it changed gets its
   * earlier text back, with what changed since merged in (git merge-file); 409 when a later change touched
   * the same lines. Files the studio does not know (a README) are left as they are.
   */
  revertFiles(id: string): Promise<{ base: string; change: CommitInfo; files: Record<string, string> }> {
    return this.reading(async (op) => {
      const head = await this.head(op);
      const commit = isId(id) ? await this.git.rev(id, op) : null;
      const onMain = commit ? await this.git.isAncestor(commit, head, op) : false;
      if (!commit || !onMain) throw new RepoError(404, `No live change ${id.slice(0, 40)}`);
      const change = await this.git.info(commit, op);
      const paths = change.files.filter(isStudioFile);
      if (paths.length === 0 || change.kind === 'start')
        throw new RepoError(400, 'This entry of the history changes no rule: there is nothing to revert');
      const parent = (await this.git.commit(commit, op)).parents[0]!;
      const texts = await this.git.blobs(
        [head, parent, commit].flatMap((c) => paths.map((f) => `${c}:${f}`)),
        op,
      );
      const n = paths.length;
      const files: Record<string, string> = {};
      const clash: string[] = [];
      for (const [i, path] of paths.entries()) {
        const [o, b, a] = [texts[i], texts[n + i], texts[2 * n + i]];
        if (o === undefined || b === undefined || a === undefined) {
          clash.push(`${path} (added or removed)`);
          continue;
        }
        if (o === a) files[path] = b;
        else {
          const merged = await this.git.mergeFile(o, a, b, op);
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

  /** When the next scheduled change is due (ms), or null when none is. */
  nextDueAt(): Promise<number | null> {
    if (this.nextDue !== undefined) return Promise.resolve(this.nextDue);
    if (!existsSync(join(this.gitDir, 'HEAD'))) return Promise.resolve(null);
    return this.reading(async (op) => {
      const list = await this.scheduledNow(op);
      this.nextDue = list.length > 0 ? Date.parse(list[0]!.goLive) : null;
      return this.nextDue;
    }, false);
  }

  /** The next due time known without asking git (the studio's tick compares it with its clock). */
  get knownNextDue(): number | null | undefined {
    return this.nextDue;
  }

  /**
   * Makes the scheduled changes ready ahead of their time, off any request: each one's go-live commit on
   * what is live now, checked. At the time, going live is then a ref move and the files written.
   */
  async prepareDue(check: Check): Promise<void> {
    if (!existsSync(join(this.gitDir, 'HEAD'))) return;
    const list = await this.reading((op) => this.scheduledNow(op), false);
    for (const c of list) {
      const head = await this.liveCommit();
      if (!head || this.prepared.get(c.id)?.head === head) continue;
      const prepared = await this.serial(
        async (op): Promise<Prepared> => {
          try {
            return { head, ...(await this.goLiveCommit(c, head, op)) };
          } catch (e) {
            if (e instanceof RepoError) return { head, failure: e };
            throw e;
          }
        },
        { write: false, ms: 30_000 },
      ).catch(() => undefined);
      if (!prepared) continue;
      if (prepared.commit && prepared.files) {
        // The checks run outside the queue (seconds, in a worker), then the result is kept.
        const live = await this.git.filesOf(head);
        const texts = studioFilesOf(
          Object.fromEntries(
            Object.entries(prepared.files).flatMap(([p, b]) => (b === null ? [] : [[p, b.toString()]])),
          ),
        );
        const problems = await check(
          studioFilesOf({ ...live, ...texts }),
          Object.keys(prepared.files).filter(isStudioFile),
        ).catch(() => null);
        if (problems === null) continue;
        if (problems.length > 0) prepared.failure = refusal(problems);
      }
      for (const id of this.prepared.keys()) if (!list.some((s) => s.id === id)) this.prepared.delete(id);
      this.prepared.set(c.id, prepared);
    }
  }

  /**
   * Puts live every scheduled change whose go-live time is at or before `now`, in time order: rebased on
   * what is live then and checked again (ahead of time, by prepareDue, when nothing moved since). One that
   * cannot go live (a clash, or a problem) is dropped and its failure recorded. Returns the ids that went
   * live. On a remote every server does the same at the same time: the same commit, the first one's push
   * wins, the others find it there.
   */
  applyDue(now: Date, check: Check): Promise<string[]> {
    if (this.nextDue === null || (this.nextDue !== undefined && this.nextDue > now.getTime()))
      return Promise.resolve([]);
    // No repository yet: nobody has used the studio, so nothing is scheduled.
    if (!existsSync(join(this.gitDir, 'HEAD'))) return Promise.resolve([]);
    return this.writing(async (op) => {
      const went: string[] = [];
      for (const c of await this.scheduledNow(op)) {
        if (Date.parse(c.goLive) > now.getTime()) break;
        const drop: RefUpdate = { ref: `${SCHEDULED}${c.id.slice(0, 12)}`, to: null, from: c.id };
        const head = await this.ensureNow(op);
        const ready = this.prepared.get(c.id);
        try {
          let commit: string;
          let files: Record<string, string | Buffer | null>;
          let scratch: string[] = [];
          if (ready?.head === head && (ready.failure || (ready.commit && ready.files))) {
            if (ready.failure) throw ready.failure;
            commit = ready.commit!;
            files = ready.files!;
          } else {
            const made = await this.goLiveCommit(c, head, op);
            const texts = studioFilesOf(
              Object.fromEntries(
                Object.entries(made.files).flatMap(([p, b]) => (b === null ? [] : [[p, b.toString()]])),
              ),
            );
            await RulesReview.checked(
              check,
              { ...(await this.git.filesOf(head, op)), ...texts },
              Object.keys(made.files),
              op,
              true,
            );
            ({ commit, files, scratch } = made);
          }
          // Live and no longer scheduled, in one move: on a remote, another server may have done it first.
          await this.moveRefs([{ ref: MAIN, to: commit, from: head }, drop], op, scratch);
          this.writeFiles(commit, files);
          went.push(commit);
        } catch (e) {
          // Not the change's own failure (a deadline, or one after it went live): not recorded as one.
          if (!(e instanceof RepoError) || e.status >= 500) throw e;
          const problems = [e.message, ...(e.problems ?? [])];
          const at = signatureAt(STUDIO, Date.parse(c.goLive));
          await this.event(
            op,
            head,
            {
              kind: 'go-live-failed',
              reason: 'The scheduled change could not go live',
              who: STUDIO,
              about: c,
              extra: { 'Go-live': c.goLive, Problems: problemsTrailer(problems) },
              at,
            },
            () => [drop],
          );
        }
        this.prepared.delete(c.id);
      }
      return went;
    });
  }

  /**
   * A scheduled change made again on `head` (rebased), as the commit to put live: the same on every
   * server (parent, files, the author's signature, the approver as committer at the go-live time).
   */
  private async goLiveCommit(
    c: ScheduledChange,
    head: string,
    op: Op,
  ): Promise<{ commit: string; files: Record<string, Buffer | null>; scratch: string[] }> {
    const raw = await this.git.commit(c.id, op);
    await this.rebase(raw.parents[0] ?? '', head, c.files, 'it was approved', 'it was not put live', op);
    const { entries, contents } = await this.changeOf(raw, op);
    const committer = signatureAt(personOf(raw.committer), Date.parse(c.goLive));
    const { ids, scratch } = await this.git.make(
      [
        {
          parent: head,
          files: entries,
          reason: c.reason,
          trailers: Object.fromEntries(trailersOf(raw.message.trimEnd())),
          author: raw.author,
          committer,
        },
      ],
      op,
    );
    // Kept until it goes live (a scratch ref would be dropped by the next move; the objects stay).
    this.afterwards((o) =>
      this.git.updateRefs(
        scratch.map((ref) => ({ ref, to: null })),
        o,
      ),
    );
    return { commit: ids[0]!, files: contents, scratch: [] };
  }

  /** The unified diff from the live version `base` to `base` with `files` replaced. */
  diffTo(base: string, files: Readonly<Record<string, string>>): Promise<string> {
    return this.reading(async (op) => {
      const sig = signatureNow(STUDIO);
      const { ids, scratch } = await this.git.make(
        [{ parent: base, files, reason: 'preview', author: sig, committer: sig }],
        op,
      );
      this.afterwards((o) =>
        this.git.updateRefs(
          scratch.map((ref) => ({ ref, to: null })),
          o,
        ),
      );
      return this.git.run(['diff', '--no-color', '--no-renames', base, ids[0]!], { op });
    });
  }

  /** The newest commit that changed a file (events change none), or null. */
  lastRulesChange(): Promise<CommitInfo | null> {
    return this.reading(async (op) => {
      const head = await this.head(op);
      if (this.lastChange?.head === head) return this.lastChange.info;
      const lines = (await this.git.run(['log', '--max-count=200', '--format=%H %T', MAIN], { op }))
        .split('\n')
        .filter(Boolean);
      let info: CommitInfo | null = null;
      for (let i = 0; i < lines.length; i++) {
        const [id, tree] = lines[i]!.split(' ');
        if (tree !== lines[i + 1]?.split(' ')[1]) {
          info = await this.git.info(id!, op);
          break;
        }
      }
      this.lastChange = { head, info };
      return info;
    });
  }

  /** The rollouts on main (decision 044). */
  rollouts(): Promise<RolloutInfo[]> {
    return this.reading(async (op) => listRollouts(this.git, await this.head(op), op));
  }

  /** Raises or lowers a rollout's share, recorded with who set it and why. */
  setShare(change: string, share: number, who: Actor, reason: string, setAt: string): Promise<string> {
    return this.writing(async (op) =>
      setRolloutShare(this.rolloutOps(op), await this.ensureNow(op), { change, share, who, reason, setAt }),
    );
  }

  /** Ends a rollout (everyone on the live rules), or completes it (the change live for everyone). */
  endRollout(change: string, who: Actor, reason: string, complete: boolean, check: Check): Promise<string> {
    return this.writing(async (op) =>
      endRollout(this.rolloutOps(op), await this.ensureNow(op), { change, who, reason, complete, check }),
    );
  }
}

const personOf = (p: Person): Person => ({ name: p.name, email: p.email });

function refusal(problems: string[]): RepoError {
  return new RepoError(
    422,
    `Refused: ${problems.length} problem${problems.length === 1 ? '' : 's'}`,
    problems,
  );
}
