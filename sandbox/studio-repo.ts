/**
 * The rule studio's history: a git repository of the rules, driven with the `git` command (execFile, no
 * shell), never a home-made log. Its work tree is RULES_DIR, the folder the server serves; its git
 * directory is a separate folder (STUDIO_GIT_DIR), so a RULES_DIR inside the project's own repository is
 * never committed into that repository.
 *
 * - `main` is what is live: RULES_DIR always equals main's tree. A change made to the folder by hand is
 *   recorded as a commit "Changes made outside the studio" before the studio reads or writes.
 * - A saved change is a commit whose author is the analyst and whose message is the reason, with trailers
 *   (`Studio-Kind`, `Impact`, `Restores`). When approval is required it waits on the branch
 *   `pending/<id>` (the folder does not change); when approved it is committed onto main (author kept,
 *   committer = the approver, trailer `Approved-by`) and only the files it changes are written to the
 *   folder, each atomically (write, then rename), so the portal serves them at the next page load.
 * - Restoring a version is a change like any other: a commit whose tree is that version's.
 *
 * - With a rules remote (RULES_REMOTE, rules-remote.ts) the remote is the truth every server shares: each
 *   write fetches first and moves refs there before here (all or none; re-applied when another server
 *   moved them first), reads and a timer fetch and fast-forward main and the folder, pending changes are the
 *   remote's, and a hand edit of one server's folder becomes a pending change.
 *
 * Every operation runs one at a time (a queue), and commits are made with plumbing (a temporary index,
 * hash-object, write-tree, commit-tree, update-ref with the expected old value), so nothing here depends
 * on the user's git configuration, hooks or a checked-out branch.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  RemoteRefused,
  RemoteRejected,
  RemoteSync,
  RemoteUnreachable,
  RulesRemote,
  retryRejected,
  type RefUpdate,
} from './rules-remote';

export interface Person {
  name: string;
  email: string;
}

export interface CommitInfo {
  id: string;
  /** The first line of the message: the reason. */
  reason: string;
  author: Person & { date: string };
  committer: Person & { date: string };
  kind: string;
  /** The impact figures saved with the change (JSON of the Impact trailer), if any. */
  impact?: unknown;
  approvedBy?: string;
  restores?: string;
  /** The id of the analyst who made it (trailer `Analyst-Id`: the identity provider's subject). */
  authorId?: string;
  /** Files it changes, relative to the rules folder ('prepaid-card.json', 'cases/x.cases.json'). */
  files: string[];
  /** Unified diff against its parent (empty for the first version). */
  diff: string;
}

export interface PendingChange extends CommitInfo {
  /** The live version it was made on. */
  base: string;
}

export class RepoError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const FILE_MODE = '100644';
const MAIN = 'refs/heads/main';
const PENDING = 'refs/heads/pending/';
const SEP = '\x1f';
const STUDIO: Person = { name: 'Rule studio', email: 'studio@localhost' };
const OUTSIDE: Person = { name: 'Outside the studio', email: 'outside@localhost' };

/** A path a change may write: a JSON file of the folder or a subfolder, nothing that climbs out. */
export function isRulesPath(path: string): boolean {
  return (
    /^(?:[A-Za-z0-9][A-Za-z0-9._-]*\/)?[A-Za-z0-9][A-Za-z0-9._-]*\.json$/.test(path) && !path.includes('..')
  );
}

/** With a remote (RULES_REMOTE): how fresh a read must be, and how often a write re-applies itself. */
const READ_MAX_AGE_MS = 1_000;
const WRITE_TRIES = 5;

export interface RulesRepoOptions {
  /** the git remote every server shares (RULES_REMOTE), see rules-remote.ts */
  remote?: string;
  /** how long one fetch or push may take (default 20 s) */
  remoteTimeoutMs?: number;
}

export class RulesRepo {
  private queue: Promise<unknown> = Promise.resolve();
  /** The shared remote's sync, when there is one: its 'live' and 'synced' events, its status. */
  readonly remote: RemoteSync | undefined;

