/**
 * The rules' git remote (RULES_REMOTE; docs/decisions/033-rules-shared-through-a-git-remote.md, 042): a
 * small wrapper of the `git` command's fetch and push for the studio's repository (studio-repo.ts).
 *
 * - fetch: every branch of the remote into refs/remotes/rules/* (pruned), nothing else of the repository.
 * - push: one atomic compare-and-swap of several refs (`--atomic` with `--force-with-lease=<ref>:<old>` for
 *   each): either every ref moves from the value this server saw, or none does. A ref that moved meanwhile
 *   is a `RemoteRejected` (fetch and try again); the remote refusing for another reason (a hook, a
 *   protected branch) is a `RemoteRefused`; no answer at all is a `RemoteUnreachable`.
 *
 * git runs through git-process.ts: no shell, no machine or user configuration, never prompting, under a
 * deadline after which its whole process group (git-remote-http, ssh) is ended. A user and password (or a
 * token alone, as the user) in the remote's https address never reach git's arguments (a process list shows
 * those to everyone): git gets the address without them, and a credential helper configured through git's
 * environment (GIT_CONFIG_COUNT/KEY/VALUE) answers them from that environment. They never reach a log or a
 * status page. Of the server's environment only what an ssh remote needs passes (HOME for ~/.ssh,
 * SSH_AUTH_SOCK, GIT_SSH_COMMAND).
 */
import { runGitProcess, type GitOutput } from './git-process';
import type { Op } from './studio-git';

/** Where the remote's branches are fetched to. */
export const REMOTE_REFS = 'refs/remotes/rules/';

export interface RefUpdate {
  ref: string;
  /** the new commit, or null to delete the ref */
  to: string | null;
  /** the value the remote must still have, or null for "must not exist" */
  from: string | null;
}

export class RemoteUnreachable extends Error {}
/** No answer within the time limit (the remote accepted the connection, or not, and said nothing). */
export class RemoteTimeout extends RemoteUnreachable {
  constructor(
    readonly seconds: number,
    message: string,
  ) {
    super(message);
  }
}
/** A ref moved on the remote since it was read: fetch, re-apply, push again. */
export class RemoteRejected extends Error {}
/** The remote refused the push for a reason other than a moved ref: trying again will not help. */
export class RemoteRefused extends Error {}

/** A URL's scheme and its '//' ('https://', 'ssh://', 'file://'). */
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** A local path to git: no ':' at all, or a '/' before the first (else it is 'host:path' over ssh). */
function isLocalPath(url: string): boolean {
  const colon = url.indexOf(':');
  const slash = url.indexOf('/');
  return colon < 0 || (slash >= 0 && slash < colon);
}

/**
 * The remote's address around its user and password, read so that it hides the most: with a scheme
 * ('https://bot:TOKEN@host/...') or in git's 'user@host:path' form, everything before the LAST '@' is the
 * user information. A URL parser and git end the host at the first '/', '?', '#' (and a URL parser takes the
 * last '@' before it), so a password holding one of those unencoded is not theirs to find, and would show
 * ('https://bot:Ab3/xY@host/...'); config.ts refuses such an address at start-up (remoteAddressIsClear),
 * and this reading keeps it out of sight if one gets here all the same. A local path has no user.
 */
function splitRemote(url: string): { head: string; userinfo?: string; tail: string } {
  const scheme = SCHEME.exec(url)?.[0];
  if (scheme === undefined && isLocalPath(url)) return { head: url, tail: '' };
  const head = scheme ?? '';
  const at = url.lastIndexOf('@');
  if (at < head.length) return { head: url, tail: '' };
  return { head, userinfo: url.slice(head.length, at), tail: url.slice(at + 1) };
}

/**
 * Whether every reading of the remote's address agrees where its user and password end (git's, a URL
 * parser's, and splitRemote's): a URL that parses, with no '@' but one before its host; 'user@host:path'
 * with no '@' but the one after the user, and no ':' in the user; or a local path.
 */
