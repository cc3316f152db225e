import type { Page } from '@playwright/test';
import { test, expect, axe, ready } from '../../../test/e2e/fixtures';
import { issueRecords } from '../../../test/e2e/home-helpers';

/**
 * Sign-in recovery end to end against the sandbox, without signing in (issue 10; shell spec §2, §4, §7): every
 * email a flow sends lands in the sandbox's outbox (/sandbox/outbox), where the test reads the link or the code
 * a customer would read in their inbox.
 */

interface Email {
  kind: string;
  to: string;
  subject: string;
  lines: string[];
  link?: { label: string; href: string };
}

/** The emails of this browser's session, newest last. */
async function outbox(page: Page): Promise<Email[]> {
  const r = await page.request.get('/sandbox/outbox.json');
  return ((await r.json()) as { emails: Email[] }).emails;
}

async function lastEmail(page: Page, kind: string): Promise<Email> {
  await expect
    .poll(async () => (await outbox(page)).filter((e) => e.kind === kind).length)
    .toBeGreaterThan(0);
  const email = (await outbox(page)).filter((e) => e.kind === kind).at(-1);
  if (!email) throw new Error(`no ${kind} email`);
  return email;
}

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Opens a portal page and waits until it answers taps (a tap before hydration is not the form's). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await ready(page);
}

test.describe('forgot password, end to end through the emailed link', () => {
  test('step 1, step 2 (we emailed you a link), the outbox link opens step 3, the new password is saved; the link then leads to link expired', async ({
    guarded: page,
  }) => {
    await open(page, '/login/forgotPassword');
    await page.getByLabel('Username').fill('alex.postpaid');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(h1(page, 'Forgot Password: Check Your Email')).toBeVisible();
    await expect(page.getByText('it looks like a***@mail.example')).toBeVisible();
    await page.getByLabel('Email address').fill('alex.postpaid@mail.example');
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await expect(
      page.getByText(/^Check your email: we emailed a link to reset the password of alex\.postpaid/),
    ).toBeVisible();

    // The tester's inbox: the sandbox outbox page, and its link.
    await page.goto('/sandbox/outbox');
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByRole('link', { name: 'Reset your password' }).click();
    await expect(page).toHaveURL(/\/login\/forgotPasswordStep3\?token=/);
    const link = page.url();
    await expect(h1(page, 'Forgot Password: New Password')).toBeVisible();
    await expect(page.getByText('Choose a new password for alex.postpaid.')).toBeVisible();
    expect((await axe(page)).violations).toEqual([]);

    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Save my new password' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText('at least 8 characters');
    await page.getByLabel('New password', { exact: true }).fill('NewSecret42');
    await page.getByLabel('Confirm new password').fill('NewSecret42');
    await page.getByRole('button', { name: 'Save my new password' }).click();
    await expect(h1(page, 'Password Set')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'saved' })).toContainText(
      'Your new password is saved for alex.postpaid.',
    );
    expect((await lastEmail(page, 'password-changed')).to).toBe('alex.postpaid@mail.example');

    // Used once: the same link is now the link-expired page.
    await open(page, link);
    await expect(h1(page, 'Link Expired')).toBeVisible();
    await expect(page).toHaveURL(/\/login\/linkExpired$/);
  });

  test('a link with a token nobody issued, and a link without a token, lead to link expired', async ({
    guarded: page,
  }) => {
    await open(page, '/login/forgotPasswordStep3?token=made-up');
    await expect(h1(page, 'Link Expired')).toBeVisible();
    // The page sent the customer on by itself, before anything held the focus: it stays where the browser
    // put it, and a screen reader starts the page from its top (docs/decisions/052).
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await open(page, '/login/setPassword');
    await expect(h1(page, 'Link Expired')).toBeVisible();
  });
});