  constructor(
    readonly rulesDir: string,
    readonly gitDir: string,
    options: RulesRepoOptions = {},
  ) {
    if (options.remote) {
      this.remote = new RemoteSync(new RulesRemote(options.remote, gitDir, options.remoteTimeoutMs), {
        git: (args, input) => this.git(args, input === undefined ? {} : { input }),
        rev: (ref) => this.rev(ref),
        writeFolder: (from, to) => this.writeFolder(from, to),
        folderTree: () => this.treeOfFolder(),
      });
    }
  }

  /** Fetches the remote every `intervalMs` (RULES_FETCH_SECONDS), in the queue; stop() ends it. */
  startSync(intervalMs: number): void {
    const remote = this.remote;
    remote?.startTimer(intervalMs, () => this.serial(() => this.initNow().then(() => remote.sync())));
  }

  stop(): void {
    this.remote?.stopTimer();
  }

  /** A write; with a remote, fetched first and done again on the newer version if another server won. */
  private writing<T>(fn: () => Promise<T>): Promise<T> {
    const remote = this.remote;
    if (!remote) return this.serial(fn);
    return this.serial(async () => {
      try {
        return await retryRejected(WRITE_TRIES, async () => {
          await this.initNow();
          await remote.sync();
          return fn();
        });
      } catch (e) {
        if (e instanceof RemoteRejected)
          throw new RepoError(409, 'The shared rules kept changing while saving: try again');
        if (e instanceof RemoteUnreachable)
          throw new RepoError(
            503,
            `The rules remote cannot be reached: nothing was saved. Try again in a moment (${e.message})`,
          );
        if (e instanceof RemoteRefused) throw new RepoError(502, e.message);
        throw e;
      }
    });
  }

  /** A read: with a remote, fetched first when the last fetch is older than a second. */
  private reading<T>(fn: () => Promise<T>): Promise<T> {
    return this.serial(async () => {
      if (this.remote) {
        await this.initNow();
        await this.remote.syncIfStale(READ_MAX_AGE_MS);
      }
      return fn();
    });
  }

  /** Moves refs, on the remote first (all or none), each from the value it expects: nothing is lost. */
  private async moveRefs(updates: readonly RefUpdate[]): Promise<void> {
    if (this.remote?.reachable) await this.remote.remote.push(updates);
    const lines = updates.map((u) =>
      u.to ? `update ${u.ref} ${u.to} ${u.from ?? ''}` : `delete ${u.ref} ${u.from ?? ''}`,
    );
    await this.git(['update-ref', '--stdin'], { input: `${lines.join('\n')}\n` });
  }

  /** The repository itself, created on first use (no commit). */
  private async initNow(): Promise<void> {
    if (existsSync(join(this.gitDir, 'HEAD'))) return;
    mkdirSync(this.gitDir, { recursive: true });
    await this.git(['init', '--quiet', '--initial-branch=main']);
    // Only JSON files are rules (and cases): README.md and anything else of the folder stay out.
    mkdirSync(join(this.gitDir, 'info'), { recursive: true });
    writeFileSync(join(this.gitDir, 'info', 'exclude'), '*\n!*/\n!*.json\n');
  }

