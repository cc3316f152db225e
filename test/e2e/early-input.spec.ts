import type { Page } from '@playwright/test';
import { test, expect, signIn, settled, ready } from './fixtures';

/**
 * The server's page is on screen before its JavaScript (issue 20): what a customer types and taps in that
 * moment is not lost. A submit before hydration does nothing (src/ui/Form.tsx) rather than reload the page
 * and clear it, and the text typed reaches the form's state once the page is hydrated
 * (src/ui/typed-before-hydration.ts), so the next tap submits what the customer sees.
 */

/** Holds every script until the returned function is called: the page as a slow phone has it before its JavaScript. */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    release();
    await ready(page);
    // Scripts asked for later go straight to the server.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  };
}

test('a sign-in help form typed into and submitted before its JavaScript keeps the text, and the next tap goes on', async ({
  guarded: page,
}) => {
  const hydrate = await holdScripts(page);
  await page.goto('/login/forgotPassword', { waitUntil: 'commit' });
  const username = page.getByLabel('Username');
  await username.fill('alex.postpaid');
  await page.getByRole('button', { name: 'Continue' }).click();
  await hydrate();

  await expect(page).toHaveURL(/\/login\/forgotPassword$/);
  await expect(username).toHaveValue('alex.postpaid');
  await expect(page.getByText('Enter your username.')).toHaveCount(0);
  // Nothing typed again: the form's state has the text the customer sees.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/login\/forgotPasswordStep2$/);
  await expect(page.getByLabel('Email address')).toBeVisible();
});

test("a signed-in page's field typed into before its JavaScript submits that text once hydrated", async ({
  guarded: page,
}) => {
  await signIn(page, 'postpaid');
  await settled(page);
  const hydrate = await holdScripts(page);
  await page.goto('/settings/accountInfo', { waitUntil: 'commit' });
  const field = page.getByLabel('Contact number', { exact: true });
  await field.fill('3035550199');
  await hydrate();

  await expect(field).toHaveValue('3035550199');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Contact numbers are changed by our agents' }),
  ).toContainText('(303) 555-0199');
  await expect(page.getByText('Enter a 10-digit phone number.')).toHaveCount(0);
});

test("a home card whose code comes after the page hydrated: the page answers taps once the card does, and the card's first tap works", async ({
  guarded: page,
}) => {
  // The billing card's code is held until the page has hydrated without it: the home waits for a card's code
  // for homeCompleteMs at most (src/stores/arriving-code.ts), then React leaves the card's markup as the server
  // wrote it, and drops a tap there.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/BillingInfo-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  // When the page marks itself ready (src/start.tsx), had the card's code come?
  await page.addInitScript(() => {
    const w = window as unknown as { readyWithCard?: boolean };
    new MutationObserver(() => {
      if (w.readyWithCard !== undefined || !document.documentElement.hasAttribute('data-ready')) return;
      // Resource timing lists a script once it has come.
      w.readyWithCard = performance
        .getEntriesByType('resource')
        .some((entry) => /\/assets\/BillingInfo-[^/]*\.js$/.test(entry.name));
    }).observe(document, { attributes: true, attributeFilter: ['data-ready'], subtree: true });
  });
  await page.goto(
    `/sandbox/signin?${new URLSearchParams({ persona: 'postpaid-variant', redirect: '/home?qa' })}`,
  );
  await expect(page.getByRole('button', { name: 'View Bill' })).toBeVisible();
  // The QA panel shows once the page's first render is committed: the card's code is still held.
  await expect(page.getByRole('button', { name: /^QA: rules and flow paths/ })).toBeVisible();
  release();
  await ready(page);
  expect(await page.evaluate(() => (window as { readyWithCard?: boolean }).readyWithCard)).toBe(true);
  await page.getByRole('button', { name: 'View Bill' }).click();
  await expect(page).toHaveURL(/\/billDetailPdf\?billDate=/);
});
