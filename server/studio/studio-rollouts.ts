/**
 * Gradual rollout in the studio's repository (issue 32, docs/decisions/044). Approving a change for a share of
 * accounts commits `rollouts/<change>.json` onto main (the change's rule files whole, the share, who set it,
 * when and why) instead of the files themselves, and keeps the change on `rollout/<change>` (a branch, so a
 * rules remote shares it) until the rollout ends. Raising, lowering, ending and completing are commits on main
 * with `Studio-Kind` rollout, rollout-share, rollout-ended, rollout-completed and the trailers
 * `Rollout-Share` and `Rollout-Set-By`, so the history says who set which share and why. The repository
 * (studio-repo.ts) runs each of these in its queue and hands in what they need (RolloutOps).
 */
import { DECISIONS, ruleFileOf } from '../../src/engine/decisions';
import { checkRollout } from '../../src/engine/rollout-check';
import { formatIssue } from '../../src/engine/validate';
import type { RefUpdate } from './rules-remote';
import { RepoError, trailersOf, type CommitInfo, type Git } from './studio-git';
import type { Actor } from './studio-repo';
import { MAIN, type Check } from './studio-store';

/** A change approved for a share of accounts: its commit, until the rollout ends. */
const ROLLOUT = 'refs/heads/rollout/';
const RULE_FILE_NAMES = new Set(DECISIONS.map((d) => ruleFileOf(d.id)));

/** What the rollouts need of the repository, bound to it. */
export interface RolloutOps {
  git: Git;
  moveRefs(updates: readonly RefUpdate[]): Promise<void>;
  writeFolder(from: string, to: string): Promise<void>;
  rebase(base: string, head: string, paths: readonly string[], since: string, then: string): Promise<void>;
  changedOf(info: CommitInfo): Promise<Record<string, string>>;
  checked(check: Check, files: Record<string, string>, changed: string[]): Promise<void>;
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
  const tree = await ops.git.writeTree(head, { [path]: text });
  const body = (await ops.git.run(['show', '-s', '--format=%B', info.id])).trimEnd();
  const trailers = {
    ...Object.fromEntries(trailersOf(body)),
    'Studio-Kind': 'rollout',
    Change: change,
    'Change-Reason': info.reason,
    'Approved-by': `${approver.name} <${approver.email}>`,
    'Approver-Id': approver.id,
    'Rollout-Share': String(rollout.share),
    'Rollout-Set-By': approver.name,
  };
  const made = await ops.git.commit(tree, [head], info.reason, { ...info.author }, approver, trailers);
  await ops.moveRefs([
    { ref: MAIN, to: made, from: head },
    { ref: at.pendingRef, to: null, from: info.id },
    { ref: `${ROLLOUT}${change}`, to: info.id, from: null },
  ]);
  await ops.writeFolder(head, made);
  return made;
}

/** The rollouts on main, without their files. */
export async function listRollouts(git: Git, head: string): Promise<RolloutInfo[]> {
  const files = await git.filesOf(head);
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
): Promise<{ path: string; rollout: RolloutJson; commit: string; ref: string }> {
  if (!/^[0-9a-f]{7,40}$/.test(change)) throw new RepoError(404, 'No such rollout');
  const id = change.slice(0, 12);
  const path = `rollouts/${id}.json`;
  const ref = `${ROLLOUT}${id}`;
  const [text] = await git.blobs([`${head}:${path}`]);
  const commit = await git.rev(ref);
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
  const { path, rollout, commit } = await mustRollout(ops.git, head, to.change);
  if (rollout.share === to.share) throw new RepoError(409, `The rollout is at ${to.share} % already`);
  const text = rolloutText({
    ...rollout,
    share: to.share,
    setBy: to.who.name,
    setAt: to.setAt,
    reason: to.reason,
  });
  const tree = await ops.git.writeTree(head, { [path]: text });
  const made = await ops.git.commit(tree, [head], to.reason, to.who, to.who, {
    'Studio-Kind': 'rollout-share',
    Change: rollout.change,
    'Change-Reason': (await ops.git.info(commit)).reason,
    'Rollout-Share': String(to.share),
    'Rollout-Set-By': to.who.name,
    'Analyst-Id': to.who.id,
  });
  await ops.moveRefs([{ ref: MAIN, to: made, from: head }]);
  await ops.writeFolder(head, made);
  return made;
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
  const { path, rollout, commit, ref } = await mustRollout(ops.git, head, end.change);
  const info = await ops.git.info(commit);
  let files: Record<string, string | null> = { [path]: null };
  if (end.complete) {
    const base = (await ops.git.run(['rev-parse', `${info.id}^`])).trim();
    await ops.rebase(base, head, info.files, 'this change was made', 'end the rollout and make it again');
    const changed = await ops.changedOf(info);
    const live = await ops.git.filesOf(head);
    delete live[path];
    await ops.checked(end.check, { ...live, ...changed }, Object.keys(changed));
    files = { ...changed, ...files };
  }
  const { who } = end;
  const tree = await ops.git.writeTree(head, files);
  const made = await ops.git.commit(tree, [head], end.reason, end.complete ? { ...info.author } : who, who, {
    'Studio-Kind': end.complete ? 'rollout-completed' : 'rollout-ended',
    Change: rollout.change,
    'Change-Reason': info.reason,
    'Rollout-Share': end.complete ? '100' : '0',
    'Rollout-Set-By': who.name,
    // The author of a completed change is the change's; of an ended rollout, who ended it.
    ...(end.complete ? (info.authorId ? { 'Analyst-Id': info.authorId } : {}) : { 'Analyst-Id': who.id }),
    ...(end.complete ? { 'Approved-by': `${who.name} <${who.email}>`, 'Approver-Id': who.id } : {}),
  });
  await ops.moveRefs([
    { ref: MAIN, to: made, from: head },
    { ref, to: null, from: commit },
  ]);
  await ops.writeFolder(head, made);
  return made;
}
