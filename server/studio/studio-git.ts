/**
 * The `git` command for the rule studio's repository (studio-repo.ts): execFile, no shell, nothing from the
 * machine's or the user's configuration (hooks, signing, editors), commits made with plumbing (a temporary
 * index, hash-object, write-tree, commit-tree, update-ref with the expected old value), and commits read
 * back with their trailers and, rule by rule, what they change (src/engine/rule-diff.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeChange, type ChangeLine } from '../../src/engine/rule-diff';

export interface Person {
  name: string;
  email: string;
}

/** A commit as the studio reads it: the reason, who and when, its trailers, what it changes. */
export interface CommitInfo {
  id: string;
  /** The first line of the message: the reason. */
  reason: string;
  author: Person & { date: string };
  committer: Person & { date: string };
  /** start, change, restore, revert, outside (a hand edit), or an event: withdrawn, sent-back, go-live-failed. */
  kind: string;
  /** The impact figures saved with the change (JSON of the Impact trailer), if any. */
  impact?: unknown;
  approvedBy?: string;
  /** The id of the analyst who made it (trailer `Analyst-Id`: the identity provider's subject). */
  authorId?: string;
  /** The id of the analyst who approved it (trailer `Approver-Id`). */
  approverId?: string;
  restores?: string;
  reverts?: string;
  /** For an event: the change it is about, and that change's reason. */
  about?: { id: string; reason: string };
  /** For a hand edit: whether the checks passed ('valid') or not ('rejected', with the problems). */
  check?: 'valid' | 'rejected';
  problems?: string[];
  /** When an approved change goes (or went) live, for a scheduled one (ISO). */
  goLive?: string;
  /** A rollout's share set by this commit (trailers `Rollout-Share`, `Rollout-Set-By`; decision 044). */
  rollout?: { share: number; setBy: string };
  /** Files it changes, relative to the rules folder ('prepaid-card.json', 'cases/x.cases.json'). */
  files: string[];
  /** What it changes, one line per rule, in an analyst's words. */
  lines: ChangeLine[];
  /** Unified diff against its parent (empty for the first version and for events). */
  diff: string;
}

export class RepoError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly problems?: string[],
  ) {
    super(message);
  }
}

const FILE_MODE = '100644';
const SEP = '\x1f';

export const trailersOf = (body: string): Map<string, string> => {
  const trailers = new Map<string, string>();
  for (const line of body.split('\n').slice(1)) {
    const m = /^([A-Z][A-Za-z-]+): (.*)$/.exec(line);
    if (m) trailers.set(m[1]!, m[2]!);
  }
  return trailers;
};

