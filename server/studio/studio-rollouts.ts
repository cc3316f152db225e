/**
 * Gradual rollout in the studio's repository (issue 32, docs/decisions/044). Approving a change for a share of
 * accounts commits `rollouts/<change>.json` onto main (the change's rule files whole, the share, who set it,
 * when and why) instead of the files themselves, and keeps the change on `rollout/<change>` (a branch, so a
 * rules remote shares it) until the rollout ends. Raising, lowering, ending and completing are commits on main
 * with `Studio-Kind` rollout, rollout-share, rollout-ended, rollout-completed and the trailers
 * `Rollout-Share` and `Rollout-Set-By`, so the history says who set which share and why. The repository
 * (studio-review.ts, studio-repo.ts) runs each of these in its queue, under its operation's deadline, and
 * hands in what they need (RolloutOps).
 */
import { DECISIONS, ruleFileOf } from '../../src/engine/decisions';
import { checkRollout } from '../../src/engine/rollout-check';
import { formatIssue } from '../../src/engine/validate';
import type { RefUpdate } from './rules-remote';
import {
  RepoError,
  signatureNow,
  trailersOf,
  type CommitInfo,
  type Git,
  type Op,
  type RawCommit,
  type Signature,
} from './studio-git';
import type { RulesRepo } from './studio-repo';
import type { Actor } from './studio-review';
import { MAIN, type Check } from './studio-store';

/** A change approved for a share of accounts: its commit, until the rollout ends. */
const ROLLOUT = 'refs/heads/rollout/';
const RULE_FILE_NAMES = new Set(DECISIONS.map((d) => ruleFileOf(d.id)));

/** What the rollouts need of the repository, bound to it and to the operation under way. */
export interface RolloutOps {
  git: Git;
  op: Op;
  moveRefs(updates: readonly RefUpdate[], scratch: readonly string[]): Promise<void>;
  writeFiles(head: string, files: Readonly<Record<string, string | Buffer | null>>): void;
  rebase(base: string, head: string, paths: readonly string[], since: string, then: string): Promise<void>;
  /** The change's files (texts; null: removed), as it writes them. */
  changeOf(c: RawCommit): Promise<Record<string, string | null>>;
  checked(check: Check, files: Record<string, string>, changed: string[]): Promise<void>;
}

/** Makes one commit on `head` and puts it live: main moved (with `more` ref moves), the folder written. */
async function commitLive(
  ops: RolloutOps,
  head: string,
  c: {
    files: Record<string, string | null>;
    reason: string;
    trailers: Record<string, string>;
    author: Signature;
    committer: Signature;
  },
  more: (made: string) => RefUpdate[] = () => [],
): Promise<string> {
  const { ids, scratch } = await ops.git.make([{ parent: head, ...c }], ops.op);
  const made = ids[0]!;
  await ops.moveRefs([{ ref: MAIN, to: made, from: head }, ...more(made)], scratch);
  ops.writeFiles(made, c.files);
  return made;
}

/** What an approval for a share of accounts says. */
export interface RolloutStart {
  share: number;
  /** What the change does, in the studio's words. */
  summary: string;
  /** When (ISO, the server's clock). */
  setAt: string;
  reason?: string;
}

/** A rollout file as the studio reads and writes it (schemas/rollout.schema.json). */
interface RolloutJson {
  change: string;
  summary: string;
  share: number;
  setBy: string;
  setAt: string;
  reason?: string;
  files: Record<string, unknown>;
}

/** A rollout as the studio lists it: the names of its candidate files. */
export type RolloutInfo = Omit<RolloutJson, 'files'> & { files: string[] };

function parseRollout(text: string): RolloutJson | null {
  try {
    const json = JSON.parse(text) as RolloutJson;
    return typeof json.change === 'string' && typeof json.files === 'object' ? json : null;
  } catch {
    return null;
  }
}

/** A rollout file's text, checked as rules:check checks it (400 with its problems otherwise). */
function rolloutText(r: RolloutJson): string {
  const files = Object.fromEntries(
    Object.entries(r.files).map(([name, f]) => [
      name,
      typeof f === 'string' ? (JSON.parse(f) as unknown) : f,
    ]),
  );
  const json = { $schema: '../../schemas/rollout.schema.json', ...r, files };
  const problems = checkRollout(`${r.change}.json`, json).map(formatIssue);
  if (problems.length > 0)
    throw new RepoError(400, 'The rollout could not be written: it would not be valid', problems);
  return `${JSON.stringify(json, null, 2)}\n`;
}

