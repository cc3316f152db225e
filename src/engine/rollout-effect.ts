/**
 * What a customer did with a section of the home (issue 32 item 2, docs/decisions/044): the browser reports
 * each tap on a section's action and each close of an alert (src/stores/section-actions.ts), and each home it
 * showed that the server did not render, with the managed account's number, to `POST /effect` on the
 * portal's own origin; the server places the account in each
 * rollout (src/engine/rollout.ts), counts the side only (server/rollout-metrics.ts) and keeps no identifier.
 * Shared by both ends; browser-safe and free of the rules' declarations (the server passes the section ids).
 */

/** Where the browser reports (same origin: the CSP's connect-src 'self'). */
export const EFFECT_URL = '/effect';

/**
 * A tap on one of the section's actions (a link or a button), the close of an alert, or a flow the section
 * started that reached its end (its machine's final state, other than one tagged 'declined').
 */
export const SECTION_ACTIONS = ['tapped', 'dismissed', 'completed'] as const;
export type SectionAction = (typeof SECTION_ACTIONS)[number];

export interface SectionActionReport {
  /** the managed account's number: the server places it, counts the side and forgets it */
  accountNumber: string;
  /** the home section's id (rules/home-sections.json) */
  section: string;
  action: SectionAction;
}

/**
 * A home the browser showed that the server did not render (after a navigation or an account switch): its
 * sections, counted as the server counts the homes it renders.
 */
export interface HomeShownReport {
  accountNumber: string;
  /** the home's sections, in order (rules/home-sections.json) */
  home: string[];
}

/** Sections a home shows at most (the declared ones are fewer). */
export const MAX_HOME_SECTIONS = 40;

/** An account number as the profile carries them: digits, letters and dashes, at most 32. */
const ACCOUNT = /^[A-Za-z0-9-]{1,32}$/;

/**
 * A report as the server takes it, or why it is refused: exactly the three fields, an account number of the
 * profile's form, a section the rules declare (`sections`) and one of the two actions.
 */
export function parseSectionAction(
  body: unknown,
  sections: ReadonlySet<string>,
): SectionActionReport | HomeShownReport | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'not an object';
  if ('home' in body) return parseHomeShown(body, sections);
  const { accountNumber, section, action, ...rest } = body as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length > 0) return `unknown field ${extra[0]!.slice(0, 40)}`;
  if (typeof accountNumber !== 'string' || !ACCOUNT.test(accountNumber)) return 'accountNumber';
  if (typeof section !== 'string' || !sections.has(section)) return 'section';
  if (typeof action !== 'string' || !(SECTION_ACTIONS as readonly string[]).includes(action)) return 'action';
  return { accountNumber, section, action: action as SectionAction };
}

/** A home shown: exactly the two fields, the account number, and distinct declared sections. */
function parseHomeShown(
  body: Record<string, unknown>,
  sections: ReadonlySet<string>,
): HomeShownReport | string {
  const { accountNumber, home, ...rest } = body;
  const extra = Object.keys(rest);
  if (extra.length > 0) return `unknown field ${extra[0]!.slice(0, 40)}`;
  if (typeof accountNumber !== 'string' || !ACCOUNT.test(accountNumber)) return 'accountNumber';
  if (
    !Array.isArray(home) ||
    home.length > MAX_HOME_SECTIONS ||
    !home.every((s): s is string => typeof s === 'string' && sections.has(s)) ||
    new Set(home).size !== home.length
  )
    return 'home';
  return { accountNumber, home };
}
