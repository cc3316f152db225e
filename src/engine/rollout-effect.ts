/**
 * What a customer did with a section of the home (issue 32 item 2, docs/decisions/044): the browser reports
 * each tap on a section's action and each close of an alert (src/stores/section-actions.ts), with the managed
 * account's number, to `POST /effect` on the portal's own origin; the server places the account in each
 * rollout (src/engine/rollout.ts), counts the side only (server/rollout-metrics.ts) and keeps no identifier.
 * Shared by both ends; browser-safe and free of the rules' declarations (the server passes the section ids).
 */

/** Where the browser reports (same origin: the CSP's connect-src 'self'). */
export const EFFECT_URL = '/effect';

/** A tap on one of the section's actions (a link or a button), or the close of an alert. */
export const SECTION_ACTIONS = ['tapped', 'dismissed'] as const;
export type SectionAction = (typeof SECTION_ACTIONS)[number];

export interface SectionActionReport {
  /** the managed account's number: the server places it, counts the side and forgets it */
  accountNumber: string;
  /** the home section's id (rules/home-sections.json) */
  section: string;
  action: SectionAction;
}

/** An account number as the profile carries them: digits, letters and dashes, at most 32. */
const ACCOUNT = /^[A-Za-z0-9-]{1,32}$/;

/**
 * A report as the server takes it, or why it is refused: exactly the three fields, an account number of the
 * profile's form, a section the rules declare (`sections`) and one of the two actions.
 */
export function parseSectionAction(
  body: unknown,
  sections: ReadonlySet<string>,
): SectionActionReport | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'not an object';
  const { accountNumber, section, action, ...rest } = body as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length > 0) return `unknown field ${extra[0]!.slice(0, 40)}`;
  if (typeof accountNumber !== 'string' || !ACCOUNT.test(accountNumber)) return 'accountNumber';
  if (typeof section !== 'string' || !sections.has(section)) return 'section';
  if (typeof action !== 'string' || !(SECTION_ACTIONS as readonly string[]).includes(action)) return 'action';
  return { accountNumber, section, action: action as SectionAction };
}