/**
 * Approval for a share of accounts: main gets `rollouts/<change>.json` with the change's rule files (its
 * cases wait for everyone: they describe the live rules), the change leaves pending for `rollout/<change>`.
 */
export async function startRollout(
  ops: RolloutOps,
  at: {
    head: string;
    pendingRef: string;
    info: CommitInfo;
    raw: RawCommit;
    changed: Record<string, string>;
    headFiles: Record<string, string>;
    approver: Actor;
    rollout: RolloutStart;
  },
): Promise<string> {
  const { head, info, approver, rollout } = at;
  const change = info.id.slice(0, 12);
  const candidates = Object.fromEntries(
    Object.entries(at.changed).filter(([path]) => RULE_FILE_NAMES.has(path)),
  );
  if (Object.keys(candidates).length === 0)
    throw new RepoError(400, 'This change changes no rule file: approve it for everyone');
  const path = `rollouts/${change}.json`;
  if (at.headFiles[path] !== undefined) throw new RepoError(409, 'This change is rolled out already');
  const taken = Object.entries(at.headFiles)
    .filter(([p]) => p.startsWith('rollouts/'))
    .flatMap(([p, text]) => Object.keys(parseRollout(text)?.files ?? {}).map((f) => [f, p] as const))
    .filter(([f]) => f in candidates);
  if (taken.length > 0)
    throw new RepoError(
      409,
      `${taken.map(([f]) => f).join(', ')} rolled out by ${taken[0]![1]} already: end that rollout first`,
    );
  const text = rolloutText({
    change,
    summary: rollout.summary,
    share: rollout.share,
    setBy: approver.name,
    setAt: rollout.setAt,
    ...(rollout.reason ? { reason: rollout.reason } : {}),
    files: candidates,
  });
  return commitLive(
    ops,
    head,
    {
      files: { [path]: text },
      reason: info.reason,
      trailers: {
        ...Object.fromEntries(trailersOf(at.raw.message.trimEnd())),
        'Studio-Kind': 'rollout',
        Change: change,
        'Change-Reason': info.reason,
        'Approved-by': `${approver.name} <${approver.email}>`,
        'Approver-Id': approver.id,
        'Rollout-Share': String(rollout.share),
        'Rollout-Set-By': approver.name,
      },
      author: at.raw.author,
      committer: signatureNow(approver),
    },
    () => [
      { ref: at.pendingRef, to: null, from: info.id },
      { ref: `${ROLLOUT}${change}`, to: info.id, from: null },
    ],
  );
}

/** The rollouts on main, without their files. */
export async function listRollouts(git: Git, head: string, op: Op): Promise<RolloutInfo[]> {
  const files = await git.filesOf(head, op);
  return Object.entries(files)
    .filter(([path]) => /^rollouts\/[^/]+\.json$/.test(path))
    .flatMap(([, text]) => {
      const r = parseRollout(text);
      if (!r) return [];
      const { files: candidates, ...rest } = r;
      return [{ ...rest, files: Object.keys(candidates).sort() }];
    });
}

async function mustRollout(
  git: Git,
  head: string,
  change: string,
  op: Op,
): Promise<{ path: string; rollout: RolloutJson; commit: string; ref: string }> {
  if (!/^[0-9a-f]{7,40}$/.test(change)) throw new RepoError(404, 'No such rollout');
  const id = change.slice(0, 12);
  const path = `rollouts/${id}.json`;
  const ref = `${ROLLOUT}${id}`;
  const [text] = await git.blobs([`${head}:${path}`], op);
  const commit = await git.rev(ref, op);
  const rollout = text === undefined ? null : parseRollout(text);
  if (!rollout || !commit) throw new RepoError(404, 'No such rollout (ended already?)');
  return { path, rollout, commit, ref };
}

/**
 * Raises or lowers a rollout's share (0 keeps it, serving the live rules to everyone: the guard's way back),
 * recorded on main with who set it and why.
 */