export function remoteAddressIsClear(url: string): boolean {
  const scheme = SCHEME.exec(url)?.[0];
  if (scheme !== undefined) {
    if (!URL.canParse(url)) return false;
    const rest = url.slice(scheme.length);
    const end = rest.search(/[/?#]/);
    const authority = end < 0 ? rest : rest.slice(0, end);
    return authority.split('@').length <= 2 && !rest.slice(authority.length).includes('@');
  }
  return isLocalPath(url) || /^(?:[^@:/]*@)?[^@:/]+:[^@]*$/.test(url);
}

/**
 * The remote's address without a user or password ('https://***@git.example/rules.git'): everything before
 * the last '@' of a URL or of 'user@host:path' is left out, whether a URL parser could read it or not.
 */
export function redactRemote(url: string): string {
  const { head, userinfo, tail } = splitRemote(url);
  return userinfo === undefined ? url : `${head}***@${tail}`;
}

/** '%2F' as '/', and a '%' that starts no escape as itself. */
function decodeUserinfo(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The address git is given and what it needs for credentials: an http(s) address's user and password move
 * to a credential helper that reads them from its environment (the helper's own text names no secret).
 * Another address keeps its user (ssh's login) and loses a password, which git could only show. Either way
 * the address git is given holds no password, read as splitRemote reads it.
 */
export function remoteCredentials(url: string): { url: string; env: Record<string, string> } {
  const { head, userinfo, tail } = splitRemote(url);
  if (userinfo === undefined) return { url, env: {} };
  if (userinfo === '') return { url: `${head}${tail}`, env: {} };
  const colon = userinfo.indexOf(':');
  const user = colon < 0 ? userinfo : userinfo.slice(0, colon);
  if (!/^https?:\/\//i.test(head)) {
    return { url: colon < 0 ? url : `${head}${user}@${tail}`, env: {} };
  }
  // A token alone ('https://TOKEN@host/...') is a user name to git: it leaves the address all the same.
  return {
    url: `${head}${tail}`,
    env: {
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'credential.helper',
      GIT_CONFIG_VALUE_0:
        '!f() { test "$1" = get || return 0; printf \'username=%s\\npassword=%s\\n\' "$STUDIO_REMOTE_USERNAME" "$STUDIO_REMOTE_PASSWORD"; }; f',
      STUDIO_REMOTE_USERNAME: decodeUserinfo(user),
      STUDIO_REMOTE_PASSWORD: colon < 0 ? '' : decodeUserinfo(userinfo.slice(colon + 1)),
    },
  };
}

/** What an ssh remote needs from the server's environment (~/.ssh, an agent, the operator's ssh command). */
function sshEnv(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of ['HOME', 'SSH_AUTH_SOCK', 'GIT_SSH_COMMAND']) {
    const v = process.env[k];
    if (v) out[k] = v;
  }
  return out;
}

/**
 * Rejections that a fetch and a second try resolve: the lease or fast-forward no longer holds, or another
 * push held or moved the ref at the same instant on the receiving side.
 */
const RETRYABLE =
  /\((stale info|fetch first|non-fast-forward|atomic push failed|already exists|atomic transaction failed|failed to update ref|failed to lock)\)/;

export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

export class RulesRemote {
  readonly shown: string;
  private readonly address: string;
  private readonly env: Record<string, string>;
  /** How many git processes it started (fetch and push). */
  processes = 0;
  /** The process groups of its calls under way (ended when the repository stops). */
  readonly groups = new Set<number>();

  constructor(
    readonly url: string,
    private readonly gitDir: string,
    /** how long one git call to the remote may take (ms) */
    readonly timeoutMs = 15_000,
  ) {
    this.shown = redactRemote(url);
    const { url: address, env } = remoteCredentials(url);
    this.address = address;
    this.env = { ...sshEnv(), ...env };
  }

  /** git's words, first lines, the URL's credentials hidden. */
  private say(stderr: string): string {
    const text = stderr
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('hint:'))
      .slice(0, 3)
      .join(' ');
    return (
      text
        .split(this.url)
        .join(this.shown)
        .replace(/(:\/\/)[^\s'"]*@/g, '$1***@') || 'no answer'
    );
  }

  /** git on the remote, bounded by the remote's time limit and, when given, by the operation's deadline. */
  private async run(args: readonly string[], op?: Op): Promise<GitOutput> {
    const bounded = op && !op.committed;
    if (bounded) {
      if (op.expired) throw op.failure();
      op.stage = 'remote';
    }
    const limit = Date.now() + this.timeoutMs;
    this.processes++;
    const out = await runGitProcess({
      gitDir: this.gitDir,
      args,
      env: this.env,
      deadline: bounded ? Math.min(limit, op.deadline) : limit,
      ...(bounded ? { signal: op.signal } : {}),
      track: this.groups,
    });
    return out;
  }

  private unreachable(out: GitOutput, op?: Op): Error {
    if ((out.aborted || out.timedOut) && op && !op.committed && op.expired) return op.failure();
    if (out.timedOut) {
      const seconds = Math.max(1, Math.round(this.timeoutMs / 1000));
      return new RemoteTimeout(seconds, `${this.shown}: no answer within ${seconds} s`);
    }
    return new RemoteUnreachable(`${this.shown}: ${this.say(out.stderr)}`);
  }

  /** Fetches every branch of the remote into refs/remotes/rules/*, pruning what it no longer has. */
  async fetch(op?: Op): Promise<void> {
    const out = await this.run(
      [
        // No lazy objects, no tags, no submodules: the rules' branches only.
        'fetch',
        '--prune',
        '--no-tags',
        '--no-recurse-submodules',
        '--no-write-fetch-head',
        // Nothing left running once it ends: auto maintenance's gc would detach from its process group.
        '--no-auto-maintenance',
        '--quiet',
        this.address,
        `+refs/heads/*:${REMOTE_REFS}*`,
      ],
      op,
    );
    if (out.code !== 0) throw this.unreachable(out, op);
  }

  /**
   * Moves every ref from `from` to `to` on the remote, all or none. `onInDoubt` hears of a push ended by the
   * deadline while under way (the remote may have applied it without saying so).
   */
  async push(updates: readonly RefUpdate[], op?: Op, onInDoubt?: () => void): Promise<void> {
    if (updates.length === 0) return;
    const args = ['push', '--porcelain', '--atomic', '--no-verify'];
    for (const u of updates) args.push(`--force-with-lease=${u.ref}:${u.from ?? ''}`);
    args.push(this.address);
    for (const u of updates) args.push(u.to ? `${u.to}:${u.ref}` : `:${u.ref}`);
    const out = await this.run(args, op);
    if (out.code === 0) return;
    if (out.aborted || out.timedOut) {
      onInDoubt?.();
      throw this.unreachable(out, op);
    }
    const stdout = out.stdout.toString('utf8');
    // --porcelain: one line per ref, '!' for a refused one, with the reason in brackets.
    const refused = stdout.split('\n').filter((l) => l.startsWith('!'));
    if (refused.length === 0) throw this.unreachable(out, op);
    const reasons = refused.map((l) => l.split('\t').slice(1).join(' ')).join('; ');
    // Every ref of an atomic push says "atomic push failed" but the one that caused it.
    const cause = refused.find((l) => !l.includes('(atomic push failed)')) ?? refused[0]!;
    if (RETRYABLE.test(cause)) throw new RemoteRejected(reasons);
    throw new RemoteRefused(`${this.shown} refused the change: ${this.say(`${reasons}\n${out.stderr}`)}`);
  }
}

/** The remote-tracking copy of a branch ('refs/heads/x' → 'refs/remotes/rules/x'). */
export const trackingOf = (ref: string): string => `${REMOTE_REFS}${ref.slice('refs/heads/'.length)}`;

/** Runs `fn` again (at most `tries` times in all) while a push is rejected because a ref moved. */
export async function retryRejected<T>(
  tries: number,
  fn: (attempt: number) => Promise<T>,
  between?: () => Promise<void>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (e) {
      if (!(e instanceof RemoteRejected) || attempt >= tries) throw e;
      await between?.();
    }
  }
}
