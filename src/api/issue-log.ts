/**
 * The UI issue log (the spec's trackUiIssue): failures that the user does not see are recorded through
 * POST /Orch/dssh/ui/sanitize (or /preauth/dssh/ui/sanitize before sign-in). Logging never throws and
 * never waits: a broken log must not break the page that reports a problem.
 */
import type { ApiClient } from './client';
import { postSanitize } from './calls/sanitize';

export type IssueLevel = 'error' | 'warn' | 'info';

export interface IssueInput {
  accountNumber?: string;
  emailAddress?: string;
  page: string;
  operation: string;
  message: string;
  level: IssueLevel;
}

/** The record as posted (all fields present, cut and stripped). */
export interface IssueRecord {
  accountNumber: string;
  emailAddress: string;
  page: string;
  operation: string;
  message: string;
  level: IssueLevel;
}

/** Spec section 5: the message drops & ( ) ^ ' ` ? < > { } [ ] | ... */
const STRIPPED = /[&()^'`?<>{}[\]|]/g;
/** ... the operation name is cut to 199 characters and the message to 499. */
export const OPERATION_MAX = 199;
export const MESSAGE_MAX = 499;
/** Exception error text is cut to 100 characters in logs. */
export const ERROR_TEXT_MAX = 100;

/**
 * The other fields are cut too, so a record always fits the log's body limit (4 KB in the sandbox) whatever
 * an answer held: an email address to the longest a real one can be, an account number and a page to 100.
 */
export const EMAIL_MAX = 254;
export const ACCOUNT_MAX = 100;
export const PAGE_MAX = 100;

export function sanitizeIssue(input: IssueInput): IssueRecord {
  return {
    accountNumber: (input.accountNumber ?? '').slice(0, ACCOUNT_MAX),
    emailAddress: (input.emailAddress ?? '').slice(0, EMAIL_MAX),
    page: input.page.slice(0, PAGE_MAX),
    operation: input.operation.slice(0, OPERATION_MAX),
    message: input.message.replace(STRIPPED, '').slice(0, MESSAGE_MAX),
    level: input.level,
  };
}

/**
 * The text of anything thrown or rejected, cut to 100 characters for the log: an Error's message (its name
 * when the message is empty), a router error response or a fetch Response as 'status statusText' with what
 * it says, a string as it is, any other value as JSON. Never '[object Object]', which the log's character
 * stripping turned into the unreadable 'object Object'.
 */
export function describeError(e: unknown): string {
  return errorText(e, 0).slice(0, ERROR_TEXT_MAX);
}

function errorText(e: unknown, depth: number): string {
  if (e instanceof Error) return e.message || e.name;
  if (typeof e === 'string') return e;
  if (e === null || e === undefined) return String(e);
  if (typeof e === 'number' || typeof e === 'boolean' || typeof e === 'bigint') return String(e);
  if (typeof e !== 'object') return typeof e;
  const o = e as Record<string, unknown>;
  if (typeof o.status === 'number') {
    // React Router's route error responses ({ status, statusText, data, error }) and fetch Responses.
    const head = `${o.status}${typeof o.statusText === 'string' && o.statusText ? ` ${o.statusText}` : ''}`;
    const detail =
      depth < 2 && o.error !== undefined
        ? errorText(o.error, depth + 1)
        : typeof o.data === 'string'
          ? o.data
          : typeof o.url === 'string'
            ? o.url
            : '';
    return detail ? `${head}: ${detail}` : head;
  }
  if (typeof o.message === 'string' && o.message) return o.message;
  try {
    return JSON.stringify(e) ?? typeof e;
  } catch {
    // Circular or otherwise unserialisable: its kind and keys still say something.
    return `${e.constructor?.name ?? 'object'} with ${Object.keys(o).slice(0, 5).join(', ') || 'no keys'}`;
  }
}

/**
 * The issue log's page of a route: where the failing call was made, named by its path without the leading
 * slash ('billing', 'paymentHistory', 'settings/accountInfo'); the root is 'home'.
 */
export function issuePageOf(pathname: string): string {
  const page = pathname.replace(/^\/+|\/+$/g, '');
  return page === '' ? 'home' : page.slice(0, 100);
}

export interface IssueLogOptions {
  /** true once signed in: chooses /Orch or /preauth */
  authenticated: () => boolean;
  /** how many recent entries to keep in memory (default 50) */
  capacity?: number;
}

export class IssueLog {
  private readonly recent: IssueRecord[] = [];
  private readonly capacity: number;

  constructor(
    private readonly client: ApiClient,
    private readonly options: IssueLogOptions,
  ) {
    this.capacity = options.capacity ?? 50;
  }

  /** The most recent records, oldest first (for the UI and tests). */
  get entries(): readonly IssueRecord[] {
    return this.recent;
  }

  /** Records and posts one issue; fire-and-forget, never throws. Returns the record as posted. */
  log(input: IssueInput): IssueRecord {
    const record = sanitizeIssue(input);
    this.recent.push(record);
    if (this.recent.length > this.capacity) this.recent.shift();
    try {
      void postSanitize(this.client, record, this.options.authenticated());
    } catch {
      // A client that throws despite its contract must not take the caller down with it.
    }
    return record;
  }
}

export function createIssueLog(client: ApiClient, options: IssueLogOptions): IssueLog {
  return new IssueLog(client, options);
}
