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
}

export interface PersonaData {
  id: string;
  description: string;
  /** The bodies a decision reads, per account (src/engine/persona-decide.ts). */
  accounts: Record<string, unknown>[];
}

export interface Change {
  id: string;
  reason: string;
  author: { name: string; email: string; date: string };
  committer: { name: string; email: string; date: string };
  authorId: string | null;
  kind: string;
  impact?: unknown;
  approvedBy?: string;
  restores?: string;
  files: string[];
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
  isString(c.diff);

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
        (v) => isString(v.commit) && isObject(v.files) && isObject(v.context) && isString(v.today),
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
    pending: async (): Promise<Change[]> =>
      expectShape<{ pending: Change[] }>(
        await call('/studio/api/changes'),
        (v) => Array.isArray(v.pending) && v.pending.every(isChange),
        'the pending changes',
      ).pending,
    history: async (): Promise<Change[]> =>
      expectShape<{ history: Change[] }>(
        await call('/studio/api/history'),
        (v) => Array.isArray(v.history) && v.history.every(isChange),
        'the history',
      ).history,
    save: async (body: { reason: string; base: string; files: Record<string, string>; impact?: unknown }) =>
      expectShape<{ id: string; pending: boolean }>(
        await write('/studio/api/changes', body),
        (v) => isString(v.id) && typeof v.pending === 'boolean',
        'the saved change',
      ),
    version: async (id: string): Promise<Record<string, string>> =>
      expectShape<{ files: Record<string, string> }>(
        await call(`/studio/api/versions/${encodeURIComponent(id)}`),
        (v) => isObject(v.files) && Object.values(v.files).every(isString),
        'an earlier version',
      ).files,
    restore: async (version: string, reason: string, impact?: unknown) =>
      expectShape<{ id: string; pending: boolean }>(
        await write('/studio/api/restore', { version, reason, ...(impact ? { impact } : {}) }),
        (v) => isString(v.id) && typeof v.pending === 'boolean',
        'the restore',
      ),
    approve: (id: string) => write(`/studio/api/changes/${encodeURIComponent(id)}/approve`, {}),
    withdraw: (id: string) => write(`/studio/api/changes/${encodeURIComponent(id)}/withdraw`, {}),
    preview: async (persona: string, files: Record<string, string>) =>
      expectShape<{ live: string; draft: string; persona: string }>(
        await write('/studio/api/preview', { persona, files }),
        (v) => isString(v.live) && isString(v.draft),
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