  /** Runs `fn` after every operation before it (one writer at a time). */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private git(
    args: readonly string[],
    options: { input?: string; env?: Record<string, string>; allowFail?: boolean } = {},
  ): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = execFile(
        'git',
        [`--git-dir=${this.gitDir}`, `--work-tree=${this.rulesDir}`, ...args],
        {
          maxBuffer: 64 * 1024 * 1024,
          env: {
            PATH: process.env.PATH ?? '/usr/bin:/bin',
            // Nothing from the machine's or the user's git configuration applies (hooks, signing, editors).
            GIT_CONFIG_NOSYSTEM: '1',
            GIT_CONFIG_GLOBAL: '/dev/null',
            GIT_TERMINAL_PROMPT: '0',
            LANG: 'C',
            ...options.env,
          },
        },
        (error, stdout, stderr) => {
          if (error && !options.allowFail)
            reject(new Error(`git ${args[0]}: ${stderr.trim() || error.message}`));
          else resolve(stdout);
        },
      );
      if (options.input !== undefined) child.stdin?.end(options.input);
    });
  }

  private async rev(ref: string): Promise<string | null> {
    const out = await this.git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { allowFail: true });
    return out.trim() || null;
  }

  /** Creates the repository on first use and records hand edits of the folder; the live commit. */
  ensure(): Promise<string> {
    return this.serial(() => this.ensureNow());
  }

  private async ensureNow(): Promise<string> {
    await this.initNow();
    for (let attempt = 1; ; attempt++) {
      try {
        if (this.remote) await this.remote.syncIfStale(READ_MAX_AGE_MS);
        return await this.recordFolder();
      } catch (e) {
        // Another server seeded the remote or moved main first: take its version and look again.
        if (!(e instanceof RemoteRejected) || attempt === 3 || !this.remote) throw e;
        await this.remote.sync();
      }
    }
  }

  /** Records the folder: the first version, or hand edits made since; the live commit. */
  private async recordFolder(): Promise<string> {
    const head = await this.rev(MAIN);
    const tree = await this.treeOfFolder();
    if (!head) {
      const first = await this.commit(tree, [], 'The rules as the studio found them', STUDIO, STUDIO, {
        'Studio-Kind': 'start',
      });
      // With a remote that cannot be reached yet, kept here only: the remote's version wins when it answers.
      await this.moveRefs([{ ref: MAIN, to: first, from: null }]);
      return first;
    }
    if (tree === (await this.treeOf(head))) return head;
    const outside = await this.commit(tree, [head], 'Changes made outside the studio', OUTSIDE, OUTSIDE, {
      'Studio-Kind': 'outside',
    });
    if (!this.remote) {
      await this.moveRefs([{ ref: MAIN, to: outside, from: head }]);
      return outside;
    }
    // Shared rules: a hand edit of one server's folder waits for approval like any change, the folder shows
    // live again (while the remote cannot be reached, the folder keeps it until it can be recorded).
    if (!this.remote.reachable) return head;
    await this.moveRefs([{ ref: `${PENDING}${outside.slice(0, 12)}`, to: outside, from: null }]);
    await this.writeFolder(outside, head);
    return head;
  }

  private async treeOf(commit: string): Promise<string> {
    return (await this.git(['rev-parse', `${commit}^{tree}`])).trim();
  }

  /** Writes blobs and a tree: `base`'s tree with `files` replaced, in a temporary index. */
  private async writeTree(base: string, files: Readonly<Record<string, string>>): Promise<string> {
    const dir = mkdtempSync(join(tmpdir(), 'studio-index-'));
    const env = { GIT_INDEX_FILE: join(dir, 'index') };
    try {
      await this.git(['read-tree', base], { env });
      const lines: string[] = [];
      for (const [path, text] of Object.entries(files)) {
        const sha = (await this.git(['hash-object', '-w', '--stdin'], { input: text })).trim();
        lines.push(`${FILE_MODE} ${sha}\t${path}`);
      }
      if (lines.length > 0)
        await this.git(['update-index', '--index-info'], { input: `${lines.join('\n')}\n`, env });
      return (await this.git(['write-tree'], { env })).trim();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  /** The folder's tree, through the repository's own index (its stat cache makes this cheap). */
  private async treeOfFolder(): Promise<string> {
    await this.git(['add', '--all', '--', '.']);
    return (await this.git(['write-tree'])).trim();
  }

  private async commit(
    tree: string,
    parents: readonly string[],
    reason: string,
    author: Person & { date?: string },
    committer: Person,
    trailers: Readonly<Record<string, string>>,
  ): Promise<string> {
    const lines = Object.entries(trailers).map(([k, v]) => `${k}: ${v.replace(/\s*\n\s*/g, ' ')}`);
    const message = `${reason.trim()}\n${lines.length ? `\n${lines.join('\n')}\n` : ''}`;
    const id = (
      await this.git(['commit-tree', tree, ...parents.flatMap((p) => ['-p', p]), '-F', '-'], {
        input: message,
        env: {
          GIT_AUTHOR_NAME: author.name,
          GIT_AUTHOR_EMAIL: author.email,
          ...(author.date ? { GIT_AUTHOR_DATE: author.date } : {}),
          GIT_COMMITTER_NAME: committer.name,
          GIT_COMMITTER_EMAIL: committer.email,
        },
      })
    ).trim();
    return id;
  }

  /** The live commit as it is here (no fetch, no wait for the queue), or null before the first. */
  liveCommit(): Promise<string | null> {
    return existsSync(join(this.gitDir, 'HEAD')) ? this.rev(MAIN) : Promise.resolve(null);
  }

  /** The live files (main's tree), by path. */
  live(): Promise<{ commit: string; files: Record<string, string> }> {
    return this.serial(async () => {
      const commit = await this.ensureNow();
      return { commit, files: await this.filesOf(commit) };
    });
  }

  /** Every file of a commit, by path: one ls-tree and one cat-file --batch, whatever the number of files. */
  private async filesOf(commit: string): Promise<Record<string, string>> {
    const entries = (await this.git(['ls-tree', '-r', '-z', commit]))
      .split('\0')
      .filter(Boolean)
      .map((line) => {
        const [meta, path] = line.split('\t') as [string, string];
        return { sha: meta.split(' ')[2]!, path };
      });
    if (entries.length === 0) return {};
    const out = await this.gitBuffer(['cat-file', '--batch'], entries.map((e) => e.sha).join('\n') + '\n');
    const files: Record<string, string> = {};
    let at = 0;
    for (const e of entries) {
      const eol = out.indexOf(10, at);
      const size = Number(out.subarray(at, eol).toString('latin1').split(' ')[2]);
      files[e.path] = out.subarray(eol + 1, eol + 1 + size).toString('utf8');
      at = eol + 1 + size + 1;
    }
    return files;
  }

  /** git with binary output (cat-file --batch counts bytes). */
  private gitBuffer(args: readonly string[], input: string): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const child = execFile(
        'git',
        [`--git-dir=${this.gitDir}`, ...args],
        {
          encoding: 'buffer',
          maxBuffer: 64 * 1024 * 1024,
          env: {
            PATH: process.env.PATH ?? '/usr/bin:/bin',
            GIT_CONFIG_NOSYSTEM: '1',
            GIT_CONFIG_GLOBAL: '/dev/null',
          },
        },
        (error, stdout) => (error ? reject(new Error(`git ${args[0]}: ${error.message}`)) : resolve(stdout)),
      );
      child.stdin?.end(input);
    });
  }

  private async changedFiles(from: string | null, to: string): Promise<string[]> {
    if (!from)
      return (await this.git(['ls-tree', '-r', '--name-only', '-z', to])).split('\0').filter(Boolean);
    return (await this.git(['diff-tree', '-r', '--name-only', '-z', '--no-renames', from, to]))
      .split('\0')
      .filter(Boolean);
  }

  private async info(id: string): Promise<CommitInfo> {
    const format = ['%H', '%an', '%ae', '%aI', '%cn', '%ce', '%cI', '%P', '%B'].join(SEP);
    const [hash, an, ae, ad, cn, ce, cd, parents, body] = (
      await this.git(['show', '-s', `--format=${format}`, id])
    ).split(SEP);
    const parent = (parents ?? '').trim().split(' ')[0] || null;
    const trailers = new Map<string, string>();
    for (const line of (body ?? '').split('\n')) {
      const m = /^([A-Z][A-Za-z-]+): (.*)$/.exec(line);
      if (m) trailers.set(m[1]!, m[2]!);
    }
    let impact: unknown;
    try {
      impact = trailers.has('Impact') ? (JSON.parse(trailers.get('Impact')!) as unknown) : undefined;
    } catch {
      impact = undefined;
    }
    return {
      id: hash!.trim(),
      reason: (body ?? '').split('\n')[0] ?? '',
      author: { name: an!, email: ae!, date: ad! },
      committer: { name: cn!, email: ce!, date: cd! },
      kind: trailers.get('Studio-Kind') ?? 'change',
      ...(impact !== undefined ? { impact } : {}),
      ...(trailers.has('Approved-by') ? { approvedBy: trailers.get('Approved-by')! } : {}),
      ...(trailers.has('Restores') ? { restores: trailers.get('Restores')! } : {}),
      ...(trailers.has('Analyst-Id') ? { authorId: trailers.get('Analyst-Id')! } : {}),
      files: await this.changedFiles(parent, id),
      diff: parent ? await this.git(['diff', '--no-color', '--no-renames', parent, id]) : '',
    };
  }

  /** The live history, newest first. */
  history(limit = 50): Promise<CommitInfo[]> {
    return this.serial(async () => {
      await this.ensureNow();
      const ids = (await this.git(['rev-list', `--max-count=${limit}`, MAIN])).split('\n').filter(Boolean);
      return Promise.all(ids.map((id) => this.info(id)));
    });
  }

  /** One version's files (for a restore preview), by path. */
  version(id: string): Promise<Record<string, string>> {
    return this.reading(async () => {
      const commit = await this.rev(id);
      if (!commit || !/^[0-9a-f]{7,40}$/.test(id)) throw new RepoError(404, `No version ${id.slice(0, 40)}`);
      return this.filesOf(commit);
    });
  }

  /** Changes waiting for approval, oldest first. */
  pending(): Promise<PendingChange[]> {
    return this.reading(() => this.pendingNow());
  }

  private async pendingNow(): Promise<PendingChange[]> {
    const refs = (await this.git(['for-each-ref', '--sort=committerdate', '--format=%(objectname)', PENDING]))
      .split('\n')
      .filter(Boolean);
    return Promise.all(
      refs.map(async (id) => ({
        ...(await this.info(id)),
        base: (await this.git(['rev-parse', `${id}^`])).trim(),
      })),
    );
  }

  /**
   * Records a change made on the live version `base`: `files` are the new texts of the files it changes.
   * `check` sees the whole set of files as they would be live and throws a RepoError to refuse. Returns the
   * pending change, or the live commit when no approval is required.
   */
  propose(opts: {
    author: Person;
    reason: string;
    base: string;
    files: Readonly<Record<string, string>>;
    kind?: 'change' | 'restore';
    trailers?: Readonly<Record<string, string>>;
    requireApproval: boolean;
    check: (files: Readonly<Record<string, string>>) => void | Promise<void>;
  }): Promise<{ pending: boolean; id: string }> {
    return this.writing(async () => {
      const head = await this.ensureNow();
      const paths = Object.keys(opts.files);
      const bad = paths.find((p) => !isRulesPath(p));
      if (bad !== undefined) throw new RepoError(400, `'${bad.slice(0, 100)}' is not a rules file`);
      if (opts.base !== head) {
        const since = await this.changedFiles(opts.base, head).catch(() => null);
        if (!since)
          throw new RepoError(409, 'The version this change was made on is unknown: reload the studio');
        const clash = paths.filter((p) => since.includes(p));
        if (clash.length > 0) {
          throw new RepoError(
            409,
            `The live rules changed since you started (${clash.join(', ')}): reload the studio and make the change again`,
          );
        }
      }
      const live = await this.filesOf(head);
      const changed = Object.fromEntries(Object.entries(opts.files).filter(([p, text]) => live[p] !== text));
      if (Object.keys(changed).length === 0)
        throw new RepoError(400, 'Nothing to save: the draft is the same as the live rules');
      await opts.check({ ...live, ...changed });
      const tree = await this.writeTree(head, changed);
      const trailers = { 'Studio-Kind': opts.kind ?? 'change', ...opts.trailers };
      const id = await this.commit(tree, [head], opts.reason, opts.author, opts.author, trailers);
      if (!opts.requireApproval) {
        await this.moveRefs([{ ref: MAIN, to: id, from: head }]);
        await this.writeFolder(head, id);
        return { pending: false, id };
      }
      // The branch is named by the change's own commit: commit first, then create the branch.
      await this.moveRefs([{ ref: `${PENDING}${id.slice(0, 12)}`, to: id, from: null }]);
      return { pending: true, id };
    });
  }

  private async pendingRef(id: string): Promise<{ ref: string; commit: string }> {
    if (!/^[0-9a-f]{7,40}$/.test(id)) throw new RepoError(404, 'No such pending change');
    const ref = `${PENDING}${id.slice(0, 12)}`;
    const commit = await this.rev(ref);
    if (!commit || !commit.startsWith(id))
      throw new RepoError(404, 'No such pending change (approved or withdrawn already?)');
    return { ref, commit };
  }

  /**
   * Puts a pending change live: committed onto main (author kept, committer the approver, `Approved-by`),
   * its files written to the folder. The author may not approve their own change. `check` sees the files
   * as they would be live (the live version may have moved since the change was made).
   */
  approve(
    id: string,
    approver: Person & { id: string },
    authorId: (c: CommitInfo) => string | undefined,
    check: (files: Readonly<Record<string, string>>) => void | Promise<void>,
  ): Promise<string> {
    return this.writing(async () => {
      const head = await this.ensureNow();
      const { ref, commit } = await this.pendingRef(id);
      const info = await this.info(commit);
      if (authorId(info) === approver.id) {
        throw new RepoError(403, 'A second analyst must approve this change: its author cannot');
      }
      const base = (await this.git(['rev-parse', `${commit}^`])).trim();
      if (base !== head) {
        const since = await this.changedFiles(base, head);
        const clash = info.files.filter((p) => since.includes(p));
        if (clash.length > 0) {
          throw new RepoError(
            409,
            `The live rules changed since this change was made (${clash.join(', ')}): withdraw it and make it again`,
          );
        }
      }
      const theirs = await this.filesOf(commit);
      const changed = Object.fromEntries(info.files.filter((p) => p in theirs).map((p) => [p, theirs[p]!]));
      await check({ ...(await this.filesOf(head)), ...changed });
      const tree = await this.writeTree(head, changed);
      const body = (await this.git(['show', '-s', '--format=%B', commit])).trimEnd();
      const trailers: Record<string, string> = {};
      for (const line of body.split('\n').slice(1)) {
        const m = /^([A-Z][A-Za-z-]+): (.*)$/.exec(line);
        if (m) trailers[m[1]!] = m[2]!;
      }
      trailers['Approved-by'] = `${approver.name} <${approver.email}>`;
      const live = await this.commit(tree, [head], info.reason, { ...info.author }, approver, trailers);
      // Live and no longer pending, in one move: on a remote, both or neither.
      await this.moveRefs([
        { ref: MAIN, to: live, from: head },
        { ref, to: null, from: commit },
      ]);
      await this.writeFolder(head, live);
      return live;
    });
  }

  /** Drops a pending change without putting it live. */
  withdraw(id: string): Promise<void> {
    return this.writing(async () => {
      const { ref, commit } = await this.pendingRef(id);
      await this.moveRefs([{ ref, to: null, from: commit }]);
    });
  }

  /** Writes the files that changed from `from` to `to` into the folder, each atomically, then the index. */
  private async writeFolder(from: string, to: string): Promise<void> {
    const files = await this.changedFiles(from, to);
    for (const path of files) {
      const target = join(this.rulesDir, ...path.split('/'));
      const exists = (await this.git(['ls-tree', '--name-only', to, '--', path])).trim();
      if (!exists) {
        rmSync(target, { force: true });
        continue;
      }
      const text = await this.git(['show', `${to}:${path}`]);
      mkdirSync(dirname(target), { recursive: true });
      const tmp = `${target}.studio-${process.pid}.tmp`;
      writeFileSync(tmp, text);
      renameSync(tmp, target);
    }
    await this.git(['read-tree', to]);
  }
}
