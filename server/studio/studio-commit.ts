/**
 * Commits as the rule studio reads and writes them: who and when (git's signatures), the message with its
 * trailers, and the studio's reading of a commit (CommitInfo: its kind, impact, approval, lines in words).
 */
import type { ChangeLine } from '../../src/engine/rule-diff';

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
  /** The approver's note for the record (trailer `Approval-Note`): who asked for this time, why now. */
  approvalNote?: string;
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

/** A person and a time as git writes them: 'Name <email> 1700000000 +0100'. */
export interface Signature extends Person {
  /** seconds since the epoch */
  time: number;
  /** '+0100' */
  zone: string;
}

const zoneOf = (offsetMinutes: number): string => {
  const sign = offsetMinutes >= 0 ? '+' : '-';
  const m = Math.abs(offsetMinutes);
  return `${sign}${String(Math.floor(m / 60)).padStart(2, '0')}${String(m % 60).padStart(2, '0')}`;
};

/** A signature now, in the server's time zone (as `git commit-tree` writes one). */
export function signatureNow(who: Person, at = Date.now()): Signature {
  return { ...who, time: Math.floor(at / 1000), zone: zoneOf(-new Date(at).getTimezoneOffset()) };
}

/** A signature at an instant in UTC (the same on every server: a scheduled go-live's commit). */
export function signatureAt(who: Person, at: number): Signature {
  return { ...who, time: Math.floor(at / 1000), zone: '+0000' };
}

/** `Name <email> 1700000000 +0100` → a Signature. */
export function parseSignature(raw: string): Signature {
  const m = /^(.*) <([^>]*)> (-?\d+) ([+-]\d{4})$/.exec(raw);
  if (!m) return { name: raw, email: '', time: 0, zone: '+0000' };
  return { name: m[1]!, email: m[2]!, time: Number(m[3]), zone: m[4]! };
}

/** A signature's time as git's %aI writes it: '2026-11-26T10:00:00+01:00'. */
export function isoOf(s: Signature): string {
  const sign = s.zone.startsWith('-') ? -1 : 1;
  const minutes = sign * (Number(s.zone.slice(1, 3)) * 60 + Number(s.zone.slice(3, 5)));
  const local = new Date((s.time + minutes * 60) * 1000).toISOString().slice(0, 19);
  return `${local}${s.zone.slice(0, 3)}:${s.zone.slice(3)}`;
}

const clean = (text: string): string => text.replace(/[<>\n\r]/g, ' ').trim();
export const signatureLine = (s: Signature): string =>
  `${clean(s.name)} <${clean(s.email)}> ${s.time} ${s.zone}`;

/** A commit as git stores it, parsed. */
export interface RawCommit {
  id: string;
  tree: string;
  parents: string[];
  author: Signature;
  committer: Signature;
  /** the whole message: reason, blank line, trailers */
  message: string;
}

export function parseCommit(id: string, text: string): RawCommit {
  const at = text.indexOf('\n\n');
  const head = at < 0 ? text : text.slice(0, at);
  const message = at < 0 ? '' : text.slice(at + 2);
  const c: RawCommit = {
    id,
    tree: '',
    parents: [],
    author: parseSignature(''),
    committer: parseSignature(''),
    message,
  };
  for (const line of head.split('\n')) {
    const sp = line.indexOf(' ');
    const key = line.slice(0, sp);
    const value = line.slice(sp + 1);
    if (key === 'tree') c.tree = value;
    else if (key === 'parent') c.parents.push(value);
    else if (key === 'author') c.author = parseSignature(value);
    else if (key === 'committer') c.committer = parseSignature(value);
  }
  return c;
}

/** A file of a tree as git lists it: its mode and blob. */
export interface TreeEntry {
  path: string;
  mode: string;
  blob: string;
}

/** A commit the studio makes: the parent's tree with `files` replaced (a text, a blob kept as it is, or null: removed). */
export interface NewCommit {
  parent: string | null;
  files?: Readonly<Record<string, string | TreeEntry | null>>;
  reason: string;
  trailers?: Readonly<Record<string, string>>;
  author: Signature;
  committer: Signature;
}

/** The message of a commit: the reason on one line, then the trailers, each on one line. */
export function messageOf(reason: string, trailers: Readonly<Record<string, string>> = {}): string {
  const lines = Object.entries(trailers).map(([k, v]) => `${k}: ${v.replace(/\s*[\r\n]+\s*/g, ' ')}`);
  return `${reason.replace(/\s*[\r\n]+\s*/g, ' ').trim()}\n${lines.length ? `\n${lines.join('\n')}\n` : ''}`;
}

/** The studio's reading of a commit: its message's trailers as fields. */
export function infoOf(c: RawCommit, files: string[], lines: ChangeLine[], diff: string): CommitInfo {
  const t = trailersOf(c.message.trimEnd());
  const impact = jsonOr(t.get('Impact'));
  const problems = jsonOr(t.get('Problems'));
  const about = t.get('Change');
  const check = t.get('Studio-Check');
  const get = (k: string): string | undefined => t.get(k);
  const opt = (key: keyof CommitInfo, trailer: string): Partial<CommitInfo> =>
    t.has(trailer) ? { [key]: get(trailer)! } : {};
  return {
    id: c.id,
    reason: c.message.split('\n')[0] ?? '',
    author: { name: c.author.name, email: c.author.email, date: isoOf(c.author) },
    committer: { name: c.committer.name, email: c.committer.email, date: isoOf(c.committer) },
    kind: get('Studio-Kind') ?? 'change',
    ...(impact !== undefined ? { impact } : {}),
    ...opt('approvedBy', 'Approved-by'),
    ...opt('approvalNote', 'Approval-Note'),
    ...opt('authorId', 'Analyst-Id'),
    ...opt('approverId', 'Approver-Id'),
    ...opt('restores', 'Restores'),
    ...opt('reverts', 'Reverts'),
    ...(about ? { about: { id: about, reason: get('Change-Reason') ?? '' } } : {}),
    ...(check === 'valid' || check === 'rejected' ? { check } : {}),
    ...(Array.isArray(problems) ? { problems: problems.filter((p) => typeof p === 'string') } : {}),
    ...opt('goLive', 'Go-live'),
    ...(t.has('Rollout-Share')
      ? { rollout: { share: Number(get('Rollout-Share')), setBy: get('Rollout-Set-By') ?? '' } }
      : {}),
    files,
    lines,
    diff,
  };
}
