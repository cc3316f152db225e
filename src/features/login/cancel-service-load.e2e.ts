import type { Page } from '@playwright/test';
import { test, expect } from '../../../test/e2e/fixtures';

/**
 * /login/cancelservice, signed out (issue 24 item 4): the page fetches none of the signed-in home's cards, and
 * once its SSO failure shows, no request is left open. A token the sign-on refuses (the unauthenticated page)
 * and a sign-on that fails (500, the page with Try again), and another sign-in page, /login/forgotUsername.
 *
 * Still fetched on every path, and not checked here: home-route and home-deps, which index.html preloads
 * (scripts/vite-first-load.ts; per route once the server renders the pages).
 */

/** The chunks of the home's cards that load on demand (src/ui/lazy-section.tsx) and their flows. */
const HOME_CARD_CODE =
  /\/assets\/(paperless|EarlyLifeBilling|PaperlessSettings|PaperChargeAlert|SuspendedAlert|WalledGardenAlert|VacationAlert|VacationNotice|LatePaymentAlert|BillingInfo|BlueMarbleSection|MovingPanel|PaymentActions|PaymentPlanButton)-[^/]+\.(js|css)$/;

/** Every request of the page from now on, and the ones still open (no response body read to its end). */
function watchNetwork(page: Page): { urls: string[]; open: Set<string> } {
  const urls: string[] = [];
  const open = new Set<string>();
  page.on('request', (r) => {
    urls.push(r.url());
    open.add(`${r.method()} ${r.url()}`);
  });
  const done = (r: { method(): string; url(): string }) => open.delete(`${r.method()} ${r.url()}`);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return { urls, open };
}

for (const [name, fault, token, shown] of [
  ['a refused token', null, 'not-a-persona', 'Invalid or expired token'],
  [
    'a sign-on failing (500)',
    '/preauth/dssh/redirectEntry/sso/performSSO:500',
    'postpaid',
    'We could not sign you in from the app right now.',
  ],
] as const) {
  test(`/login/cancelservice with ${name}: none of the home's card code is fetched, and once the failure shows the network goes quiet`, async ({
    guarded: page,
  }) => {
    if (fault)
      expect((await page.request.get(`/sandbox/faults?set=${encodeURIComponent(fault)}`)).ok()).toBe(true);
    const net = watchNetwork(page);
    await page.goto(`/login/cancelservice?token=${token}`);
    await expect(page.getByRole('main').getByRole('alert')).toContainText(shown);
    await expect.poll(() => [...net.open], { message: 'requests still open' }).toEqual([]);
    expect(net.urls.filter((u) => HOME_CARD_CODE.test(new URL(u).pathname))).toEqual([]);
    expect(net.urls.some((u) => u.includes('/redirectEntry/sso/performSSO'))).toBe(true);
  });
}

test("/login/forgotUsername fetches none of the home's card code either", async ({ guarded: page }) => {
  const net = watchNetwork(page);
  await page.goto('/login/forgotUsername');
  await expect(page.getByLabel('Email address')).toBeVisible();
  await expect.poll(() => [...net.open], { message: 'requests still open' }).toEqual([]);
  expect(net.urls.filter((u) => HOME_CARD_CODE.test(new URL(u).pathname))).toEqual([]);
});
