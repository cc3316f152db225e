import { test, expect, ready, signIn, settled, axe } from './fixtures';
import type { Page } from '@playwright/test';
import { focusedUnderOverlay, HOME_HEADING, issueRecords } from './home-helpers';

test.describe('sign-in guard', () => {
  test('an unauthenticated visit goes to the provider sign-in carrying the wanted page, and returns to it', async ({
    guarded: page,
  }) => {
    await page.goto('/billing?tab=1');
    await expect(page).toHaveURL(/\/sandbox\/signin\?redirect=%2Fbilling%3Ftab%3D1/);
    await page.getByRole('link', { name: 'postpaid', exact: true }).click();
    await expect(page).toHaveURL(/\/billing\?tab=1$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  for (const target of [
    '//evil.example/',
    '/\\evil.example',
    'https://evil.example/home',
    'http://user@evil.example/',
  ]) {
    test(`a post-login redirect to another origin (${target}) lands on /home`, async ({ guarded: page }) => {
      await signIn(page, 'postpaid', target);
      await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/home$/);
    });
  }

  test('/ redirects to /home and /orderHistory to /support', async ({ guarded: page }) => {
    await signIn(page, 'postpaid', '/');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/orderHistory');
    await expect(page).toHaveURL(/\/support$/);
  });

  test('unauthenticated flows under /login show the visitor bar and no signed-in navigation', async ({
    guarded: page,
  }) => {
    await page.goto('/login/forgotUsername');
    // The server's page is on screen before its script runs; the menu opens once the page is hydrated.
    await ready(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: /For Home/ })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
    await nav.getByRole('button', { name: 'Sign In' }).click();
    await expect(nav.getByRole('link', { name: /Quick Bill Pay/ })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: /^Feedback/ })).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getFullYear()} The Provider`);
  });
});

test.describe('navigation', () => {
  const full = ['Home', 'Billing', 'Services', 'Support', 'Settings'];
  const cases: Array<[string, string[], boolean]> = [
    ['postpaid', full, true],
    ['postpaid-smb', full, true],
    ['prepaid', full, true],
    ['multi-account', [...full, 'Messages'], true],
    ['blocked', ['Home', 'Support'], true],
    ['archived', ['Home', 'Support'], true],
    ['embargo', ['Home', 'Support'], true],
    ['bgs', [], false],
    ['federal', [], false],
  ];
  for (const [persona, items, search] of cases) {
    test(`${persona} sees ${items.length ? items.join(', ') : 'only an empty item'}${search ? '' : ' and no search'}`, async ({
      guarded: page,
    }) => {
      await signIn(page, persona);
      await settled(page);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link')).toHaveText(items);
      await expect(page.getByRole('search')).toHaveCount(search ? 1 : 0);
    });
  }

  test('search strips special characters, ignores an empty term and opens the site search in a new tab', async ({
    guarded: page,
    context,
  }) => {
    await signIn(page, 'postpaid');
    await settled(page);
    const box = page.getByRole('searchbox', { name: /Search/ });
    await box.fill('<>&');
    await box.press('Enter');
    await page.waitForTimeout(300);
    expect(context.pages()).toHaveLength(1);
    await context.route('https://www.provider.example/**', (route) => route.fulfill({ body: 'search page' }));
    const popup = context.waitForEvent('page');
    await box.fill('fiber <plans>!');
    await box.press('Enter');
    const tab = await popup;
    expect(tab.url()).toBe('https://www.provider.example/search?q=fiber%20plans');
  });

  test('the logo opens the provider site in a new tab', async ({ guarded: page }) => {
    await signIn(page, 'postpaid');
    const logo = page.getByRole('link', { name: /home page \(opens in a new tab\)/ });
    await expect(logo).toHaveAttribute('target', '_blank');
    await expect(logo).toHaveAttribute('href', 'https://www.provider.example/');
  });

  test('Sign Out goes to the logout endpoint and removes the altnumshow and emailvalidshow flags', async ({
    guarded: page,
  }) => {
    await signIn(page, 'postpaid');
    await settled(page);
    await page.evaluate(() => {
      localStorage.setItem('altnumshow', 'false');
      localStorage.setItem('emailvalidshow', 'false');
    });
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/sandbox\/signin/);
    expect(await page.evaluate(() => localStorage.getItem('altnumshow'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('emailvalidshow'))).toBeNull();
    await page.goto('/home');
    await expect(page).toHaveURL(/\/sandbox\/signin\?redirect=%2Fhome/);
  });

  test('under 768 px the menu sits behind a hamburger that closes after navigating', async ({
    guarded: page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, 'postpaid');
    await settled(page);
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Billing' })).toBeHidden();
    await menu.click();
    await page.getByRole('link', { name: 'Billing' }).click();
    await expect(page).toHaveURL(/\/billing$/);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    // The link the customer chose is hidden with the menu: the focus goes to the new page's main region,
    // not to the document's body, and the next Tab reaches the page's first control.
    await expect(page.locator('#main')).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('#main')!.contains(document.activeElement))).toBe(
      true,
    );
  });

  test("a link that leaves with its page hands the focus to the next page's main region", async ({
    guarded: page,
  }) => {
    await signIn(page, 'postpaid');
    await settled(page);
    const quick = page.getByRole('navigation', { name: 'Quick links' });
    await quick.getByRole('link', { name: 'View and pay your bill' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/billing$/);
    await expect(page.locator('#main')).toBeFocused();
    // Back to the first page, from a control of the page it leaves: the same.
    const pay = page.getByRole('button', { name: 'Pay Now' });
    await pay.focus();
    await page.goBack();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator('#main')).toBeFocused();
    // A link that stays on the page (the header's) keeps the focus.
    const home = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' });
    await home.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/home$/);
    await expect(home).toBeFocused();
  });

  test('a redirect on arrival, before anything held the focus, leaves it where the browser put it', async ({
    guarded: page,
  }) => {
    // A profile with no account yet is sent on to /AddAnAccountNumber by the page itself: the customer did
    // nothing, and a screen reader starts the page from its top.
    await signIn(page, 'needs-account');
    await expect(page).toHaveURL(/\/AddAnAccountNumber$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await settled(page);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  });

  test('closed with its button, the menu leaves the focus on the button', async ({ guarded: page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, 'postpaid');
    await settled(page);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
  });

  test('on a phone the menu is a panel over the page that closes when the customer leaves it', async ({
    guarded: page,
  }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await signIn(page, 'multi-account');
    await settled(page);
    const button = page.getByRole('button', { name: 'Menu', exact: true });
    const panel = page.locator('#main-menu');
    const main = page.locator('#main');
    const mainTop = (await main.boundingBox())!.y;
    await button.click();
    await expect(panel).toBeVisible();
    // Over the page, not in its flow: the page does not move, and the panel covers its top.
    expect((await main.boundingBox())!.y).toBe(mainTop);
    const box = (await panel.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(mainTop);
    expect((await axe(page)).violations).toEqual([]);
    // Its controls are in the page's font. A control left in the browser's own (Arial at 13.33 px) is a
    // family no other text uses, which the browser looks up and loads as the menu first opens: a third of
    // that tap's style work (docs/decisions/056).
    const ownFont = await panel.evaluate((p) => {
      const body = getComputedStyle(document.body);
      return [...p.querySelectorAll('input, button, select, textarea')]
        .filter((c) => getComputedStyle(c).fontFamily !== body.fontFamily)
        .map((c) => `${c.outerHTML.slice(0, 60)}: ${getComputedStyle(c).font}`);
    });
    expect(ownFont).toEqual([]);
    await expect(page.getByRole('searchbox')).toHaveCSS('font-size', '16px');
    // Escape closes it and hands the focus back to its button.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing' }).focus();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
    // Escape in the account list inside it closes that list alone.
    await button.click();
    const selector = page.getByRole('button', { name: /^Account:/ });
    await selector.click();
    await expect(page.getByRole('list', { name: 'Your accounts' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('list', { name: 'Your accounts' })).toBeHidden();
    await expect(selector).toBeFocused();
    await expect(panel).toBeVisible();
    // Tabbing past its last control closes it: the next control is not left under the panel (WCAG 2.4.11).
    await page.getByRole('button', { name: 'Sign Out' }).focus();
    await page.keyboard.press('Tab');
    await expect(panel).toBeHidden();
    expect(await main.evaluate((m) => m.contains(document.activeElement))).toBe(true);
    // A tap on the page beside it closes it, and the page stays where it was.
    await button.click();
    await expect(panel).toBeVisible();
    await page.mouse.click(400, 600);
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/\/home$/);
  });

  test("the account selector shows 'Account Unavailable' when no accounts are listed", async ({
    guarded: page,
  }) => {
    await signIn(page, 'account-unavailable');
    await settled(page);
    await expect(page.getByText('Account Unavailable')).toBeVisible();
  });
});

test.describe('brand', () => {
  test('second-provider customers see that their provider is now the second provider, and its footer links', async ({
    guarded: page,
  }) => {
    await signIn(page, 'second-provider');
    await settled(page);
    await expect(page.getByRole('region', { name: 'Your provider' })).toContainText(
      'The Provider is now The Second Provider.',
    );
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: /^Legal/ })).toHaveAttribute(
      'href',
      'https://www.second-provider.example/legal',
    );
    await expect(footer).toContainText(`© ${new Date().getFullYear()} The Second Provider`);
  });

  test("the provider's own customers see its footer links and no second-provider banner", async ({
    guarded: page,
  }) => {
    await signIn(page, 'postpaid');
    await settled(page);
    await expect(page.getByRole('region', { name: 'Your provider' })).toHaveCount(0);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: /^Legal/ })).toHaveAttribute(
      'href',
      'https://www.provider.example/legal',
    );
    await expect(footer.getByRole('link', { name: /^Feedback/ })).toBeVisible();
  });

  test('the loading overlay reads the spec text while the profile loads', async ({ guarded: page }) => {
    // The profile does not answer within homeCompleteMs: the server's page is the overlay, which stays while
    // the browser asks for the profile itself, until that call times out into the error view.
    await page.goto(
      `/sandbox/signin?${new URLSearchParams({ persona: 'postpaid', redirect: '/home', fault: '/Orch/dssh/homeEarlyInit:timeout' })}`,
    );
    await expect(page.getByText('Please wait while we retrieve your account information.')).toBeVisible();
    await ready(page);
    await expect(page.getByText('Please wait while we retrieve your account information.')).toBeVisible();
    await expect(page.getByRole('heading', { name: "We're sorry" })).toBeVisible({ timeout: 30_000 });
  });

  // Seed 000: the overlay is hidden on /login. The server renders these pages, so their first paint (before
  // any script runs: scripts are blocked here) is the page itself, never the signed-in overlay.
  for (const [path, heading] of [
    ['/login/profileRegistration', /./],
    ['/login/forgotUsername', /./],
    ['/login/retrieveAccountNumber', /./],
  ] as const) {
    test(`${path} paints without the loading overlay, before and after its scripts`, async ({
      guarded: page,
    }) => {
      await page.route(/\.js$/, (r) => r.abort());
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText('Please wait while we retrieve your account information.')).toHaveCount(0);
      await page.unroute(/\.js$/);
      await page.goto(path);
      await ready(page);
      await expect(page.getByText('Please wait while we retrieve your account information.')).toHaveCount(0);
    });
  }
});

test.describe('titles', () => {
  const sample: Array<[string, string]> = [
    ['/home', 'Home'],
    ['/billing', 'Billing'],
    ['/settings/notifications', 'Notifications'],
    ['/services/phone', 'Phone'],
    ['/EditMailingAddressEns/PoBox', 'PO Box'],
    ['/Cancel-Services', 'Cancel Services'],
    ['/login/forgotPassword', 'Forgot Password'],
  ];
  for (const [path, title] of sample) {
    test(`${path} is titled 'My Account | ${title}'`, async ({ guarded: page }) => {
      await signIn(page, 'postpaid', path);
      await expect(page).toHaveTitle(`My Account | ${title}`);
    });
  }
});

/** Opens the account selector and chooses an account other than the current one; what it chose. */
async function chooseOtherAccount(page: Page) {
  const selector = page.getByRole('button', { name: /^Account:/ });
  const first = (await selector.textContent()) ?? '';
  await selector.click();
  const menu = page.getByRole('list', { name: 'Your accounts' });
  const other = menu
    .getByRole('button')
    .filter({ hasNotText: first.replace('Account: ', '') })
    .first();
  const otherNumber = (await other.textContent()) ?? '';
  await other.click();
  return { selector, menu, otherNumber };
}

test.describe('account switching', () => {
  test('choosing another account switches to it and goes to /home; Add Account goes to /AddAnAccountNumber', async ({
    guarded: page,
  }) => {
    await signIn(page, 'multi-account', '/billing');
    await settled(page);
    const { selector, menu, otherNumber } = await chooseOtherAccount(page);
    await expect(page).toHaveURL(/\/home$/);
    await expect(selector).toHaveText(`Account: ${otherNumber}`);
    // The chosen button closed with the list: the focus is back on the selector, not on the body.
    await expect(selector).toBeFocused();
    await expect(page.getByText(`Account ${otherNumber}`)).toBeVisible();
    await selector.click();
    await menu.getByRole('button', { name: 'Add Account' }).click();
    await expect(page).toHaveURL(/\/AddAnAccountNumber$/);
  });

  test('on a phone, a switch chosen in the menu from the home closes the menu and shows the other home', async ({
    guarded: page,
  }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await signIn(page, 'multi-account');
    await settled(page);
    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const { otherNumber } = await chooseOtherAccount(page);
    // The same address (/home), a new page: the menu that covered it closes, as after any other navigation.
    await expect(page.getByText(`Account ${otherNumber}`)).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#main-menu')).toBeHidden();
    await expect(page.locator('#main')).toBeFocused();
  });

  test('a switch to a prepaid account that is suspended shows its suspended view, as signing in to it does', async ({
    guarded: page,
  }) => {
    await signIn(page, 'multi-account-prepaid-suspended');
    await settled(page);
    await expect(page.getByRole('heading', HOME_HEADING)).toBeVisible();
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    const { selector, otherNumber } = await chooseOtherAccount(page);
    expect(otherNumber).toBe('PPB10020099');
    await expect(selector).toHaveText('Account: PPB10020099');
    // The switch asks the walled-garden status (rules/data-loading.json plans it for a prepaid account), which
    // says hard: the suspended-account view, not the full home.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your service has been suspended!' }),
    ).toBeVisible();
    expect(asked.filter((p) => p.endsWith('/getWGStatus'))).toHaveLength(1);
    // What the rules skip for a prepaid suspended account is still skipped (shell spec, Switching accounts 4).
    const skipped = [
      '/Orch/dssh/services/myServices',
      '/Orch/dssh/rx/getRepairTicketDetails',
      '/Orch/dssh/rx/getOutageDetails',
      '/Orch/dssh/orderHistory',
      '/Orch/dssh/bm/getRateIncreaseData',
    ];
    expect(asked.filter((p) => skipped.some((call) => p.endsWith(call)))).toEqual([]);
    await expect(page.getByRole('heading', HOME_HEADING)).toHaveCount(0);
  });

  test("a failed switch shows 'We were unable to switch accounts. Please try again later.' and is logged with its reason", async ({
    guarded: page,
  }) => {
    await signIn(page, 'multi-account', '/billing', ['/Orch/dssh/setCurrentAccount:500']);
    await settled(page);
    await page.getByRole('button', { name: /^Account:/ }).click();
    const target = page.getByRole('list', { name: 'Your accounts' }).getByRole('button').nth(1);
    const targetNumber = (await target.textContent()) ?? '';
    await target.click();
    await expect(page.getByRole('alert')).toContainText(
      'We were unable to switch accounts. Please try again later.',
    );
    await expect
      .poll(async () => (await issueRecords(page)).find((r) => r.operation === 'switchAccount'))
      .toMatchObject({
        page: 'billing',
        accountNumber: targetNumber,
        message: expect.stringContaining('HTTP 500'),
      });
  });
});

test.describe('profile answers', () => {
  test('a profile failure shows the error view', async ({ guarded: page }) => {
    await signIn(page, 'profile-failure');
    await expect(page.getByRole('heading', { name: "We're sorry" })).toBeVisible();
    await expect(page.getByText("We're unable to show your account info.")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Chat With Us' })).toBeVisible();
  });

  test("status '223' sends the user to /AddAnAccountNumber", async ({ guarded: page }) => {
    await signIn(page, 'needs-account');
    await expect(page).toHaveURL(/\/AddAnAccountNumber$/);
  });

  test('status 222 goes to the URL in the response when its origin is allowlisted', async ({
    guarded: page,
    context,
  }) => {
    // The server answers /home with the redirect; the provider's site itself is out of the tests' reach.
    const toProvider = context.waitForEvent('request', (r) =>
      r.url().startsWith('https://www.provider.example/'),
    );
    const home = page.waitForResponse((r) => new URL(r.url()).pathname === '/home');
    await page.goto('/sandbox/signin?persona=redirect-222&redirect=%2Fhome').catch(() => undefined);
    expect((await home).status()).toBe(302);
    expect((await toProvider).url()).toMatch(/^https:\/\/www\.provider\.example\//);
  });

  test('status 222 with an off-allowlist URL stays on the account error page', async ({ guarded: page }) => {
    await signIn(page, 'redirect-222-evil');
    await expect(page.getByRole('heading', { name: "We're sorry" })).toBeVisible();
    await expect(page).toHaveURL(/localhost/);
  });

  test('status 222 pointing at the portal itself is refused and logged once, never a reload loop', async ({
    guarded: page,
  }) => {
    // Document loads of the main frame (a history update by the router is no load).
    const loads: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.push(request.url());
    });
    await signIn(page, 'redirect-222-self');
    await expect(page.getByRole('heading', { name: "We're sorry" })).toBeVisible();
    // A loop reloaded about four times a second: two seconds would show eight loads.
    await page.waitForTimeout(2_000);
    await expect(page).toHaveURL(/\/home$/);
    expect(loads.filter((u) => !u.includes('/sandbox/signin'))).toHaveLength(1);
    const records = (await issueRecords(page)).filter((r) => r.operation === 'redirect222');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ page: 'home', accountNumber: '310223111' });
  });

  for (const mode of ['500', 'timeout', 'malformed']) {
    test(`a profile call answering ${mode} ends in the error view, never a blank page`, async ({
      guarded: page,
    }) => {
      await signIn(page, 'postpaid', '/home', [`/Orch/dssh/homeEarlyInit:${mode}`]);
      await expect(page.getByRole('heading', { name: "We're sorry" })).toBeVisible();
    });
  }
});

test.describe('accessibility', () => {
  test('axe reports no WCAG 2.2 AA violation on the forgot-password page (visitor bar and footer)', async ({
    guarded: page,
  }) => {
    await page.goto('/login/forgotPassword');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const result = await axe(page);
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  for (const persona of ['postpaid', 'blocked', 'bgs']) {
    test(`axe reports no WCAG 2.2 AA violation on home for ${persona}`, async ({ guarded: page }) => {
      await signIn(page, persona);
      await settled(page);
      await expect(page.locator('main')).not.toBeEmpty();
      const result = await axe(page);
      expect(
        result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    });
  }
});

test.describe('QA panel', () => {
  test('with ?qa the panel explains the decisions and records the flow paths this session took', async ({
    guarded: page,
  }) => {
    await signIn(page, 'multi-account', '/home?qa');
    await settled(page);
    await page.getByRole('button', { name: /^QA: rules and flow paths/ }).click();
    await expect(page.getByLabel(/Every decision, its winning rule/)).toHaveValue(/home-view/);
    await page.getByRole('button', { name: /^Account:/ }).click();
    await page.getByRole('list', { name: 'Your accounts' }).getByRole('button').nth(1).click();
    await expect(page).toHaveURL(/\/home/);
    const recorded = page.getByLabel(/^Path of account-switch #\d+$/);
    await expect(recorded).toHaveValue(/"machine": "account-switch"/);
    await expect(recorded).toHaveValue(/ACCOUNT\.SELECT/);
    await expect(page.getByRole('region', { name: /^account-switch #\d+$/ })).toContainText('State: idle');
  });

  test('a home flow is recorded too: accepting the credit offer gives a credit-offer path', async ({
    guarded: page,
  }) => {
    await signIn(page, 'credit-offer', '/home?qa');
    await settled(page);
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText('Credit will be applied to your account.')).toBeVisible();
    await page.getByRole('button', { name: /^QA: rules and flow paths/ }).click();
    await expect(page.getByLabel(/^Path of credit-offer #\d+$/)).toHaveValue(/CREDIT\.ACCEPT/);
    await expect(page.getByRole('region', { name: /^credit-offer #\d+$/ })).toContainText(
      'State: accepted, 2 steps',
    );
  });

  test('on a phone, no control the keyboard focuses is under the panel, closed or open (WCAG 2.2 2.4.11)', async ({
    guarded: page,
  }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await signIn(page, 'postpaid', '/home?qa');
    await settled(page);
    const toggle = page.getByRole('button', { name: /^QA: rules and flow paths/ });
    await expect(toggle).toBeVisible();
    for (const state of ['closed', 'open'] as const) {
      if (state === 'open') {
        await toggle.click();
        await expect(page.getByLabel(/Every decision, its winning rule/)).toBeVisible();
      }
      const seen = await focusedUnderOverlay(page, '.qa-panel');
      expect(seen, state).not.toBeNull();
      expect(seen!.length, state).toBeGreaterThan(10);
      // The footer's last link too: the page has room below it for as long as the panel is there.
      expect(seen!.map((c) => c.control)).toContain('Feedback (opens in a new tab)');
      expect(
        seen!.filter((c) => c.covered > 0),
        state,
      ).toEqual([]);
    }
  });

  test('with a toast beside the panel, the page keeps room for the taller of the two, then for the panel alone', async ({
    guarded: page,
  }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await signIn(page, 'no-contact-number', '/home?qa', ['/Orch/dssh/profile/declineAltTn:500']);
    await settled(page);
    const toggle = page.getByRole('button', { name: /^QA: rules and flow paths/ });
    await expect(toggle).toBeVisible();
    const room = () =>
      page.evaluate(() => document.documentElement.style.getPropertyValue('--bottom-overlay'));
    // The strip the panel covers: its height, its offset from the bottom and the hook's 8 px of clearance.
    const panelStrip = () =>
      page.evaluate(() => {
        const panel = document.querySelector<HTMLElement>('.qa-panel')!;
        return Math.ceil(panel.offsetHeight + parseFloat(getComputedStyle(panel).bottom) + 8);
      });
    const closedStrip = await panelStrip();
    await expect.poll(room).toBe(`${closedStrip}px`);
    const decline = page.getByRole('main').getByRole('button', { name: 'Decline' });
    const toast = page
      .locator('.toasts')
      .getByText('We were unable to decline alternate number. Please try again later');
    for (const state of ['closed', 'open'] as const) {
      if (state === 'open') await toggle.click();
      let seen: { room: string; toasts?: number; panel?: number } | null = null;
      // If the toast (3 s) went before the check ran, Decline (failing) brings it back.
      for (let attempt = 0; attempt < 5 && seen === null; attempt++) {
        // By keyboard: focused, Decline is scrolled above the panel, open or not.
        await decline.focus();
        await page.keyboard.press('Enter');
        await expect(toast.first()).toBeVisible();
        // In one step inside the page, while the toast shows: the room is the taller of the two strips.
        seen = await page.evaluate(async () => {
          const strip = (el: HTMLElement) =>
            Math.ceil(el.offsetHeight + parseFloat(getComputedStyle(el).bottom) + 8);
          for (let frame = 0; frame < 120; frame++) {
            const toasts = document.querySelector<HTMLElement>('.toasts:has(.toast)');
            if (!toasts) return null;
            const strips = {
              toasts: strip(toasts),
              panel: strip(document.querySelector<HTMLElement>('.qa-panel')!),
            };
            const room = document.documentElement.style.getPropertyValue('--bottom-overlay');
            if (room === `${Math.max(strips.toasts, strips.panel)}px`) return { ...strips, room };
            await new Promise((resolve) => requestAnimationFrame(resolve));
          }
          return { room: document.documentElement.style.getPropertyValue('--bottom-overlay') };
        });
      }
      expect(seen, state).not.toBeNull();
      expect(seen, state).toHaveProperty('toasts');
      // The toast gone, the panel still there: its room stays.
      await expect(toast).toHaveCount(0);
      const strip = await panelStrip();
      expect(strip > closedStrip, state).toBe(state === 'open');
      await expect.poll(room).toBe(`${strip}px`);
    }
  });

  test('without ?qa there is no QA panel', async ({ guarded: page }) => {
    await signIn(page, 'postpaid');
    await settled(page);
    await expect(page.getByRole('complementary', { name: 'QA panel' })).toHaveCount(0);
  });
});
