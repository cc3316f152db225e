import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { CALL_TIMEOUT_MS } from '../../playwright.config';

/**
 * Records a page's CSP violations and uncaught errors into the list it returns. CSP violations are caught in
 * the page (securitypolicyviolation) and from the console, so an inline script or style the policy refused
 * fails the test that caused it.
 */
export async function guard(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (/Content Security Policy|Refused to/i.test(text)) problems.push(`CSP: ${text}`);
  });
  page.on('pageerror', (err) => problems.push(`uncaught: ${err.message}`));
  // A renderer that crashes fails the test by name (its next action only says the page was closed).
  page.on('crash', () => problems.push('the page crashed'));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Refused to load (CSP ${e.violatedDirective}): ${e.blockedURI}`);
    });
  });
  return problems;
}

/** Every browser test gets a guarded page: after the test, no CSP violation and no uncaught error. */
export const test = base.extend<{ guarded: Page }>({
  guarded: async ({ page }, use) => {
    const problems = await guard(page);
    await use(page);
    expect(problems, 'no CSP violation and no uncaught error').toEqual([]);
  },
});

export { expect };

/** The calls of each page that the sandbox's 'timeout' fault holds (timeOutAtOnce). */
const heldCalls = new WeakMap<Page, Set<string>>();

/**
 * The sandbox's 'timeout' fault holds a call until the portal gives up, after the call time-out the test
 * server writes into its pages (CALL_TIMEOUT_MS). Rather than wait that long, the page's clock is moved past
 * it as soon as such a call is sent, so the portal's own time-out fires at once, whatever the machine's load.
 * The first time, this installs the page's clock (Playwright's; time flows as usual). `held` false: the call
 * is answered again (another fault mode, or none).
 */
export async function timeOutAtOnce(page: Page, call: string, held: boolean): Promise<void> {
  let calls = heldCalls.get(page);
  if (!calls) {
    if (!held) return;
    calls = new Set();
    heldCalls.set(page, calls);
    await page.clock.install();
    page.on('request', (request) => {
      // The call's time-out timer starts before the request is sent: it is due CALL_TIMEOUT_MS from here.
      if (calls!.has(new URL(request.url()).pathname))
        page.clock.fastForward(CALL_TIMEOUT_MS).catch(() => {
          // The page closed first: nothing left to time out.
        });
    });
  }
  if (held) calls.add(call);
  else calls.delete(call);
}

/**
 * Signs in as a persona through the sandbox's automation entry and lands on `path`, with the sandbox's
 * faults (`call:mode`) set for the session; a 'timeout' one times out at once (timeOutAtOnce).
 */
export async function signIn(
  page: Page,
  persona: string,
  path = '/home',
  faults: string[] = [],
): Promise<void> {
  const q = new URLSearchParams({ persona, redirect: path });
  for (const f of faults) {
    q.append('fault', f);
    const at = f.lastIndexOf(':');
    await timeOutAtOnce(page, f.slice(0, at), f.slice(at + 1) === 'timeout');
  }
  await page.goto(`/sandbox/signin?${q.toString()}`);
  await ready(page);
}

/**
 * Waits until the page answers taps: the server's markup is on screen at once, its buttons work once the
 * JavaScript has hydrated it (src/start.tsx marks <html data-ready>), as a customer waits for a page to work.
 */
export async function ready(page: Page): Promise<void> {
  await expect(page.locator('html[data-ready]')).toHaveCount(1);
}

/** Waits until the page is hydrated and the loading overlay is gone. */
export async function settled(page: Page): Promise<void> {
  await ready(page);
  await expect(page.getByText('Please wait while we retrieve your account information.')).toHaveCount(0);
}

/**
 * The axe-core the checks inject: its minified build, defined once per page. @axe-core/playwright evaluates
 * the script it is given twice per check (once to look at the page, once per frame before the run), and its
 * default is the unminified 1.3 MB build, run afresh each time; here a page that has axe keeps it.
 */
const AXE_SOURCE = `if (!window.axe) {\n${readFileSync(join(process.cwd(), 'node_modules', 'axe-core', 'axe.min.js'), 'utf8')}\n}`;

/**
 * axe with the WCAG 2.x A/AA tags (2.2 included), run in the page itself (axe's legacy mode). By default
 * @axe-core/playwright runs axe in each frame, then opens a blank page in the same context, injects axe there
 * again and finishes the run in it: a page and a second copy of axe for every check, and a page that comes
 * and goes in the context whose clock a test may be stepping (clock.runFor then failed with 'Target page,
 * context or browser has been closed'). The portal has no cross-origin frame, which is all that mode adds.
 *
 * Every rule of those tags runs and every violation comes back with all its nodes; only the passes, the
 * incomplete and the inapplicable results, which no test reads, are cut to one node each (axe's `resultTypes`).
 * On the studio's rules page the full report was 426 KB of JSON, made in the page and parsed by the test, and
 * a check took 0.9 to 1.3 s of the renderer's CPU; with the violations alone, 36 KB and 0.58 to 0.67 s (on the
 * signed-in home at 375 px, 0.56 to 0.80 s against 0.41 s). With a button without a name and two images
 * without alt added to the page, both reported the same violations and the same nodes.
 */
export async function axe(page: Page) {
  return (
    new AxeBuilder({ page, axeSource: AXE_SOURCE })
      // First: options() replaces what withTags() set.
      .options({ resultTypes: ['violations'] })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .setLegacyMode()
      .analyze()
  );
}
