/**
 * The rule studio's calls (/studio/api/*, docs/contracts.md "Rule studio"). Every answer is checked for the
 * shape the studio reads before it is used (a wrong one is an error, never a half-drawn page); every write
 * carries the session's CSRF token.
 */
import type { CheckContext } from '../../engine/check';

export interface StudioSession {
  analyst: { id: string; name: string };
  /** What this analyst may do: save (author) and approve another's change (approver). */
  roles: { author: boolean; approver: boolean };
  csrfToken: string;
  requireApproval: boolean;
  analysts: { id: string; name: string }[];
  previewPersona: string | null;
}

export interface LiveRules {
  commit: string;
  /** Every file of the rules folder by path: 'prepaid-card.json', 'cases/prepaid-card.cases.json'. */
  files: Record<string, string>;
  context: CheckContext;
  today: string;
  /** The server's clock (local ISO date and time): scheduled go-live times are after it. */
  now: string;
  /** The folder edited by hand into a state the checks refuse (the portal serves the last valid files). */
  handEdit: { id: string; date: string; files: string[]; problems: string[] } | null;
}

export interface PersonaData {
  id: string;
  description: string;
  /** The bodies a decision reads, per account (src/engine/persona-decide.ts). */
  accounts: Record<string, unknown>[];
}

/** One line of what a change does, in an analyst's words (src/engine/rule-diff.ts). */
export interface ChangeLine {
  file: string;
  rule?: string;
  text: string;
}

export interface Change {
  id: string;
  reason: string;
  author: { name: string; email: string; date: string };
  committer: { name: string; email: string; date: string };
  authorId: string | null;
  /** start, change, restore, revert, outside, or an event: withdrawn, sent-back, go-live-failed. */
  kind: string;
  impact?: unknown;
  approvedBy?: string;
  restores?: string;
  reverts?: string;
  about?: { id: string; reason: string };
  check?: 'valid' | 'rejected';
  problems?: string[];
  goLive?: string;
  /** The approver's note for the record (who asked for the go-live time), sent with the approval. */
  approvalNote?: string;
  sentBack?: { by: string; comment: string; date: string };
  /** The share of accounts this commit set for a rollout, and who set it (docs/decisions/044). */
  rollout?: { share: number; setBy: string };
  files: string[];
  lines: ChangeLine[];
  diff: string;
}

/** What a restore or a revert would make live, shown before it is proposed. */
/** A change served to a share of accounts (GET /studio/api/rollouts; docs/decisions/044). */
export interface RolloutEntry {
  change: string;
  summary: string;
  share: number;
  setBy: string;
  setAt: string;
  reason?: string;
  files: string[];
}

/** Distinct customers of each figure (a sketch on the server: near exact when few, about ±9 % when many). */
export interface DistinctCustomers {
  home: number;
  shown: Record<string, number>;
  tapped: Record<string, number>;
  completed: Record<string, number>;
}

/**
 * Per side of a rollout: the homes rendered, how many showed each section, and per section how many times
 * customers tapped its action, closed its alert or completed the flow it started; and the same figures in
 * distinct customers.
 */
export type RolloutEffect = Record<
  'live' | 'new',
  {
    homes: number;
    shown: Record<string, number>;
    issues?: number;
    tapped?: Record<string, number>;
    dismissed?: Record<string, number>;
    completed?: Record<string, number>;
    customers?: DistinctCustomers;
  }
>;

/** The live effect the studio shows, and whose counts they are. */
export interface LiveEffect {
  sides: RolloutEffect;
  /** 'prometheus': every server's since the share was set; 'server': this server's since it started */
  source: 'prometheus' | 'server';
  since?: string;
  /** why every server's counts are not shown */
  problem?: string;
}

export interface Proposal {
  files: Record<string, string>;
  lines: ChangeLine[];
  diff: string;
}

