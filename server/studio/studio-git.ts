/**
 * The `git` command for the rule studio's repository (studio-repo.ts), as few processes as a step needs
 * (issue 31 item 1): refs read in one `for-each-ref`, objects in one `cat-file --batch`, a change's blobs,
 * tree and commit (or several commits) written by one `git fast-import` (no index, no hash-object per
 * file), refs moved together by one `update-ref --stdin` with the values they must still have, commits read
 * back in batches (four processes for any number) and kept, since a commit never changes.
 *
 * Every process runs through git-process.ts (its own process group, ended at the deadline) and, inside an
 * operation of the repository, under that operation's deadline (`Op`): a request that gave up kills what it
 * started, and says what did not answer.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeChange, type ChangeLine } from '../../src/engine/rule-diff';
import { runGitProcess, type GitOutput } from './git-process';
import {
  infoOf,
  messageOf,
  parseCommit,
  signatureLine,
  type CommitInfo,
  type NewCommit,
  type RawCommit,
  type TreeEntry,
} from './studio-commit';
import { Lru, RepoError, type Op } from './studio-op';

export * from './studio-commit';
export * from './studio-op';

/** git's own threshold of loose objects for `gc --auto`. */
const GC_AUTO_DEFAULT = 6700;
/** How long one local git call may take when no operation bounds it. */
const LOCAL_MS = 20_000;
const ZERO = '0'.repeat(40);
const isJson = (path: string): boolean => path.endsWith('.json');

export interface RunOptions {
  input?: string | Buffer;
  env?: Record<string, string>;
  /** the operation whose deadline bounds the call */
  op?: Op | undefined;
  /** resolve with the output whatever the exit code (no rejection) */
  allowFail?: boolean;
}

let scratchCount = 0;

export class Git {
  /** Every file of a commit, by commit id (a commit never changes). */
  private readonly filesCache = new Lru<string, Record<string, string>>(16);
  /** Commits read back, by id. */
  private readonly infoCache = new Lru<string, CommitInfo>(1000);
  private readonly rawCache = new Lru<string, RawCommit>(1000);
  /** How many git processes this repository started (the bench and the tests count them). */
  processes = 0;
  /** The process groups of its calls under way (ended when the repository stops). */
  readonly groups = new Set<number>();

  constructor(
    readonly gitDir: string,
    readonly workTree: string,
  ) {}

  /** git on the repository: the output, or a failure (the operation's, when its deadline passed). */
  async exec(args: readonly string[], options: RunOptions = {}): Promise<GitOutput> {
    const op = options.op;
    const bounded = op && !op.committed;
    if (bounded && op.expired) throw op.failure();
    // A git of the repository under way: its deadline passing is the history's, whatever ran before it
    // (the checks, the remote) and is over.
    if (bounded) op.stage = 'local';
    this.processes++;
    const out = await runGitProcess({
      gitDir: this.gitDir,
      args: [`--work-tree=${this.workTree}`, ...args],
      ...(options.input !== undefined ? { input: options.input } : {}),
      ...(options.env ? { env: options.env } : {}),
      deadline: bounded ? op.deadline : Date.now() + LOCAL_MS,
      ...(bounded ? { signal: op.signal } : {}),
      track: this.groups,
    });
    if ((out.timedOut || out.aborted) && bounded) throw op.failure();
    if (out.timedOut) throw new RepoError(503, `git ${args[0]} did not answer within ${LOCAL_MS / 1000} s`);
    if (out.code !== 0 && !options.allowFail)
      throw new Error(`git ${args[0]}: ${out.stderr.trim() || `exit ${out.code}`}`);
    return out;
  }

  /**
   * Packs the repository when git's own measure says it is due (`gc --auto`: more than `looseObjects` loose
   * objects, or too many packs), in the foreground under the operation's deadline. No git of the studio runs
   * git's automatic maintenance (git-process.ts: it detaches and outlives its call), so this is what packs
   * the loose objects that saves and small fetches write.
   */
  async maintain(op: Op, looseObjects = GC_AUTO_DEFAULT): Promise<void> {
    await this.exec(
      ['-c', `gc.auto=${looseObjects}`, '-c', 'gc.autoDetach=false', 'gc', '--auto', '--quiet'],
      { op },
    );
  }

  async run(args: readonly string[], options: RunOptions = {}): Promise<string> {
    return (await this.exec(args, options)).stdout.toString('utf8');
  }

