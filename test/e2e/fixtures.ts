import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/**
 * Every browser test gets a page that records CSP violations and uncaught errors; after the test both
 * lists must be empty. CSP violations are caught in the page (securitypolicyviolation) and from the
 * console, so an inline script or style the policy refused fails the test that caused it.
 */
export const test = base.extend<{ guarded: Page }>({
  guarded: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (msg) => {
      const text = msg.text();
      if (/Content Security Policy|Refused to/i.test(text)) problems.push(`CSP: ${text}`);
    });
    page.on('pageerror', (err) => problems.push(`uncaught: ${err.message}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(`Refused to load (CSP ${e.violatedDirective}): ${e.blockedURI}`);
      });
    });
    await use(page);
    expect(problems, 'no CSP violation and no uncaught error').toEqual([]);
  },
});

export { expect };

/** Signs in as a persona through the sandbox's automation entry and lands on `path`. */
export async function signIn(
  page: Page,
  persona: string,
  path = '/home',
  faults: string[] = [],
): Promise<void> {
  const q = new URLSearchParams({ persona, redirect: path });
  for (const f of faults) q.append('fault', f);
  await page.goto(`/sandbox/signin?${q.toString()}`);
  await ready(page);
}

/**
 * Waits until the page answers taps: the server's markup is on screen at once, its buttons work once the
 * JavaScript has hydrated it (src/main.tsx marks <html data-ready>), as a customer waits for a page to work.
 */
export async function ready(page: Page): Promise<void> {
  await expect(page.locator('html[data-ready]')).toHaveCount(1);
}

/** Waits until the page is hydrated and the loading overlay is gone. */
export async function settled(page: Page): Promise<void> {
  await ready(page);
  await expect(page.getByText('Please wait while we retrieve your account information.')).toHaveCount(0);
}

/** axe with the WCAG 2.x A/AA tags (2.2 included). */
export async function axe(page: Page) {
  return new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
}
