import type { Page } from '@playwright/test';
import { test, expect, signIn, settled, axe, ready } from './fixtures';
import { loginRoutes } from '../../src/shell/route-table';
import { ANALYTICS_EVENTS } from '../../src/stores/analytics';

/**
 * The shell's part of issue 10: the tracking cookie and the dataLayer, no signed-in navigation on the
 * unauthenticated addresses, /login itself, chunk failures inside the shell, pages closed by the rules, the
 * global chat function with the sandbox's stand-in widget, and a declined contact number after a reload.
 */

const dataLayer = (page: Page) =>
  page.evaluate(
    () => ((window as Window & { dataLayer?: unknown[] }).dataLayer ?? []) as Array<Record<string, unknown>>,
  );

test.describe('tracking cookie (shell spec §3, §9)', () => {
  test('is Secure, SameSite, lives 90 days, carries the account fields and never a name, email or account number', async ({
    guarded: page,
    context,
  }) => {
    await signIn(page, 'postpaid');
    await settled(page);
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'portal_tracking')?.value ?? '')
      .toContain('hsiOwned:1');
    const cookie = (await context.cookies()).find((c) => c.name === 'portal_tracking');
    if (!cookie) throw new Error('no tracking cookie');
    expect(cookie.secure).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
    expect(cookie.httpOnly).toBe(false);
    const days = (cookie.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);
    expect(cookie.value).toBe(
      'accountType:I|billingEntity:ENSEMBLE|stateCode:CO|zip:80202|autopay:1|paperless:1|canShop:1|hsiOwned:1|dtvOwned:0|upgradeEligible:1|currentSpeed:100|maxSpeed:940|customerType:RES',
    );
    for (const personal of ['Alex', 'Rivera', 'alex.postpaid', '@', '310245781']) {
      expect(cookie.value).not.toContain(personal);
    }
  });
});

test.describe('analytics (window.dataLayer)', () => {
  test('page views of every address, by path only, and nothing outside the catalogue', async ({
    guarded: page,
  }) => {
    await signIn(page, 'postpaid');
    await settled(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await expect
      .poll(async () =>
        (await dataLayer(page)).filter((e) => e.event === 'page_view').map((e) => e.page_path),
      )
      .toEqual(['/home', '/billing']);
    const names = new Set<unknown>(Object.values(ANALYTICS_EVENTS));
    for (const e of await dataLayer(page)) expect(names.has(e.event), String(e.event)).toBe(true);
    expect(JSON.stringify(await dataLayer(page))).not.toMatch(/alex|310245781/i);
  });

  test("a failed profile pushes the spec's account_profile_data_error", async ({ guarded: page }) => {
    await signIn(page, 'profile-failure');
    await expect(page.getByRole('heading', { name: "We're sorry" })).toBeVisible();
    await expect
      .poll(async () => (await dataLayer(page)).map((e) => e.event))
      .toContain('account_profile_data_error');
  });
});

test.describe('unauthenticated addresses (shell spec §2)', () => {
  const addresses = [
    '/login',
    ...loginRoutes.map((r) => `/login/${r.path}`),
    '/forgotPassword',
    '/retrieveAccountNumber',
    '/mub',
  ];

  test('never show the signed-in navigation, even to a signed-in customer', async ({ guarded: page }) => {
    // A page load per address: about 20 s on a busy 2-core machine, more than half the default 30 s.
    await signIn(page, 'postpaid');
    await settled(page);
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    for (const address of addresses) {
      await page.goto(address);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('button', { name: 'Sign In' }), address).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 }), address).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'Sign Out' }), address).toHaveCount(0);
      await expect(nav.getByRole('link', { name: 'Billing' }), address).toHaveCount(0);
    }
  });

  test('/login alone is sign-in help, with the way into every recovery flow; axe finds nothing', async ({
    guarded: page,
  }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('My Account | Sign-in help');
    const help = page.getByRole('region', { name: 'Sign-in help' });
    for (const name of [
      'I forgot my username',
      'I forgot my password',
      'I need my account number',
      'I need an authorization code',
      'Create an online profile',
    ])
      await expect(help.getByRole('link', { name })).toBeVisible();
    expect((await axe(page)).violations).toEqual([]);
  });
});