  /** Every branch here and every branch fetched from the remote, by ref name: one process. */
  async refs(op?: Op): Promise<Map<string, string>> {
    const out = await this.run(
      ['for-each-ref', '--format=%(objectname) %(refname)', 'refs/heads/', 'refs/remotes/'],
      {
        op,
      },
    );
    const refs = new Map<string, string>();
    for (const line of out.split('\n')) {
      const sp = line.indexOf(' ');
      if (sp > 0) refs.set(line.slice(sp + 1), line.slice(0, sp));
    }
    return refs;
  }

  /** Objects by name ('<commit>:<path>' or an id), one cat-file --batch; missing ones undefined. */
  async objects(names: readonly string[], op?: Op): Promise<(Buffer | undefined)[]> {
    if (names.length === 0) return [];
    const out = (await this.exec(['cat-file', '--batch'], { input: names.join('\n') + '\n', op })).stdout;
    const found: (Buffer | undefined)[] = [];
    let at = 0;
    for (let n = 0; n < names.length; n++) {
      const eol = out.indexOf(10, at);
      const header = out.subarray(at, eol).toString('latin1');
      if (header.endsWith(' missing') || header.endsWith(' ambiguous')) {
        found.push(undefined);
        at = eol + 1;
        continue;
      }
      const size = Number(header.split(' ')[2]);
      found.push(out.subarray(eol + 1, eol + 1 + size));
      at = eol + 1 + size + 1;
    }
    return found;
  }

  /** Texts of objects by name, one cat-file --batch; missing ones undefined. */
  async blobs(names: readonly string[], op?: Op): Promise<(string | undefined)[]> {
    return (await this.objects(names, op)).map((b) => b?.toString('utf8'));
  }

  /** Commits as git stores them (kept: a commit never changes); unknown ids are left out. */
  async commits(ids: readonly string[], op?: Op): Promise<Map<string, RawCommit>> {
    const out = new Map<string, RawCommit>();
    const missing = [...new Set(ids)].filter((id) => {
      const c = this.rawCache.get(id);
      if (c) out.set(id, c);
      return !c;
    });
    const texts = await this.objects(missing, op);
    missing.forEach((id, i) => {
      const t = texts[i];
      if (!t) return;
      const c = parseCommit(id, t.toString('utf8'));
      if (!c.tree) return;
      this.rawCache.set(id, c);
      out.set(id, c);
    });
    return out;
  }

  /** One commit as git stores it, or a 404. */
  async commit(id: string, op?: Op): Promise<RawCommit> {
    const c = (await this.commits([id], op)).get(id);
    if (!c) throw new RepoError(404, `No commit ${id.slice(0, 40)}`);
    return c;
  }

  /** The full id of a commit named by a prefix or a ref, or null. */
  async rev(name: string, op?: Op): Promise<string | null> {
    const out = await this.run(['rev-parse', '--verify', '--quiet', `${name}^{commit}`], {
      op,
      allowFail: true,
    });
    return out.trim() || null;
  }

  /** Every file of a commit, by path: one ls-tree and one cat-file --batch, then kept. */
  async filesOf(commit: string, op?: Op): Promise<Record<string, string>> {
    const cached = this.filesCache.get(commit);
    if (cached) return { ...cached };
    const entries = (await this.run(['ls-tree', '-r', '-z', commit], { op }))
      .split('\0')
      .filter(Boolean)
      .map((line) => {
        const [meta, path] = line.split('\t') as [string, string];
        return { sha: meta.split(' ')[2]!, path };
      });
    const texts = await this.blobs(
      entries.map((e) => e.sha),
      op,
    );
    const files = Object.fromEntries(entries.map((e, i) => [e.path, texts[i] ?? '']));
    if (/^[0-9a-f]{40}$/.test(commit)) this.filesCache.set(commit, files);
    return { ...files };
  }

  /** Every file of a commit or tree with its mode and blob (one ls-tree). */
  async entries(treeish: string, op?: Op): Promise<TreeEntry[]> {
    return (await this.run(['ls-tree', '-r', '-z', '--full-tree', treeish], { op }))
      .split('\0')
      .filter(Boolean)
      .map((line) => {
        const tab = line.indexOf('\t');
        const [mode, , blob] = line.slice(0, tab).split(' ') as [string, string, string];
        return { path: line.slice(tab + 1), mode, blob };
      });
  }

