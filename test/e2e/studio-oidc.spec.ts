/**
 * Analysts sign in to the rule studio through OpenID Connect, in Chromium (issue 23 item 2): a test OpenID
 * provider (oidc-provider) and a portal configured with it, both started here on loopback. Ben (author and
 * approver) saves a change; Ana, an author without the approver role, sees it but the page refuses her the
 * approval and says why; a second person with the approver role approves it; a denied sign-in signs nobody
 * in. Every studio page is checked with axe and under the portal's CSP.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { startPortal, type RunningPortal } from '../support/portal';
import { startTestProvider, TEST_CLIENT, type TestProvider } from '../support/oidc-provider';
import { axe, expect, test } from './fixtures';

let provider: TestProvider;
let portal: RunningPortal;
let base: string;
const shots = process.env.STUDIO_OIDC_SHOTS;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  provider = await startTestProvider();
  const rulesDir = mkdtempSync(join(tmpdir(), 'rules-oidc-'));
  cpSync('rules', rulesDir, { recursive: true });
  portal = await startPortal({
    rulesDir,
    studio: { gitDir: join(mkdtempSync(join(tmpdir(), 'studio-oidc-')), 'rules.git') },
    oidc: {
      issuer: provider.issuer,
      clientId: TEST_CLIENT.id,
      clientSecret: TEST_CLIENT.secret,
      cookieSecret: 'the browser test cookie secret',
    },
  });
  base = portal.base;
  await provider.register([`${base}/studio/auth/callback`]);
});

test.afterAll(async () => {
  await portal?.close();
  await provider?.close();
});

/** CSP violations and uncaught errors of a page, to be empty at the end. */
function guard(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) problems.push(`CSP: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`uncaught: ${err.message}`));
  return problems;
}

async function shot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Opens the studio, follows "Sign in" to the provider and signs in there as `login`. */
async function signIn(
  browser: Browser,
  login: string,
  name: string,
): Promise<{ page: Page; problems: string[] }> {
  const page = await (await browser.newContext()).newPage();
  const problems = guard(page);
  await page.goto(`${base}/studio`);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  if (login === 'u-ana') await shot(page, 'provider-sign-in');
  await page.getByLabel('Login').fill(login);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Signed in as ${name} (analyst)`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'rules/prepaid-card.json' })).toBeVisible();
  return { page, problems };
}

test('an author without the approver role is refused the approval by the page; a second analyst approves', async ({
  browser,
}) => {
  const ben = await signIn(browser, 'u-ben', 'Ben Brooks');
  // Ben saves a change through the studio's own API from his page (the editing itself is studio.e2e.ts).
  const saved = await ben.page.evaluate(async () => {
    const session = (await (await fetch('/studio/api/session')).json()) as { csrfToken: string };
    const live = (await (await fetch('/studio/api/rules')).json()) as {
      commit: string;
      files: Record<string, string>;
    };
    const text = live.files['home-sections.json']!.replace('"description": "', '"description": "Reviewed. ');
    const res = await fetch('/studio/api/changes', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
      body: JSON.stringify({
        reason: 'Note that the home sections were reviewed',
        base: live.commit,
        files: { 'home-sections.json': text },
      }),
    });
    return res.status;
  });
  expect(saved).toBe(201);

  const ana = await signIn(browser, 'u-ana', 'Ana Alvarez');
  await shot(ana.page, 'studio-signed-in');
  await ana.page.getByRole('button', { name: 'Pending changes' }).click();
  const approve = ana.page.getByRole('button', {
    name: 'Approve “Note that the home sections were reviewed”',
  });
  await expect(approve).toBeDisabled();
  await expect(
    ana.page.getByText('Approving needs the approver role, which your account does not have.'),
  ).toBeVisible();
  expect((await axe(ana.page)).violations).toEqual([]);
  await shot(ana.page, 'studio-no-approver-role');

  const second = await signIn(browser, 'u-ana2', 'Ana Alvarez');
  await second.page.getByRole('button', { name: 'Pending changes' }).click();
  await second.page
    .getByRole('button', { name: 'Approve “Note that the home sections were reviewed”' })
    .click();
  await expect(
    second.page.getByText('Approved: Note that the home sections were reviewed. It is live.'),
    // The approval runs the studio's checks and git: seconds here, a bound for a host four times slower.
  ).toBeVisible({ timeout: 60_000 });
  await shot(second.page, 'studio-approved');

  await second.page.getByRole('button', { name: 'Sign out' }).click();
  await expect(second.page.getByRole('heading', { name: 'Signed out' })).toBeVisible();
  for (const p of [ben, ana, second]) expect(p.problems).toEqual([]);
});

test('a sign-in the provider denies signs nobody in', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  const problems = guard(page);
  await page.goto(`${base}/studio/auth/login`);
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page.getByRole('heading', { name: 'Sign-in refused' })).toBeVisible();
  await expect(
    page.getByText('The identity provider refused the sign-in: The user denied the sign-in.'),
  ).toBeVisible();
  // In the portal's look, from the build's own file under the strict CSP (public/server-page.css).
  await expect(page.locator('main')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await expect(page.getByRole('link', { name: 'Sign in again' })).toHaveCSS('color', 'rgb(11, 92, 171)');
  await shot(page, 'sign-in-denied');
  await page.goto(`${base}/studio`);
  await expect(
    page.getByText('The rule studio is for analysts. Sign in as an analyst to use it.'),
  ).toBeVisible();
  expect(problems).toEqual([]);
});