/** A refusal: the server's sentence and, for a change it checked, every problem it found. */
export class StudioError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly problems: string[] = [],
  ) {
    super(message);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';

function expectShape<T>(value: unknown, ok: (v: Record<string, unknown>) => boolean, what: string): T {
  if (!isObject(value) || !ok(value))
    throw new StudioError(0, `The server's answer for ${what} was not understood`);
  return value as T;
}

const isChange = (c: unknown): boolean =>
  isObject(c) &&
  isString(c.id) &&
  isString(c.reason) &&
  isObject(c.author) &&
  isString(c.author.name) &&
  Array.isArray(c.files) &&
  Array.isArray(c.lines) &&
  isString(c.diff);

const isProposal = (v: Record<string, unknown>): boolean =>
  isObject(v.files) && Object.values(v.files).every(isString) && Array.isArray(v.lines) && isString(v.diff);

async function call(path: string, init: RequestInit = {}): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(path, { credentials: 'same-origin', cache: 'no-store', ...init });
  } catch {
    throw new StudioError(0, 'The server could not be reached');
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (!res.ok) {
    const b = isObject(body) ? body : {};
    throw new StudioError(
      res.status,
      isString(b.error) ? b.error : `The server answered ${res.status}`,
      Array.isArray(b.problems) ? b.problems.filter(isString) : [],
    );
  }
  return body;
}