export async function setRolloutShare(
  ops: RolloutOps,
  head: string,
  to: { change: string; share: number; who: Actor; reason: string; setAt: string },
): Promise<string> {
  const { path, rollout, commit } = await mustRollout(ops.git, head, to.change, ops.op);
  if (rollout.share === to.share) throw new RepoError(409, `The rollout is at ${to.share} % already`);
  const text = rolloutText({
    ...rollout,
    share: to.share,
    setBy: to.who.name,
    setAt: to.setAt,
    reason: to.reason,
  });
  const who = signatureNow(to.who);
  return commitLive(ops, head, {
    files: { [path]: text },
    reason: to.reason,
    trailers: {
      'Studio-Kind': 'rollout-share',
      Change: rollout.change,
      'Change-Reason': (await ops.git.info(commit, ops.op)).reason,
      'Rollout-Share': String(to.share),
      'Rollout-Set-By': to.who.name,
      'Analyst-Id': to.who.id,
    },
    author: who,
    committer: who,
  });
}

/**
 * Ends a rollout: its file removed, so everyone gets the live rules again; or, with `complete`, the change put
 * live for everyone in the same commit (its files checked again as an approval checks them).
 */
export async function endRollout(
  ops: RolloutOps,
  head: string,
  end: { change: string; who: Actor; reason: string; complete: boolean; check: Check },
): Promise<string> {
  const { path, rollout, commit, ref } = await mustRollout(ops.git, head, end.change, ops.op);
  const info = await ops.git.info(commit, ops.op);
  const raw = await ops.git.commit(commit, ops.op);
  let files: Record<string, string | null> = { [path]: null };
  if (end.complete) {
    await ops.rebase(
      raw.parents[0] ?? '',
      head,
      info.files,
      'this change was made',
      'end the rollout and make it again',
    );
    const changed = await ops.changeOf(raw);
    const live = await ops.git.filesOf(head, ops.op);
    delete live[path];
    const texts = Object.fromEntries(
      Object.entries(changed).flatMap(([p, t]) => (t === null ? [] : [[p, t] as const])),
    );
    await ops.checked(end.check, { ...live, ...texts }, Object.keys(changed));
    files = { ...changed, ...files };
  }
  const { who } = end;
  return commitLive(
    ops,
    head,
    {
      files,
      reason: end.reason,
      trailers: {
        'Studio-Kind': end.complete ? 'rollout-completed' : 'rollout-ended',
        Change: rollout.change,
        'Change-Reason': info.reason,
        'Rollout-Share': end.complete ? '100' : '0',
        'Rollout-Set-By': who.name,
        // The author of a completed change is the change's; of an ended rollout, who ended it.
        ...(end.complete ? (info.authorId ? { 'Analyst-Id': info.authorId } : {}) : { 'Analyst-Id': who.id }),
        ...(end.complete ? { 'Approved-by': `${who.name} <${who.email}>`, 'Approver-Id': who.id } : {}),
      },
      author: end.complete ? raw.author : signatureNow(who),
      committer: signatureNow(who),
    },
    () => [{ ref, to: null, from: commit }],
  );
}

/** A share of accounts in percent, from 0 to 100, read to two decimals (decision 044). */
export function shareOf(body: Record<string, unknown>): number {
  const share = body.share;
  if (typeof share !== 'number' || !Number.isFinite(share) || share < 0 || share > 100)
    throw new RepoError(400, 'share: the percent of accounts, from 0 to 100');
  return Math.round(share * 100) / 100;
}

export const isoNow = (d: Date): string => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** What an approval for a share records: the change's lines in the analyst's words, as its summary. */
export async function rolloutStart(
  repo: Pick<RulesRepo, 'pending'>,
  id: string,
  share: number,
  setAt: string,
  note?: string,
): Promise<RolloutStart> {
  if (share <= 0) throw new RepoError(400, 'share: approve for more than 0 % of accounts');
  const change = (await repo.pending()).find((c) => c.id.startsWith(id));
  const lines = change?.lines.filter((l) => !l.file.startsWith('cases/')).map((l) => l.text) ?? [];
  const summary = (lines.length > 0 ? lines.join('; ') : (change?.reason ?? id)).slice(0, 500);
  return { share, summary, setAt, ...(note ? { reason: note } : {}) };
}
