/**
 * Changes and their review in the rule studio's repository (studio-repo.ts): proposing a change (a pending
 * branch, or live at once without approval), approving it (now, or at a time, with the approver's note),
 * withdrawing it, sending it back; each reads the refs once and writes with one fast-import and one ref
 * move (studio-git.ts, studio-store.ts).
 */
import type { RefUpdate } from './rules-remote';
import {
  Op,
  RepoError,
  signatureNow,
  trailersOf,
  type CommitInfo,
  type NewCommit,
  type Person,
  type RawCommit,
  type Signature,
  type TreeEntry,
} from './studio-git';
import { isStudioFile, studioFilesOf } from './studio-files';
import { startRollout, type RolloutOps, type RolloutStart } from './studio-rollouts';
import { MAIN, PENDING, RulesStore, type Check } from './studio-store';

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

export const SCHEDULED = 'refs/heads/scheduled/';
/** A reviewer's comment on a pending change: the sent-back event, a branch so a remote shares it. */
export const SENT_BACK = 'refs/heads/sent-back/';

/** A path a change may write: a JSON file of the folder or a subfolder, nothing that climbs out. */
export function isRulesPath(path: string): boolean {
  return (
    /^(?:[A-Za-z0-9][A-Za-z0-9._-]*\/)?[A-Za-z0-9][A-Za-z0-9._-]*\.json$/.test(path) && !path.includes('..')
  );
}

export const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();
export const isId = (id: string): boolean => /^[0-9a-f]{7,40}$/.test(id);

export class RulesReview extends RulesStore {
  private readonly prechecked = new Set<string>();

  protected async head(op: Op): Promise<string> {
    const head = await this.git.rev(MAIN, op);
    if (!head) throw new RepoError(503, 'The rules have no history yet: try again in a moment');
    return head;
  }

  /** The branches under `prefix`, oldest commit first. */
  protected async under(prefix: string, op: Op, refs?: Map<string, string>): Promise<string[]> {
    const all = refs ?? (await this.git.refs(op));
    const ids = [...all].filter(([ref]) => ref.startsWith(prefix)).map(([, id]) => id);
    const raw = await this.git.commits(ids, op);
    return ids
      .filter((id) => raw.has(id))
      .sort((a, b) => raw.get(a)!.committer.time - raw.get(b)!.committer.time);
  }

  /** Changes waiting for approval, oldest first, each with its review (sent back or not). */
  pending(fetch = true): Promise<PendingChange[]> {
    return this.reading(async (op) => {
      const refs = await this.git.refs(op);
      const ids = await this.under(PENDING, op, refs);
      const events = ids.map((id) => refs.get(`${SENT_BACK}${id.slice(0, 12)}`) ?? null);
      const infos = await this.git.infos([...ids, ...events.filter((e): e is string => e !== null)], op);
      const byId = new Map(infos.map((i) => [i.id, i]));
      const raw = await this.git.commits(ids, op);
      return ids.flatMap((id, n) => {
        const info = byId.get(id);
        if (!info) return [];
        const sent = events[n] ? byId.get(events[n]) : undefined;
        return [
          {
            ...info,
            base: raw.get(id)?.parents[0] ?? '',
            ...(sent
              ? { sentBack: { by: sent.author.name, comment: sent.reason, date: sent.author.date } }
              : {}),
          },
        ];
      });
    }, fetch);
  }

  /** Approved changes waiting for their go-live time, soonest first. */
  scheduled(): Promise<ScheduledChange[]> {
    return this.reading((op) => this.scheduledNow(op));
  }

  protected async scheduledNow(op: Op): Promise<ScheduledChange[]> {
    const list = await this.git.infos(await this.under(SCHEDULED, op), op);
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
    op: Op,
  ): Promise<void> {
    if (base === head) return;
    const changed = await this.git.changedFiles(base, head, op).catch(() => null);
    if (!changed)
      throw new RepoError(409, 'The version this change was made on is unknown: reload the studio');
    const clash = paths.filter((p) => changed.includes(p));
    if (clash.length > 0)
      throw new RepoError(409, `The live rules changed since ${since} (${clash.join(', ')}): ${then}`);
  }