  /** What differs from one commit or tree to another: each path's entry in `to`, or null when removed. */
  async diffEntries(from: string, to: string, op?: Op): Promise<Map<string, TreeEntry | null>> {
    const tokens = (await this.run(['diff-tree', '-r', '-z', '--no-renames', from, to], { op })).split('\0');
    const out = new Map<string, TreeEntry | null>();
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (!t.startsWith(':')) continue;
      const [, mode = '', , blob = ZERO] = t.slice(1).split(' ');
      const path = tokens[++i] ?? '';
      out.set(path, blob === ZERO ? null : { path, mode, blob });
    }
    return out;
  }

  /** The paths that differ between two commits or trees. */
  async changedFiles(from: string | null, to: string, op?: Op): Promise<string[]> {
    if (!from)
      return (await this.run(['ls-tree', '-r', '--name-only', '-z', to], { op })).split('\0').filter(Boolean);
    return (await this.run(['diff-tree', '-r', '--name-only', '-z', '--no-renames', from, to], { op }))
      .split('\0')
      .filter(Boolean);
  }

  /** Whether `a` is `b` or one of its ancestors. */
  async isAncestor(a: string, b: string, op?: Op): Promise<boolean> {
    const out = await this.exec(['merge-base', '--is-ancestor', a, b], { op, allowFail: true });
    return out.code === 0;
  }

  /**
   * Writes commits with one `git fast-import`: each the tree of its parent with its files replaced, blobs
   * and trees written as loose objects, no index, no ref but a scratch one per commit (returned, for the
   * caller's next update-ref to delete). Returns each commit's id, in order.
   */
  async make(commits: readonly NewCommit[], op?: Op): Promise<{ ids: string[]; scratch: string[] }> {
    const parts: Buffer[] = [];
    const text = (s: string): void => void parts.push(Buffer.from(s, 'utf8'));
    const data = (s: string): void => {
      const body = Buffer.from(s, 'utf8');
      text(`data ${body.length}\n`);
      parts.push(body);
      text('\n');
    };
    const scratch: string[] = [];
    commits.forEach((c, i) => {
      const ref = `refs/studio/made/${process.pid}-${++scratchCount}`;
      scratch.push(ref);
      text(`commit ${ref}\nmark :${i + 1}\n`);
      text(`author ${signatureLine(c.author)}\ncommitter ${signatureLine(c.committer)}\n`);
      data(messageOf(c.reason, c.trailers));
      if (c.parent) text(`from ${c.parent}\n`);
      for (const [path, content] of Object.entries(c.files ?? {})) {
        if (content === null) text(`D ${path}\n`);
        else if (typeof content === 'object') text(`M ${content.mode} ${content.blob} ${path}\n`);
        else {
          text(`M 100644 inline ${path}\n`);
          data(content);
        }
      }
      text('\n');
    });
    commits.forEach((_, i) => text(`get-mark :${i + 1}\n`));
    const out = await this.run(
      ['-c', 'fastimport.unpackLimit=100000', 'fast-import', '--quiet', '--date-format=raw', '--done'],
      { input: Buffer.concat([...parts, Buffer.from('done\n')]), op },
    );
    const ids = out.split('\n').filter((l) => /^[0-9a-f]{40}$/.test(l));
    if (ids.length !== commits.length)
      throw new Error(`git fast-import: ${commits.length} commits, ${ids.length} ids`);
    return { ids, scratch };
  }

  /** Moves refs in one transaction (`update-ref --stdin`): each from the value it must still have. */
  async updateRefs(
    moves: readonly { ref: string; to: string | null; from?: string | null }[],
    op?: Op,
  ): Promise<void> {
    if (moves.length === 0) return;
    const lines = moves.map((m) => {
      const from = m.from === undefined ? '' : (m.from ?? ZERO);
      return m.to ? `update ${m.ref} ${m.to} ${from}`.trimEnd() : `delete ${m.ref} ${from}`.trimEnd();
    });
    await this.run(['update-ref', '--stdin'], { input: `${lines.join('\n')}\n`, op });
  }

  /**
   * A three-way merge of one file's texts (git merge-file): `ours` with the change from `base` to `theirs`
   * applied; conflicts when both touched the same lines.
   */
  async mergeFile(
    ours: string,
    base: string,
    theirs: string,
    op?: Op,
  ): Promise<{ text: string; conflicts: boolean }> {
    const dir = mkdtempSync(join(tmpdir(), 'studio-merge-'));
    try {
      const paths = (['ours', 'base', 'theirs'] as const).map((name, i) => {
        const path = join(dir, name);
        writeFileSync(path, [ours, base, theirs][i]!);
        return path;
      });
      const out = await this.exec(['merge-file', '-p', ...paths], { op, allowFail: true });
      // The exit code is the number of conflicts; a negative one (255 and over) is a failure.
      if (out.code < 0 || out.code >= 128) throw new Error(`git merge-file: ${out.stderr.trim()}`);
      return { text: out.stdout.toString('utf8'), conflicts: out.code > 0 };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  /** A commit read back (kept by id). */
  async info(id: string, op?: Op): Promise<CommitInfo> {
    const [info] = await this.infos([id], op);
    if (!info) throw new RepoError(404, `No commit ${id.slice(0, 40)}`);
    return info;
  }

  /**
   * Commits with their trailers, the files each changes, its diff and its lines in an analyst's words, in
   * the order asked (unknown ids left out): four git processes for every commit not read before.
   */
  async infos(ids: readonly string[], op?: Op): Promise<CommitInfo[]> {
    const want = [...new Set(ids)].filter((id) => !this.infoCache.get(id));
    if (want.length > 0) await this.readInfos(want, op);
    return ids.flatMap((id) => {
      const info = this.infoCache.get(id);
      return info ? [info] : [];
    });
  }

  private async readInfos(ids: readonly string[], op?: Op): Promise<void> {
    const raw = await this.commits(ids, op);
    const known = ids.filter((id) => raw.has(id));
    if (known.length === 0) return;
    const input = `${known.join('\n')}\n`;
    const [changes, patches] = await Promise.all([
      this.run(['diff-tree', '--stdin', '-r', '-z', '--no-renames', '--root', '--always', '--raw'], {
        input,
        op,
      }),
      this.run(['diff-tree', '--stdin', '-p', '--no-renames', '--no-color', '--always'], { input, op }),
    ]);
    // -z: '<commit>' then ':<modes> <before> <after> <status>' and '<path>' for each file.
    const entries = new Map<string, { path: string; before: string; after: string }[]>();
    let current: { path: string; before: string; after: string }[] = [];
    const tokens = changes.split('\0');
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (/^[0-9a-f]{40}$/.test(t)) {
        current = [];
        entries.set(t, current);
      } else if (t.startsWith(':')) {
        const meta = t.slice(1).split(' ');
        current.push({ path: tokens[++i] ?? '', before: meta[2] ?? ZERO, after: meta[3] ?? ZERO });
      }
    }
    const diffs = new Map<string, string>();
    let id = '';
    let diff: string[] = [];
    for (const line of patches.split('\n')) {
      if (/^[0-9a-f]{40}$/.test(line)) {
        if (id) diffs.set(id, diff.join('\n'));
        id = line;
        diff = [];
      } else diff.push(line);
    }
    if (id) diffs.set(id, diff.join('\n'));
    // The texts of the JSON files before and after, for the lines in an analyst's words.
    const blobIds = new Set<string>();
    for (const c of known) {
      if (raw.get(c)!.parents.length === 0) continue;
      for (const e of entries.get(c) ?? []) {
        if (!isJson(e.path)) continue;
        if (e.before !== ZERO) blobIds.add(e.before);
        if (e.after !== ZERO) blobIds.add(e.after);
      }
    }
    const list = [...blobIds];
    const texts = new Map<string, string>();
    (await this.blobs(list, op)).forEach((t, i) => texts.set(list[i]!, t ?? ''));
    for (const c of known) {
      const commit = raw.get(c)!;
      const files = entries.get(c) ?? [];
      const first = commit.parents.length === 0;
      const before: Record<string, string> = {};
      const after: Record<string, string> = {};
      const lines: ChangeLine[] = [];
      for (const e of files) {
        if (!isJson(e.path)) {
          if (!first)
            lines.push({
              file: e.path,
              text: e.before === ZERO ? 'file added' : e.after === ZERO ? 'file removed' : 'edited',
            });
          continue;
        }
        if (e.before !== ZERO) before[e.path] = texts.get(e.before) ?? '';
        if (e.after !== ZERO) after[e.path] = texts.get(e.after) ?? '';
      }
      const jsonFiles = files.map((e) => e.path).filter(isJson);
      this.infoCache.set(
        c,
        infoOf(
          commit,
          files.map((e) => e.path),
          // A first version describes nothing: it is where the history starts.
          first ? [] : [...describeChange(before, after, jsonFiles), ...lines],
          first ? '' : (diffs.get(c) ?? '').replace(/\n+$/, '\n').replace(/^\n$/, ''),
        ),
      );
    }
  }

  /** The folder's tree as it is, through the repository's index (its stat cache makes this cheap). */
  async treeOfFolder(op?: Op): Promise<string> {
    await this.run(['add', '--all', '--', '.'], { op });
    return (await this.run(['write-tree'], { op })).trim();
  }
}