export function createStudioApi(csrf: () => string) {
  const write = (path: string, body: unknown): Promise<unknown> =>
    call(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf() },
      body: JSON.stringify(body),
    });
  return {
    live: async (): Promise<LiveRules> =>
      expectShape<LiveRules>(
        await call('/studio/api/rules'),
        (v) =>
          isString(v.commit) &&
          isObject(v.files) &&
          isObject(v.context) &&
          isString(v.today) &&
          isString(v.now) &&
          (v.handEdit === null || isObject(v.handEdit)),
        'the live rules',
      ),
    personas: async (date: string): Promise<PersonaData[]> =>
      expectShape<{ personas: PersonaData[] }>(
        await call(`/studio/api/personas?date=${encodeURIComponent(date)}`),
        (v) =>
          Array.isArray(v.personas) &&
          v.personas.every((p) => isObject(p) && isString(p.id) && Array.isArray(p.accounts)),
        'the personas',
      ).personas,
    changes: async (): Promise<{ pending: Change[]; scheduled: Change[] }> =>
      expectShape<{ pending: Change[]; scheduled: Change[] }>(
        await call('/studio/api/changes'),
        (v) =>
          Array.isArray(v.pending) &&
          v.pending.every(isChange) &&
          Array.isArray(v.scheduled) &&
          v.scheduled.every(isChange),
        'the pending changes',
      ),
    history: async (): Promise<{ history: Change[]; scheduled: Change[] }> =>
      expectShape<{ history: Change[]; scheduled: Change[] }>(
        await call('/studio/api/history'),
        (v) =>
          Array.isArray(v.history) &&
          v.history.every(isChange) &&
          Array.isArray(v.scheduled) &&
          v.scheduled.every(isChange),
        'the history',
      ),
    save: async (body: {
      reason: string;
      base: string;
      files: Record<string, string>;
      impact?: unknown;
      replaces?: string;
    }) =>
      expectShape<{ id: string; pending: boolean }>(
        await write('/studio/api/changes', body),
        (v) => isString(v.id) && typeof v.pending === 'boolean',
        'the saved change',
      ),
    version: async (id: string): Promise<Proposal> =>
      expectShape<Proposal>(
        await call(`/studio/api/versions/${encodeURIComponent(id)}`),
        isProposal,
        'an earlier version',
      ),
    restore: async (version: string, reason: string, impact?: unknown) =>
      expectShape<{ id: string; pending: boolean }>(
        await write('/studio/api/restore', { version, reason, ...(impact ? { impact } : {}) }),
        (v) => isString(v.id) && typeof v.pending === 'boolean',
        'the restore',
      ),
    revertPreview: async (id: string): Promise<Proposal> =>
      expectShape<Proposal>(
        await call(`/studio/api/changes/${encodeURIComponent(id)}/revert`),
        isProposal,
        'the revert',
      ),
    revert: async (change: string, reason: string, impact?: unknown) =>
      expectShape<{ id: string; pending: boolean }>(
        await write('/studio/api/revert', { change, reason, ...(impact ? { impact } : {}) }),
        (v) => isString(v.id) && typeof v.pending === 'boolean',
        'the revert',
      ),
    /** Approves now, or for `goLiveAt` (ISO with its zone); `note` goes into the change's record. */
    approve: (id: string, opts: { goLiveAt?: string; note?: string } = {}) =>
      write(`/studio/api/changes/${encodeURIComponent(id)}/approve`, {
        ...(opts.goLiveAt ? { goLiveAt: opts.goLiveAt } : {}),
        ...(opts.note ? { note: opts.note } : {}),
      }),
    /** Approves for a share of accounts (percent): a rollout instead of everyone at once. */
    approveShare: (id: string, share: number, note?: string) =>
      write(`/studio/api/changes/${encodeURIComponent(id)}/approve`, { share, ...(note ? { note } : {}) }),
    rollouts: async (): Promise<RolloutEntry[]> =>
      expectShape<{ rollouts: RolloutEntry[] }>(
        await call('/studio/api/rollouts'),
        (v) =>
          Array.isArray(v.rollouts) &&
          v.rollouts.every((r) => isObject(r) && isString(r.change) && typeof r.share === 'number'),
        'the rollouts',
      ).rollouts,
    /** A rollout's live effect per side: every server's (Prometheus) or this server's, with the reason. */
    rolloutEffect: async (change: string): Promise<LiveEffect | null> => {
      const v = expectShape<{ sides: RolloutEffect | null } & Omit<LiveEffect, 'sides'>>(
        await call(`/studio/api/rollouts/${encodeURIComponent(change)}/effect`),
        (v) => v.sides === null || (isObject(v.sides) && isObject(v.sides.live) && isObject(v.sides.new)),
        'the rollout’s effect',
      );
      if (v.sides === null) return null;
      return {
        sides: v.sides,
        source: v.source === 'prometheus' ? 'prometheus' : 'server',
        ...(isString(v.since) ? { since: v.since } : {}),
        ...(isString(v.problem) ? { problem: v.problem } : {}),
      };
    },
    setShare: (change: string, share: number, reason: string) =>
      write(`/studio/api/rollouts/${encodeURIComponent(change)}/share`, { share, reason }),
    endRollout: (change: string, reason: string, complete: boolean) =>
      write(`/studio/api/rollouts/${encodeURIComponent(change)}/end`, { reason, complete }),
    withdraw: (id: string, reason: string) =>
      write(`/studio/api/changes/${encodeURIComponent(id)}/withdraw`, { reason }),
    sendBack: (id: string, comment: string) =>
      write(`/studio/api/changes/${encodeURIComponent(id)}/send-back`, { comment }),
    preview: async (persona: string, files: Record<string, string>) =>
      expectShape<{ live: string; draft: string; draftPage: string; persona: string }>(
        await write('/studio/api/preview', { persona, files }),
        (v) => isString(v.live) && isString(v.draft) && isString(v.draftPage),
        'the preview',
      ),
  };
}

export type StudioApi = ReturnType<typeof createStudioApi>;

/** The session, or null for a browser that is not an analyst's (403). */
export async function loadSession(): Promise<StudioSession | null> {
  try {
    return expectShape<StudioSession>(
      await call('/studio/api/session'),
      (v) =>
        isObject(v.analyst) &&
        isObject(v.roles) &&
        isString(v.csrfToken) &&
        typeof v.requireApproval === 'boolean',
      'the session',
    );
  } catch (e) {
    if (e instanceof StudioError && e.status === 403) return null;
    throw e;
  }
}
