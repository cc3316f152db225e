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