test.describe('chunk-loading failures (shell spec §8)', () => {
  test("a page whose code cannot be fetched shows the retry view inside the shell; 'Try again' loads it", async ({
    guarded: page,
  }) => {
    await signIn(page, 'postpaid');
    await settled(page);
    let block = true;
    await page.route(/\/assets\/billing-[^/]+\.js$/, (route) => (block ? route.abort() : route.continue()));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'This page did not load' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    block = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  });
});

test.describe('pages gated by allowPagesAccess and canBeCancelled (rules/page-access.json)', () => {
  test('allowPagesAccess false: account pages say they are not available; Home and Support open', async ({
    guarded: page,
  }) => {
    await signIn(page, 'pages-closed', '/billing');
    await expect(
      page.getByRole('heading', { level: 1, name: 'This page is not available for your account' }),
    ).toBeVisible();
    // The navigation offers no closed page.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
      'Home',
      'Support',
    ]);
    await page.goto('/settings/accountInfo');
    await expect(
      page.getByRole('heading', { level: 1, name: 'This page is not available for your account' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back to your account home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Hi, / })).toBeVisible();
    await page.goto('/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  });

  test('canBeCancelled false closes Cancel Services only', async ({ guarded: page }) => {
    await signIn(page, 'cancel-not-eligible', '/Cancel-Services');
    await expect(
      page.getByRole('heading', { level: 1, name: 'This page is not available for your account' }),
    ).toBeVisible();
    await page.goto('/billing');
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  });
});

test.describe('chat (one global chat function)', () => {
  test("'Chat with us' opens the stand-in chat widget; the chat route removes it", async ({
    guarded: page,
  }) => {
    await page.goto('/login/forgotPassword');
    await ready(page);
    await page.getByRole('button', { name: 'Chat with us' }).click();
    const chat = page.getByRole('dialog', { name: 'Chat with us' });
    await expect(chat).toBeVisible();
    await expect(chat.getByLabel('Your message')).toBeFocused();
    await chat.getByLabel('Your message').fill('Where is my bill?');
    await chat.getByRole('button', { name: 'Send' }).click();
    await expect(chat.getByRole('log')).toContainText('You: Where is my bill?');
    expect((await axe(page)).violations).toEqual([]);
    await expect
      .poll(async () => (await dataLayer(page)).filter((e) => e.event === ANALYTICS_EVENTS.chatOpen))
      .toEqual([{ event: ANALYTICS_EVENTS.chatOpen, page_path: '/login/forgotPassword' }]);

    await page.getByRole('link', { name: 'Other sign-in help' }).click();
    await page.getByRole('button', { name: 'Chat with us' }).click();
    await expect(chat).toBeVisible();
    await page.goto('/login/chat');
    await expect(page.getByRole('heading', { level: 1, name: 'Chat with us' })).toBeVisible();
    // The vendor's script puts its widget on the chat route too: it is gone within the 100 ms sweep.
    await page.addScriptTag({ url: '/sandbox/chat-widget.js' });
    const seen = await page.evaluate(
      () =>
        new Promise<{ added: boolean; after: boolean }>((resolve) => {
          (window as unknown as { SandboxChat: { open(): void } }).SandboxChat.open();
          const added = document.querySelector('#chat-widget-container') !== null;
          setTimeout(
            () => resolve({ added, after: document.querySelector('#chat-widget-container') !== null }),
            250,
          );
        }),
    );
    expect(seen).toEqual({ added: true, after: false });
  });
});

test.describe('contact-number alert (shell spec §4)', () => {
  test('stays declined after a reload once the decline call succeeded (the sandbox keeps it)', async ({
    guarded: page,
  }) => {
    await signIn(page, 'no-contact-number');
    await settled(page);
    const alert = page.getByRole('region', { name: 'Add a contact number' });
    await expect(alert).toBeVisible();
    await alert.getByRole('button', { name: 'Decline' }).click();
    await expect(alert).toHaveCount(0);
    await page.reload();
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: /^Hi, / })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Add a contact number' })).toHaveCount(0);
  });
});
