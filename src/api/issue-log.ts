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

export function sanitizeIssue(input: IssueInput): IssueRecord {
  return {
    accountNumber: input.accountNumber ?? '',
    emailAddress: input.emailAddress ?? '',
    page: input.page,
    operation: input.operation.slice(0, OPERATION_MAX),
    message: input.message.replace(STRIPPED, '').slice(0, MESSAGE_MAX),
    level: input.level,
  };
}

/** The text of a caught exception, cut to 100 characters for the log. */
export function describeError(e: unknown): string {
  let text: string;
  if (e instanceof Error) text = e.message || e.name;
  else if (typeof e === 'string') text = e;
  else {
    try {
      text = JSON.stringify(e) ?? String(e);
    } catch {
      text = String(e);
    }
  }
  return text.slice(0, ERROR_TEXT_MAX);
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