const jsonOr = (text: string | undefined): unknown => {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

export class Git {
  constructor(
    readonly gitDir: string,
    readonly workTree: string,
  ) {}

  run(
    args: readonly string[],
    options: { input?: string; env?: Record<string, string>; allowFail?: boolean } = {},
  ): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = execFile(
        'git',
        [`--git-dir=${this.gitDir}`, `--work-tree=${this.workTree}`, ...args],
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

  /** git with binary output (cat-file --batch counts bytes). */
  private buffer(args: readonly string[], input: string): Promise<Buffer> {
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

  /**
   * A three-way merge of one file's texts (git merge-file): `ours` with the change from `base` to `theirs`
   * applied; conflicts when both touched the same lines.
   */
  mergeFile(ours: string, base: string, theirs: string): Promise<{ text: string; conflicts: boolean }> {
    const dir = mkdtempSync(join(tmpdir(), 'studio-merge-'));
    const paths = (['ours', 'base', 'theirs'] as const).map((name, i) => {
      const path = join(dir, name);
      writeFileSync(path, [ours, base, theirs][i]!);
      return path;
    });
    return new Promise((resolve, reject) => {
      execFile(
        'git',
        ['merge-file', '-p', ...paths],
        {
          maxBuffer: 16 * 1024 * 1024,
          env: {
            PATH: process.env.PATH ?? '/usr/bin:/bin',
            GIT_CONFIG_NOSYSTEM: '1',
            GIT_CONFIG_GLOBAL: '/dev/null',
          },
        },
        (error, stdout) => {
          rmSync(dir, { recursive: true, force: true });
          // The exit code is the number of conflicts; a negative one (255 and over) is a failure.
          const code = error ? Number((error as { code?: unknown }).code) : 0;
          if (error && !(code > 0 && code < 128)) reject(new Error(`git merge-file: ${error.message}`));
          else resolve({ text: stdout, conflicts: code > 0 });
        },
      );
    });
  }

  async rev(ref: string): Promise<string | null> {
    const out = await this.run(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { allowFail: true });
    return out.trim() || null;
  }

  async treeOf(commit: string): Promise<string> {
    return (await this.run(['rev-parse', `${commit}^{tree}`])).trim();
  }

  /** Writes blobs and a tree: `base`'s tree with `files` replaced, in a temporary index. */
  /** `base`'s tree with `files` written; a file given as null is removed (a rollout ended, decision 044). */
  async writeTree(base: string, files: Readonly<Record<string, string | null>>): Promise<string> {
    const dir = mkdtempSync(join(tmpdir(), 'studio-index-'));
    const env = { GIT_INDEX_FILE: join(dir, 'index') };
    try {
      await this.run(['read-tree', base], { env });
      const lines: string[] = [];
      for (const [path, text] of Object.entries(files)) {
        if (text === null) {
          // update-index's way of removing a path: mode 0 and the null object id.
          lines.push(`0 ${'0'.repeat(40)}\t${path}`);
          continue;
        }
        const sha = (await this.run(['hash-object', '-w', '--stdin'], { input: text })).trim();
        lines.push(`${FILE_MODE} ${sha}\t${path}`);
      }
      if (lines.length > 0)
        await this.run(['update-index', '--index-info'], { input: `${lines.join('\n')}\n`, env });
      return (await this.run(['write-tree'], { env })).trim();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  /** A commit of `tree` (no ref moves: the repository moves refs, on its remote first). */
  async commit(
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
      await this.run(['commit-tree', tree, ...parents.flatMap((p) => ['-p', p]), '-F', '-'], {
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

  /** Texts of objects by name ('<commit>:<path>' or a blob id), one cat-file --batch; missing ones absent. */
  async blobs(names: readonly string[]): Promise<(string | undefined)[]> {
    if (names.length === 0) return [];
    const out = await this.buffer(['cat-file', '--batch'], names.join('\n') + '\n');
    const texts: (string | undefined)[] = [];
    let at = 0;
    for (let n = 0; n < names.length; n++) {
      const eol = out.indexOf(10, at);
      const header = out.subarray(at, eol).toString('latin1');
      if (header.endsWith(' missing')) {
        texts.push(undefined);
        at = eol + 1;
        continue;
      }
      const size = Number(header.split(' ')[2]);
      texts.push(out.subarray(eol + 1, eol + 1 + size).toString('utf8'));
      at = eol + 1 + size + 1;
    }
    return texts;
  }

  /** Every file of a commit (or tree), by path: one ls-tree and one cat-file --batch. */
  async filesOf(treeish: string): Promise<Record<string, string>> {
    const entries = (await this.run(['ls-tree', '-r', '-z', treeish]))
      .split('\0')
      .filter(Boolean)
      .map((line) => {
        const [meta, path] = line.split('\t') as [string, string];
        return { sha: meta.split(' ')[2]!, path };
      });
    const texts = await this.blobs(entries.map((e) => e.sha));
    return Object.fromEntries(entries.map((e, i) => [e.path, texts[i] ?? '']));
  }

  async changedFiles(from: string | null, to: string): Promise<string[]> {
    if (!from)
      return (await this.run(['ls-tree', '-r', '--name-only', '-z', to])).split('\0').filter(Boolean);
    return (await this.run(['diff-tree', '-r', '--name-only', '-z', '--no-renames', from, to]))
      .split('\0')
      .filter(Boolean);
  }

  /** A commit with its trailers, the files it changes, its diff and its lines in an analyst's words. */
  async info(id: string): Promise<CommitInfo> {
    const format = ['%H', '%an', '%ae', '%aI', '%cn', '%ce', '%cI', '%P', '%B'].join(SEP);
    const [hash, an, ae, ad, cn, ce, cd, parents, body] = (
      await this.run(['show', '-s', `--format=${format}`, id])
    ).split(SEP);
    const parent = (parents ?? '').trim().split(' ')[0] || null;
    const t = trailersOf(body ?? '');
    const files = await this.changedFiles(parent, hash!.trim());
    const [before, after] = await Promise.all([
      parent ? this.blobs(files.map((f) => `${parent}:${f}`)) : Promise.resolve(files.map(() => undefined)),
      this.blobs(files.map((f) => `${hash!.trim()}:${f}`)),
    ]);
    const pick = (texts: (string | undefined)[]): Record<string, string> =>
      Object.fromEntries(files.flatMap((f, i) => (texts[i] === undefined ? [] : [[f, texts[i]]])));
    const impact = jsonOr(t.get('Impact'));
    const problems = jsonOr(t.get('Problems'));
    const about = t.get('Change');
    const check = t.get('Studio-Check');
    return {
      id: hash!.trim(),
      reason: (body ?? '').split('\n')[0] ?? '',
      author: { name: an!, email: ae!, date: ad! },
      committer: { name: cn!, email: ce!, date: cd! },
      kind: t.get('Studio-Kind') ?? 'change',
      ...(impact !== undefined ? { impact } : {}),
      ...(t.has('Approved-by') ? { approvedBy: t.get('Approved-by')! } : {}),
      ...(t.has('Analyst-Id') ? { authorId: t.get('Analyst-Id')! } : {}),
      ...(t.has('Approver-Id') ? { approverId: t.get('Approver-Id')! } : {}),
      ...(t.has('Restores') ? { restores: t.get('Restores')! } : {}),
      ...(t.has('Reverts') ? { reverts: t.get('Reverts')! } : {}),
      ...(about ? { about: { id: about, reason: t.get('Change-Reason') ?? '' } } : {}),
      ...(check === 'valid' || check === 'rejected' ? { check } : {}),
      ...(Array.isArray(problems) ? { problems: problems.filter((p) => typeof p === 'string') } : {}),
      ...(t.has('Go-live') ? { goLive: t.get('Go-live')! } : {}),
      ...(t.has('Rollout-Share')
        ? { rollout: { share: Number(t.get('Rollout-Share')), setBy: t.get('Rollout-Set-By') ?? '' } }
        : {}),
      files,
      // A first version describes nothing: it is where the history starts.
      lines: parent ? describeChange(pick(before), pick(after), files) : [],
      diff: parent ? await this.run(['diff', '--no-color', '--no-renames', parent, hash!.trim()]) : '',
    };
  }
}