test.describe('forgot username', () => {
  test('the username is emailed (outbox), and can be sent again', async ({ guarded: page }) => {
    await open(page, '/login/forgotUsername');
    await page.getByRole('button', { name: 'Send my username' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Enter the email address on your profile.',
    );
    await page.getByLabel('Email address').fill('alex.postpaid@mail.example');
    await page.getByRole('button', { name: 'Send my username' }).click();
    await expect(h1(page, 'Email Sent')).toBeVisible();
    await page.getByRole('button', { name: 'Send the email again' }).click();
    await expect(page.getByText('We sent the email again.')).toBeVisible();
    const emails = (await outbox(page)).filter((e) => e.kind === 'username');
    expect(emails).toHaveLength(2);
    expect(emails[0]?.lines[0]).toBe('The username of your profile is alex.postpaid.');
  });
});

test.describe('account number, authorization code and a new profile', () => {
  test('retrieve the account number, get an authorization code by email, create a profile with it, set nothing twice', async ({
    guarded: page,
  }) => {
    await open(page, '/login');
    await expect(h1(page, 'Sign-in help')).toBeVisible();
    await page.getByRole('link', { name: 'I need my account number' }).click();
    await page.getByLabel('Email address').fill('alex.postpaid@mail.example');
    await page.getByRole('button', { name: 'Send my account number' }).click();
    await expect(h1(page, 'Account Number Sent')).toBeVisible();
    const numberEmail = await lastEmail(page, 'account-number');
    const accountNumber = /(\d{9})/.exec(numberEmail.lines[0] ?? '')?.[1] ?? '';
    expect(accountNumber).toBe('310245781');

    await page.getByRole('link', { name: 'Get an authorization code' }).click();
    // Until the next page is shown, "Account Number Sent" labels the page's section, and a loose
    // label match would take that section for the field.
    await expect(h1(page, 'Retrieve Authorization Code')).toBeVisible();
    await page.getByLabel('Account number', { exact: true }).fill(accountNumber);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(h1(page, 'Authorization Code Options')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'a***@mail.example' })).toBeChecked();
    expect((await axe(page)).violations).toEqual([]);
    await page.getByRole('button', { name: 'Send my code' }).click();
    await expect(h1(page, 'Email Sent')).toBeVisible();
    const code = /is (\d{6})\./.exec((await lastEmail(page, 'auth-code')).lines[0] ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    await page.getByRole('link', { name: 'Create your profile' }).click();
    await expect(h1(page, 'Profile Registration')).toBeVisible();
    await expect(page.getByLabel('Account number', { exact: true })).toHaveValue(accountNumber);
    await page.getByLabel('Authorization code').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(h1(page, 'Profile Completion')).toBeVisible();
    const email = `robin.${Date.now()}@mail.example`;
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Vale');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(h1(page, 'Create Password')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('Secret123');
    await page.getByLabel('Confirm password').fill('Secret123');
    await page.getByRole('button', { name: 'Create my profile' }).click();
    await expect(h1(page, 'Enrollment Complete')).toBeVisible();
    await expect(page.getByText(`your username is ${email}`)).toBeVisible();
    expect((await lastEmail(page, 'profile-created')).to).toBe(email);

    // The email is a username now: a second profile with it is refused before any creation.
    await open(page, '/login/forgotUsername');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send my username' }).click();
    await expect(h1(page, 'Email Sent')).toBeVisible();
  });

  test('an account with no email address: the code cannot be emailed, and no call is made for it', async ({
    guarded: page,
  }) => {
    const sendCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/authCodeByEmail')) sendCalls.push(r.url());
    });
    await open(page, '/login/retrieveAuthCode');
    await page.getByLabel('Account number', { exact: true }).fill('310444423');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('We have no email address on this account to send a code to.')).toBeVisible();
    expect(sendCalls).toEqual([]);
  });
});

test.describe('single sign-on for cancel service (/login/cancelservice)', () => {
  test('an authenticated answer signs the customer in to the account the token names and opens Cancel Services', async ({
    guarded: page,
  }) => {
    await open(page, '/login/cancelservice?token=multi-account:3035559876543');
    await expect(page).toHaveURL(/\/Cancel-Services$/);
    await expect(h1(page, 'Cancel Services')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(page.getByText('3035559876543').first()).toBeVisible();
  });

  test('an unauthenticated answer keeps and shows its errorMessage', async ({ guarded: page }) => {
    await open(page, '/login/cancelservice?token=not-a-persona');
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert).toContainText('We could not sign you in from the app.');
    await expect(alert).toContainText('Invalid or expired token');
    await expect(page).toHaveURL(/\/login\/cancelservice/);
  });

  test("a non-200 answer is 'performSSO service status code is not OK': a visible message and an issue-log record", async ({
    guarded: page,
  }) => {
    const armed = await page.request.get(
      `/sandbox/faults?set=${encodeURIComponent('/preauth/dssh/redirectEntry/sso/performSSO:500')}`,
    );
    expect(armed.ok()).toBe(true);
    await open(page, '/login/cancelservice?token=postpaid');
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      'We could not sign you in from the app right now.',
    );
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect
      .poll(async () => (await issueRecords(page)).map((r) => r.message))
      .toContain('performSSO service status code is not OK');
  });
});

test.describe('the pre-auth application key', () => {
  test('every /preauth call carries the key; a 401 fetches a new key once and the call is sent again', async ({
    guarded: page,
  }) => {
    const keys: string[] = [];
    const preauth: Array<string | undefined> = [];
    page.on('request', (r) => {
      if (r.url().includes('/sandbox/application-key')) keys.push(r.url());
      if (r.url().includes('/preauth/')) preauth.push(r.headers()['x-application-key']);
    });
    let refused = false;
    // The first forgot-username call is answered as a server would answer an expired key.
    await page.route('**/preauth/dssh/Orch/forgotFlow/getForgottenUserName2*', async (route) => {
      if (refused) return route.continue();
      refused = true;
      return route.fulfill({ status: 401, json: { error: 'Application key expired' } });
    });
    await open(page, '/login/forgotUsername');
    await page.getByLabel('Email address').fill('alex.postpaid@mail.example');
    await page.getByRole('button', { name: 'Send my username' }).click();
    await expect(h1(page, 'Email Sent')).toBeVisible();
    expect(keys).toHaveLength(2);
    expect(preauth.length).toBeGreaterThanOrEqual(2);
    for (const key of preauth) expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(preauth[0]).not.toBe(preauth[1]);
  });

  test('each pre-auth call of a flow under the fault switch shows the flow’s failure and keeps what was typed', async ({
    guarded: page,
  }) => {
    await page.request.get(
      `/sandbox/faults?set=${encodeURIComponent('/preauth/dssh/Orch/forgotFlow/retrieveAccountNumber:500')}`,
    );
    await open(page, '/login/retrieveAccountNumber');
    await page.getByLabel('Email address').fill('alex.postpaid@mail.example');
    await page.getByRole('button', { name: 'Send my account number' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'We could not send your account number right now. Please try again later.',
    );
    await expect(page.getByLabel('Email address')).toHaveValue('alex.postpaid@mail.example');
    await expect
      .poll(async () => (await issueRecords(page)).map((r) => r.operation))
      .toContain('retrieveAccountNumber');
  });
});
