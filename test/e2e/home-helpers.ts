import type { Locator, Page, Route } from '@playwright/test';
import { expect, timeOutAtOnce } from './fixtures';

/** A UI issue-log record as the sandbox received it (POST /Orch/dssh/ui/sanitize). */
export interface IssueRecord {
  page?: string;
  operation?: string;
  message?: string;
  accountNumber?: string;
}

/** The issue-log records of this browser session, from GET /sandbox/session. */
export async function issueRecords(page: Page): Promise<IssueRecord[]> {
  const response = await page.request.get('/sandbox/session');
  const body = (await response.json()) as { issues?: IssueRecord[] };
  return body.issues ?? [];
}

/** Waits until the session's issue log holds a record for `operation`. */
export async function expectIssueLogged(page: Page, operation: string, timeout = 7_000): Promise<void> {
  await expect
    .poll(async () => (await issueRecords(page)).map((r) => r.operation), { timeout })
    .toContain(operation);
}

/**
 * How many issue-log records of this browser session are for `operation`. Exactly that name: a page's call
 * logs the call's name (useCall drops the `:variant` of its key), so a record under any other name is a bug.
 */
export async function issueCount(page: Page, operation: string): Promise<number> {
  return (await issueRecords(page)).filter((r) => r.operation === operation).length;
}

/**
 * Waits until the session's issue log holds one more record for `operation` than `before` (a loop over the
 * fault modes checks each mode's own record, not the first one's again).
 */
export async function expectNewIssue(
  page: Page,
  operation: string,
  before: number,
  timeout = 7_000,
): Promise<void> {
  await expect
    .poll(() => issueCount(page, operation), { timeout, message: `a new ${operation} record` })
    .toBeGreaterThan(before);
}

/**
 * Sets a fault on one call of this browser session (the sandbox's fault switch; mode 'off' clears it); a
 * 'timeout' one times out at once (timeOutAtOnce).
 */
export async function setFault(page: Page, call: string, mode: string): Promise<void> {
  const r = await page.request.get(`/sandbox/faults?set=${encodeURIComponent(`${call}:${mode}`)}`);
  expect(r.ok()).toBe(true);
  await timeOutAtOnce(page, call, mode === 'timeout');
}

/** The full home's greeting, by its role: where the focus goes when an alert or a flow's card leaves. */
export const HOME_HEADING = { level: 1, name: /^Hi, / } as const;

/** The page is not blank: the signed-in chrome and the greeting of the full home are there. */
export async function expectHomeShown(page: Page): Promise<void> {
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('heading', HOME_HEADING)).toBeVisible();
}

/** The three fault modes of the sandbox's fault switch. */
export const FAULT_MODES = ['500', 'malformed', 'timeout'] as const;

/**
 * Closes the toast holding `text` with its Dismiss button, so that the next fault mode's toast is a new one,
 * without waiting out its 3 or 4 s (the store's timer: test/stores/ui-store.test.ts).
 */
export async function dismissToast(page: Page, text: Locator): Promise<void> {
  const shown = page.locator('.toast', { has: text });
  await shown.getByRole('button', { name: 'Dismiss message' }).click();
  await expect(shown).toHaveCount(0);
}

/**
 * Holds this page's next request to `path` until the test answers it: the call stays in flight for as long
 * as the test looks at the page, whatever the machine's speed.
 */
export async function holdCall(page: Page, path: string): Promise<() => Promise<Route>> {
  let held: (route: Route) => void;
  const request = new Promise<Route>((resolve) => (held = resolve));
  await page.route(
    (url) => url.pathname === path,
    (route) => held(route),
    { times: 1 },
  );
  return () => request;
}

interface ToggleRules {
  rules: { event: { params: { toggle: string; on: boolean } } }[];
}

/**
 * Serves the portal a copy of rules/toggles.json with `toggle` switched on, as an analyst's edit would be
 * (the shipped toggle stays off). The server renders the page with its own rules; the browser loads the
 * bundle once the page is hydrated (at the first input) and decides again with it: `decidedInTheBrowser`
 * waits for that.
 */
export async function serveToggleOn(page: Page, toggle: string): Promise<void> {
  await page.route('**/rules/bundle.json', async (route) => {
    const response = await route.fetch();
    const bundle = (await response.json()) as { files: Record<string, { rules: ToggleRules | null }> };
    const toggles = bundle.files['toggles.json']?.rules;
    if (!toggles) throw new Error('the served bundle has no toggles.json to edit');
    for (const r of toggles.rules) if (r.event.params.toggle === toggle) r.event.params.on = true;
    await route.fulfill({ response, json: bundle });
  });
}

/**
 * Waits until the browser has loaded the rules and decided the page with them (src/start.tsx marks
 * <html data-rules> with their version): a toggle that a test serves on takes effect from here. On a page the
 * server decided on every call's answer they come at the customer's first input (docs/decisions/057): a key
 * (Shift alone, which types nothing) is that input, if none came before.
 */
export async function decidedInTheBrowser(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await expect(page.locator('html[data-rules]')).toHaveCount(1);
}

/** A control focused while an overlay sits over the page's bottom, and how much of it (px²) the overlay covers. */
export interface FocusedUnder {
  control: string;
  covered: number;
}

/**
 * WCAG 2.2 2.4.11 (Focus Not Obscured), checked in one step inside the page: each visible link and button
 * (not disabled: the keyboard never reaches those) of the main region and the footer is first placed in the screen's bottom strip (where Tab meets a control
 * already on the screen, which the browser does not scroll), or as far down as the page lets it go (the
 * footer's last link), then focused, then measured against the overlay (a bar's own controls left out). Null
 * when the overlay is not on the page at that moment (a toast gone after its seconds).
 */
export async function focusedUnderOverlay(page: Page, overlay: string): Promise<FocusedUnder[] | null> {
  return page.evaluate((selector) => {
    const over = document.querySelector(selector);
    if (!over || over.getClientRects().length === 0) return null;
    const controls = [
      ...document.querySelectorAll<HTMLElement>('main a[href], main button, footer a[href], footer button'),
    ].filter((c) => c.getClientRects().length > 0 && !c.matches(':disabled') && !over.contains(c));
    return controls.map((c) => {
      c.blur();
      window.scrollBy(0, c.getBoundingClientRect().bottom - (window.innerHeight - 4));
      c.focus();
      const r = c.getBoundingClientRect();
      const o = over.getBoundingClientRect();
      const w = Math.max(0, Math.min(r.right, o.right) - Math.max(r.left, o.left));
      const h = Math.max(0, Math.min(r.bottom, o.bottom) - Math.max(r.top, o.top));
      return { control: (c.getAttribute('aria-label') ?? c.textContent ?? '').trim(), covered: w * h };
    });
  }, overlay);
}
