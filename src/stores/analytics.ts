/**
 * The analytics contract: every event the portal pushes to `window.dataLayer`, by name, in this one catalogue.
 * Under the strict CSP no third-party tag is loaded; a tag manager added by the provider reads the dataLayer,
 * so these names and fields are what it can rely on (docs/contracts.md, 'Analytics').
 *
 * An event is `{ event: <name>, ...fields }`. Fields never hold a name, an email address, an account number, a
 * token or anything a visitor typed: a page is its route path without the query, a flow is its machine's name.
 */
import type { Env } from './env';

export const ANALYTICS_EVENTS = {
  /** A page was shown: `page_path` (route path, no query), `page_title`. */
  pageView: 'page_view',
  /** A flow machine moved to another state: `flow` (machine file stem), `step` (state path, e.g. 'choosing.weak'). */
  flowStep: 'flow_step',
  /** A flow machine shows a failure: `flow`, `step`, `message_id` (the id of the message shown). */
  flowError: 'flow_error',
  /** Shell spec §4 'Loading and skipping': the profile load failed. No fields. */
  accountProfileDataError: 'account_profile_data_error',
  /**
   * Home spec §8 'Failures log a UI issue record ... Analytics error events are also sent': one per issue-log
   * record, silent failures included: `operation` (the record's operation, e.g. 'getHsiInfo'), `page_path` (the
   * page the record names). The profile failure sends it too, beside the spec's account_profile_data_error.
   */
  uiIssueError: 'ui_issue_error',
  /** The chat was opened through the global chat function: `page_path` (route path). */
  chatOpen: 'chat_open',
  /** The chat could not be opened (its widget did not load): `page_path`. */
  chatUnavailable: 'chat_unavailable',
} as const;

export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[keyof typeof ANALYTICS_EVENTS];

/** The fields an event may carry; nothing else is ever pushed. */
export interface AnalyticsFields {
  page_path?: string;
  page_title?: string;
  flow?: string;
  step?: string;
  message_id?: string;
  operation?: string;
}

/** Pushes one catalogued event. Analytics never breaks a page: a throwing dataLayer is ignored. */
export function trackEvent(
  env: Pick<Env, 'track'>,
  name: AnalyticsEventName,
  fields: AnalyticsFields = {},
): void {
  try {
    env.track({ event: name, ...fields });
  } catch {
    // A broken tag must not take the page with it.
  }
}

/** An operation name as the code writes them ('getHsiInfo', 'performSSO'); anything else is sent as 'other'. */
const OPERATION = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

/**
 * The error event of one issue-log record (RootStore.logIssue): the operation and the page, never the
 * record's message (it may hold an account number or what an answer said).
 */
export function trackIssueError(env: Pick<Env, 'track'>, page: string, operation: string): void {
  trackEvent(env, ANALYTICS_EVENTS.uiIssueError, {
    operation: OPERATION.test(operation) ? operation : 'other',
    page_path: `/${page.replace(/^\/+/, '').split(/[?#]/)[0] ?? ''}`,
  });
}

/** A state value as a dotted path: `{ choosing: 'weak' }` -> 'choosing.weak'. */
export function stepName(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => {
        const inner = stepName(v);
        return inner ? `${k}.${inner}` : k;
      })
      .join(',');
  }
  return '';
}