  /**
   * Refuses with 422 and every problem when `check` finds any. Only the studio's files are checked; a
   * change recorded outside the studio may carry other files (a README), which are not (`studioOnly`).
   */
  protected static async checked(
    check: Check,
    files: Record<string, string>,
    changed: string[],
    op: Op,
    studioOnly = false,
  ): Promise<void> {
    const paths = studioOnly ? changed.filter(isStudioFile) : changed;
    const problems = await op.race(check(studioFilesOf(files), paths, { signal: op.signal }), 'check');
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
   * `with_` are ref moves made in the same step (all or none), given the event's id; `more` are commits
   * made in the same fast-import, whose ids `with_` gets after the event's.
   */
  protected async event(
    op: Op,
    head: string,
    e: {
      kind: string;
      reason: string;
      who: Person & { id?: string };
      about: CommitInfo;
      extra?: Record<string, string>;
      at?: Signature;
    },
    with_: (event: string, more: string[]) => RefUpdate[] = () => [],
    more: NewCommit[] = [],
  ): Promise<{ event: string; more: string[] }> {
    const trailers = {
      'Studio-Kind': e.kind,
      Change: e.about.id,
      'Change-Reason': oneLine(e.about.reason),
      ...(e.who.id ? { 'Analyst-Id': e.who.id } : {}),
      ...e.extra,
    };
    const sig = e.at ?? signatureNow(e.who);
    const { ids, scratch } = await this.git.make(
      [...more, { parent: head, reason: oneLine(e.reason), trailers, author: sig, committer: sig }],
      op,
    );
    const event = ids.at(-1)!;
    const made = ids.slice(0, -1);
    await this.moveRefs([{ ref: MAIN, to: event, from: head }, ...with_(event, made)], op, scratch);
    return { event, more: made };
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
    return this.writing(async (op) => {
      const head = await this.ensureNow(op);
      const paths = Object.keys(opts.files);
      const bad = paths.find((p) => !isRulesPath(p));
      if (bad !== undefined) throw new RepoError(400, `'${bad.slice(0, 100)}' is not a rules file`);
      const refs = await this.git.refs(op);
      const replaced = opts.replaces
        ? await this.ownPending(opts.replaces.id, opts.author, opts.replaces.authorId, op, refs)
        : null;
      await this.rebase(
        opts.base,
        head,
        paths,
        'you started',
        'reload the studio and make the change again',
        op,
      );
      const live = await this.git.filesOf(head, op);
      const changed = Object.fromEntries(Object.entries(opts.files).filter(([p, text]) => live[p] !== text));
      if (Object.keys(changed).length === 0)
        throw new RepoError(400, 'Nothing to save: the draft is the same as the live rules');
      await RulesReview.checked(opts.check, { ...live, ...changed }, Object.keys(changed), op);
      const trailers = { 'Studio-Kind': opts.kind ?? 'change', ...opts.trailers };
      const sig = signatureNow(opts.author);
      const change = {
        parent: head,
        files: changed,
        reason: opts.reason,
        trailers,
        author: sig,
        committer: sig,
      };
      if (!opts.requireApproval || !replaced) {
        const { ids, scratch } = await this.git.make([change], op);
        const id = ids[0]!;
        if (!opts.requireApproval) {
          await this.moveRefs([{ ref: MAIN, to: id, from: head }], op, scratch);
          this.writeFiles(id, changed);
          return { pending: false, id };
        }
        // The branch is named by the change's own commit: commit first, then create the branch.
        await this.moveRefs([{ ref: `${PENDING}${id.slice(0, 12)}`, to: id, from: null }], op, scratch);
        return { pending: true, id };
      }
      // Revised: the new change pending, the one it replaces withdrawn and recorded so, in one step (the new
      // change and the event made by one fast-import, the refs moved by one push).
      const drops = this.pendingDrops(replaced.ref, replaced.info, refs);
      const { more } = await this.event(
        op,
        head,
        {
          kind: 'withdrawn',
          reason: `Replaced by the revised change “${oneLine(opts.reason)}”`,
          who: opts.author,
          about: replaced.info,
          extra: {},
        },
        (_event, [id]) => [{ ref: `${PENDING}${id!.slice(0, 12)}`, to: id!, from: null }, ...drops],
        [change],
      );
      // The event names the change that replaced it only by its reason: the id is the new branch's.
      return { pending: true, id: more[0]! };
    });
  }

  protected pendingRef(
    id: string,
    refs: Map<string, string>,
    prefix = PENDING,
  ): { ref: string; commit: string } | null {
    if (!isId(id)) return null;
    const ref = `${prefix}${id.slice(0, 12)}`;
    const commit = refs.get(ref);
    return commit && commit.startsWith(id) ? { ref, commit } : null;
  }

  /**
   * A pending change by id; with a remote, one saved on another server moments ago is fetched first.
   */
  private async mustPending(
    id: string,
    op: Op,
    refs: Map<string, string>,
  ): Promise<{ ref: string; commit: string; info: CommitInfo; refs: Map<string, string> }> {
    let found = this.pendingRef(id, refs);
    if (!found && this.remote && isId(id)) {
      const started = await this.remote.fetchNow(op, Date.now());
      await this.remote.reconcile(op, started);
      refs = await this.git.refs(op);
      found = this.pendingRef(id, refs);
    }
    if (!found) throw new RepoError(404, 'No such pending change (approved or withdrawn already?)');
    return { ...found, info: await this.git.info(found.commit, op), refs };
  }

  private async ownPending(
    id: string,
    who: Person & { id?: string },
    authorId: (c: CommitInfo) => string | undefined,
    op: Op,
    refs: Map<string, string>,
  ): Promise<{ ref: string; commit: string; info: CommitInfo }> {
    const found = await this.mustPending(id, op, refs);
    if (who.id === undefined || authorId(found.info) !== who.id)
      throw new RepoError(403, 'Only the author of a change may withdraw or revise it');
    return found;
  }

  /** The ref moves that drop a pending change: its branch, and its reviewer's comment if it has one. */
  private pendingDrops(ref: string, info: CommitInfo, refs: Map<string, string>): RefUpdate[] {
    const sent = `${SENT_BACK}${info.id.slice(0, 12)}`;
    const comment = refs.get(sent);
    return [{ ref, to: null, from: info.id }, ...(comment ? [{ ref: sent, to: null, from: comment }] : [])];
  }

  /** What a commit changes from its parent: each path's entry (null: removed) and its content. */
  protected async changeOf(
    c: RawCommit,
    op: Op,
  ): Promise<{ entries: Record<string, TreeEntry | null>; contents: Record<string, Buffer | null> }> {
    const base = c.parents[0];
    if (!base) throw new RepoError(400, 'The first version is not a change');
    const entries = Object.fromEntries(await this.git.diffEntries(base, c.id, op));
    const paths = Object.keys(entries);
    const blobs = await this.git.objects(
      paths.map((p) => entries[p]?.blob ?? '0'.repeat(40)),
      op,
    );
    const contents = Object.fromEntries(paths.map((p, i) => [p, entries[p] ? (blobs[i] ?? null) : null]));
    return { entries, contents };
  }

  /** A change's files as texts, for the checks (the studio's files that it writes). */
  protected static textsOf(contents: Record<string, Buffer | null>): Record<string, string> {
    return Object.fromEntries(
      Object.entries(contents).flatMap(([p, b]) => (b && isStudioFile(p) ? [[p, b.toString('utf8')]] : [])),
    );
  }

  /** What the rollouts (studio-rollouts.ts) do to the repository, bound to it and to `op`. */
  protected rolloutOps(op: Op): RolloutOps {
    return {
      git: this.git,
      op,
      moveRefs: (updates, scratch) => this.moveRefs(updates, op, scratch),
      writeFiles: (head, files) => this.writeFiles(head, files),
      rebase: (base, head, paths, since, then) => this.rebase(base, head, paths, since, then, op),
      changeOf: async (c) =>
        Object.fromEntries(
          Object.entries((await this.changeOf(c, op)).contents).map(([p, b]) => [
            p,
            b ? b.toString('utf8') : null,
          ]),
        ),
      checked: (check, files, changed) => RulesReview.checked(check, files, changed, op, true),
    };
  }

  /**
   * Puts a pending change live: committed onto main (author kept, committer the approver, `Approved-by`,
   * the approver's `note` as `Approval-Note`), its files written to the folder; or, with `goLiveAt` (ISO),
   * approved now and put live at that time (applyDue). The author may not approve their own change, nor
   * anyone a change sent back. `check` sees the files as they would be live (the live version may have
   * moved since the change was made).
   */
  approve(
    id: string,
    approver: Actor,
    authorId: (c: CommitInfo) => string | undefined,
    check: Check,
    goLiveAt?: string,
    note?: string,
    rollout?: RolloutStart,
  ): Promise<string> {
    return this.writing(async (op) => {
      const head = await this.ensureNow(op);
      const { ref, info, refs } = await this.mustPending(id, op, await this.git.refs(op));
      if (rollout && goLiveAt)
        throw new RepoError(400, 'Approve for a share of accounts now, or for everyone at a time: not both');
      if (authorId(info) === approver.id)
        throw new RepoError(403, 'A second analyst must approve this change: its author cannot');
      if (refs.has(`${SENT_BACK}${info.id.slice(0, 12)}`))
        throw new RepoError(409, 'This change was sent back: its author revises it or withdraws it first');
      const raw = await this.git.commit(info.id, op);
      await this.rebase(
        raw.parents[0] ?? '',
        head,
        info.files,
        'this change was made',
        'withdraw it and make it again',
        op,
      );
      const { entries, contents } = await this.changeOf(raw, op);
      const texts = RulesReview.textsOf(contents);
      const headFiles = await this.git.filesOf(head, op);
      await RulesReview.checked(check, { ...headFiles, ...texts }, Object.keys(entries), op, true);
      if (rollout) {
        const at = { head, pendingRef: ref, info, raw, changed: texts, headFiles, approver, rollout };
        return startRollout(this.rolloutOps(op), at);
      }
      const trailers = Object.fromEntries(trailersOf(raw.message.trimEnd()));
      trailers['Approved-by'] = `${approver.name} <${approver.email}>`;
      trailers['Approver-Id'] = approver.id;
      if (goLiveAt) trailers['Go-live'] = goLiveAt;
      if (note) trailers['Approval-Note'] = note;
      const { ids, scratch } = await this.git.make(
        [
          {
            parent: head,
            files: entries,
            reason: info.reason,
            trailers,
            author: raw.author,
            committer: signatureNow(approver),
          },
        ],
        op,
      );
      const made = ids[0]!;
      const unpend: RefUpdate = { ref, to: null, from: info.id };
      if (goLiveAt) {
        // Approved, not live yet: it waits on scheduled/<id>; no longer pending, in the same step.
        await this.moveRefs(
          [{ ref: `${SCHEDULED}${made.slice(0, 12)}`, to: made, from: null }, unpend],
          op,
          scratch,
        );
        return made;
      }
      // Live and no longer pending, in one move: on a remote, both or neither.
      await this.moveRefs([{ ref: MAIN, to: made, from: head }, unpend], op, scratch);
      this.writeFiles(made, contents);
      return made;
    });
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
    return this.writing(async (op) => {
      const head = await this.ensureNow(op);
      const refs = await this.git.refs(op);
      const scheduled = this.pendingRef(id, refs, SCHEDULED);
      if (scheduled) {
        const info = await this.git.info(scheduled.commit, op);
        // Its approver by id (approvals before ids were recorded: by address).
        const approver = info.approverId
          ? info.approverId === who.id
          : (info.approvedBy ?? '').includes(`<${who.email}>`);
        if (authorId(info) !== who.id && !approver)
          throw new RepoError(403, 'Only the author or the approver of a scheduled change may cancel it');
        const drop: RefUpdate = { ref: scheduled.ref, to: null, from: scheduled.commit };
        await this.event(
          op,
          head,
          { kind: 'withdrawn', reason, who, about: info, extra: { 'Go-live': info.goLive ?? '' } },
          () => [drop],
        );
        return;
      }
      const { ref, info } = await this.ownPending(id, who, authorId, op, refs);
      const drops = this.pendingDrops(ref, info, refs);
      await this.event(op, head, { kind: 'withdrawn', reason, who, about: info }, () => drops);
    });
  }

  /** A reviewer sends a pending change back to its author with a comment (not the author's own). */
  sendBack(
    id: string,
    who: Actor,
    comment: string,
    authorId: (c: CommitInfo) => string | undefined,
  ): Promise<void> {
    return this.writing(async (op) => {
      const head = await this.ensureNow(op);
      const { info, refs } = await this.mustPending(id, op, await this.git.refs(op));
      if (authorId(info) === who.id)
        throw new RepoError(
          403,
          'A reviewer sends a change back: its author withdraws it or revises it instead',
        );
      const sent = `${SENT_BACK}${info.id.slice(0, 12)}`;
      const earlier = refs.get(sent) ?? null;
      await this.event(op, head, { kind: 'sent-back', reason: comment, who, about: info }, (event) => [
        { ref: sent, to: event, from: earlier },
      ]);
    });
  }

  /**
   * Checks, off any request, each pending change made on the live version as it would go live: the answer
   * is kept by the checker, so its approval does not wait for the checks (a change saved on another server,
   * or before a restart).
   */
  async precheckPending(check: Check): Promise<void> {
    const head = await this.liveCommit();
    if (!head) return;
    for (const p of await this.pending(false)) {
      if (p.base !== head || this.prechecked.has(`${p.id}:${head}`)) continue;
      this.prechecked.add(`${p.id}:${head}`);
      const op = new Op(20_000, false);
      try {
        const { entries, contents } = await this.changeOf(await this.git.commit(p.id, op), op);
        const files = { ...(await this.git.filesOf(head, op)), ...RulesReview.textsOf(contents) };
        await check(studioFilesOf(files), Object.keys(entries).filter(isStudioFile));
      } catch {
        this.prechecked.delete(`${p.id}:${head}`);
      } finally {
        op.end();
      }
    }
  }
}
