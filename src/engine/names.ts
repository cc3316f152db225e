/**
 * Names the customer's stores read without the decisions' declarations: those carry the analysts'
 * descriptions and the parameter schemas, which stay out of the first load (test/e2e/first-load-budget).
 */

/** What one item of the order & ticket history offers (rules/history-actions.json, decided per item). */
export const HISTORY_ACTIONS = [
  'cancel-order',
  'tech-location',
  'missed',
  'reschedule',
  'cancel-appointment',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** The file name of a decision's rule set. */
export const ruleFileOf = (id: string): string => `${id}.json`;

/** The rules a page decides with: an analyst's draft when the studio opens the portal with ?rules=draft. */
export function rulesUrl(search: string): string {
  return new URLSearchParams(search).get('rules') === 'draft'
    ? '/rules/draft/bundle.json'
    : '/rules/bundle.json';
}
