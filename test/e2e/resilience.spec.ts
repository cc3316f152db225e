import { test, expect, signIn, settled } from './fixtures';
import { issueRecords } from './home-helpers';

/**
 * Issue 11, client half: the issue log is complete and readable, and stored flags never carry one person's
 * choice over to the next. (The response fuzz, test/e2e/fuzz.spec.ts, covers 'the portal survives any data'.)
 */
test.describe('the issue log is complete and readable', () => {
  test('a data call that fails on another page is logged with that page and the account number', async ({
    guarded: page,
  }) => {
    await signIn(page, 'postpaid', '/paymentHistory', ['/Orch/dssh/rx/getOutageDetails:500']);
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment History' })).toBeVisible();
    await expect
      .poll(async () => (await issueRecords(page)).find((r) => r.operation === 'checkOutage'))
      .toMatchObject({ page: 'paymentHistory', accountNumber: '310245781' });
  });

  test('a router error is logged with its message and page, never "object Object"', async ({
    guarded: page,
  }) => {
    await signIn(page, 'postpaid');
    await settled(page);
    // The billing page's code cannot be fetched (a deploy replaced it, the network dropped): the router fails,
    // and the shell shows its retry view for it (shell spec §8), logged as loadPage.
    await page.route(/\/assets\/billing-[\w-]+\.js$/, (route) => route.abort());
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing' }).click();
    await expect(page.getByRole('heading', { name: 'This page did not load' })).toBeVisible();
    await expect
      .poll(async () => (await issueRecords(page)).find((r) => r.operation === 'loadPage'))
      .toMatchObject({ page: 'billing', accountNumber: '310245781' });
    const record = (await issueRecords(page)).find((r) => r.operation === 'loadPage');
    expect(record?.message).toMatch(/dynamically imported module/i);
    expect(record?.message).not.toMatch(/object Object/);
  });

  // The portal's own vitals module and the library it imports, one file (vite.config.ts, docs/decisions/055);
  // the library alone failing was an unhandled rejection when it was a file of its own.
  test('the vitals chunk, loaded when idle, failing to load is no page error', async ({ guarded: page }) => {
    // A deploy replaced it, or the network dropped: the figures are the operator's, the page carries on.
    const url = /\/assets\/vitals-[\w-]+\.js$/;
    await page.route(url, (route) => route.abort());
    const failed = page.waitForEvent('requestfailed', (r) => url.test(r.url()));
    await signIn(page, 'postpaid');
    await settled(page);
    await failed;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    expect((await issueRecords(page)).filter((r) => r.operation === 'pageError')).toEqual([]);
  });

  test("the rules engine's code failing to load keeps the server's home, and the next try decides", async ({
    guarded: page,
  }) => {
    // A deploy replaced the chunks, or the network dropped: the home the server decided stays (it showed
    // "We're sorry" here before), the failure is logged, and the decision is made once the code loads.
    // The rules' loader and the engine, one file (vite.config.ts, docs/decisions/055).
    const engineChunk = /\/assets\/engine-[\w-]{8}\.js$/;
    await page.route(engineChunk, (route) => route.abort());
    await signIn(page, 'unverified-email');
    await settled(page);
    const alert = page.getByRole('region', { name: 'Do we have your correct email address?' });
    await alert.getByRole('button', { name: 'Dismiss email address alert' }).click();
    // The dismissal is a fact the rules decide on: that decision cannot be made while the engine is missing.
    const decide = async () =>
      (await issueRecords(page)).filter((r) => r.operation === 'decide').map((r) => r.message);
    await expect.poll(async () => (await decide()).length).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { level: 1, name: /^Hi, / })).toBeVisible();
    await expect(page.getByText(/We.re sorry/)).toHaveCount(0);
    expect(await decide()).toContainEqual(expect.stringMatching(/^the rules engine could not be loaded: /));
    await expect(alert).toBeVisible();
    // The code is back: the next try (a few seconds later) decides, and the alert goes.
    await page.unroute(engineChunk);
    await expect(alert).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: /^Hi, / })).toBeVisible();
  });

  test('an uncaught error and an unhandled rejection are logged with the page and the account', async ({
    page,
  }) => {
    // Not the guarded page: these errors are the test's own, thrown in the page as a broken handler would.
    await signIn(page, 'postpaid');
    await settled(page);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new TypeError('a handler broke');
      });
      void Promise.reject(new Error('a flow nobody awaited'));
    });
    await expect
      .poll(async () =>
        (await issueRecords(page))
          .filter((r) => r.operation === 'pageError')
          .map((r) => `${r.page}: ${r.message}`)
          .sort(),
      )
      .toEqual([
        'home: TypeError: a handler broke',
        'home: Unhandled rejection: Error: a flow nobody awaited',
      ]);
    expect((await issueRecords(page)).find((r) => r.operation === 'pageError')?.accountNumber).toBe(
      '310245781',
    );
  });
});

test.describe("stored flags: one person's choice never hides an alert from the next person", () => {
  const emailAlert = 'Do we have your correct email address?';

  test('the email alert stays dismissed for its account, and Sign Out brings it back for whoever signs in next', async ({
    guarded: page,
  }) => {
    // What an earlier version left in this browser for someone else: it hides nothing now.
    await page.goto('/sandbox/signin');
    await page.evaluate(() => localStorage.setItem('emailvalidshow', 'false'));
    await signIn(page, 'unverified-email');
    await settled(page);
    const alert = page.getByRole('region', { name: emailAlert });
    await expect(alert).toBeVisible();
    await alert.getByRole('button', { name: 'Dismiss email address alert' }).click();
    await expect(alert).toHaveCount(0);
    // Scoped to this account, not a bare 'false', and holding no account number in clear.
    const stored = await page.evaluate(() => localStorage.getItem('emailvalidshow'));
    expect(stored).toMatch(/^false:[0-9a-f]{8}$/);
    expect(Object.keys(await page.evaluate(() => ({ ...localStorage })))).toEqual(['emailvalidshow']);

    await page.reload();
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: /^Hi, / })).toBeVisible();
    await expect(page.getByRole('region', { name: emailAlert })).toHaveCount(0);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/sandbox\/signin/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await signIn(page, 'unverified-email');
    await settled(page);
    await expect(page.getByRole('region', { name: emailAlert })).toBeVisible();
  });
});
