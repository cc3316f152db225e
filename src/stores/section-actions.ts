/**
 * What a customer does with the home's sections, for a rollout's live effect (issue 32 item 2,
 * docs/decisions/044): a tap on a section's link or button is 'tapped', the close of an alert 'dismissed'.
 * Each is one beacon to the portal's server (src/engine/rollout-effect.ts), which places the account in each
 * rollout and counts its side; nothing is sent before the account is known. The analytics events
 * (src/stores/analytics.ts) are not touched: this count is the portal's own, per side of a rollout.
 */
import {
  EFFECT_URL,
  type HomeShownReport,
  type SectionAction,
  type SectionActionReport,
} from '../engine/rollout-effect';
import type { Env } from './env';

/** Sends one report; a beacon that cannot be sent is lost, never retried. */
export function reportSectionAction(
  env: Pick<Env, 'beacon'>,
  accountNumber: string | null,
  section: string,
  action: SectionAction,
): void {
  if (!accountNumber) return;
  const report: SectionActionReport = { accountNumber, section, action };
  try {
    env.beacon(EFFECT_URL, JSON.stringify(report));
  } catch {
    // A count never breaks a tap.
  }
}

/**
 * A home the browser showed that the server did not render (a navigation back to it, an account switch):
 * counted as the server counts the homes it renders, so a rollout's figures hold every home shown.
 */
export function reportHomeShown(
  env: Pick<Env, 'beacon'>,
  accountNumber: string | null,
  sections: readonly string[],
): void {
  if (!accountNumber || sections.length === 0) return;
  const report: HomeShownReport = { accountNumber, home: [...new Set(sections)] };
  try {
    env.beacon(EFFECT_URL, JSON.stringify(report));
  } catch {
    // A count never breaks a page.
  }
}

/** The attribute the close button of an alert carries (src/ui/Alert.tsx): its tap is a dismissal. */
export const DISMISS_ATTRIBUTE = 'data-dismiss';

/**
 * What a click inside a section was: a tap on a link or a button of the section, its dismissal, or nothing
 * (a click on text). `target` is the clicked element; `section` the section's own element.
 */
export function actionOfClick(target: Element | null, section: Element): SectionAction | null {
  const control = target?.closest('a[href], button');
  if (!control || !section.contains(control)) return null;
  if (control instanceof HTMLButtonElement && control.disabled) return null;
  return control.hasAttribute(DISMISS_ATTRIBUTE) ? 'dismissed' : 'tapped';
}
