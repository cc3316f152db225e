/**
 * What the rehearsal does in Chromium, through the load balancer only (scripts/rehearse.ts): a customer signs
 * in at the provider's sign-in and comes back to their home, pays a bill and turns paperless on; two
 * analysts, each kept on a server of their own, propose and approve a rule change. Each step says what it
 * expected when it fails.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

const READY = 'html[data-ready]';
const LOADING = 'Please wait while we retrieve your account information.';

async function settled(page: Page): Promise<void> {
  await expect(page.locator(READY)).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByText(LOADING)).toHaveCount(0, { timeout: 30_000 });
}

/** A signed-out customer opens `path`, is sent to sign in, picks `persona`, and is back at `path`. */
export async function customerSignsIn(page: Page, lb: string, persona: string, path: string): Promise<void> {
  await page.goto(`${lb}${path}`);
  await expect(page).toHaveURL(`${lb}/sandbox/signin?redirect=${encodeURIComponent(path)}`);
  await page.locator(`a[href*="persona=${persona}&"], a[href$="persona=${persona}"]`).first().click();
  await expect(page).toHaveURL(`${lb}${path}`);
  await settled(page);
}

const balance = (page: Page) => page.getByRole('region', { name: /^(ACCOUNT BALANCE|NEXT PAYMENT)$/ });

/** The past-due customer pays at the payment stand-in and comes back with nothing owed. */
export async function paysABill(page: Page, lb: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Your payment is past due' })).toBeVisible();
  await balance(page).getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/sandbox\/jump\/payBill\?token=JT-/);
  await page.getByRole('button', { name: 'Pay $120.50' }).click();
  await expect(page.getByRole('status')).toContainText('$120.50 was paid on account 310555656');
  await page.getByRole('link', { name: 'Return to the portal' }).click();
  await expect(page).toHaveURL(`${lb}/billing`);
  await settled(page);
  await expect(balance(page)).toContainText('$0.00');
}

/** A CRIS customer turns paperless billing on, and it is still on after a reload. */
export async function turnsPaperlessOn(page: Page): Promise<void> {
  const block = page
    .locator('.paperless-settings')
    .filter({ has: page.getByRole('heading', { name: 'Paperless billing' }) });
  await expect(block).toContainText('Off: your bill comes by mail');
  await block.getByRole('button', { name: 'Turn On' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paperless Billing' });
  await dialog.getByRole('radio', { name: 'EMAIL and SMS' }).check();
  await dialog.getByLabel('Email address').fill('cris.customer@mail.example');
  await dialog.getByLabel(/Mobile number for SMS/).fill('3035550100');
  await dialog.getByRole('button', { name: 'Turn On' }).click();
  await expect(page.getByText("You'll now recieve your bill by email", { exact: true })).toBeVisible();
  await page.reload();
  await settled(page);
  await expect(block).toContainText('On: your bill comes by email');
}

export interface Analyst {
  context: BrowserContext;
  page: Page;
  csrf: string;
}

/** An analyst's browser, kept on `server` by the load balancer's cookie, signed in through the provider. */
export async function analystSignsIn(
  browser: Browser,
  lb: string,
  id: string,
  name: string,
  server: string,
): Promise<Analyst> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'SERVERID', value: server, url: lb }]);
  const page = await context.newPage();
  await page.goto(`${lb}/sandbox/signin?analyst=${id}&redirect=%2Fstudio`);
  await expect(page).toHaveURL(`${lb}/studio`);
  await expect(page.getByText(`Signed in as ${name} (analyst)`)).toBeVisible({ timeout: 30_000 });
  const session = await page.request.get(`${lb}/studio/api/session`);
  expect(session.status(), `${id}'s studio session`).toBe(200);
  return { context, page, csrf: ((await session.json()) as { csrfToken: string }).csrfToken };
}

/** The card warning moved to `days`, and its boundary case with it (a change every check accepts). */
export function cardWarning(files: Record<string, string>, days: number): Record<string, string> {
  const threshold = /("operator": "lessThanInclusive",\s*"value": )(\d+)/;
  const rules = files['prepaid-card.json'] ?? '';
  const cases = files['cases/prepaid-card.cases.json'] ?? '';
  const current = threshold.exec(rules)?.[2];
  if (!current) throw new Error('prepaid-card.json has no card-almost-expired threshold');
  return {
    'prepaid-card.json': rules.replace(threshold, `$1${days}`),
    'cases/prepaid-card.cases.json': cases.replace(
      new RegExp(`"daysToCardExpiry": ${current}\\b`, 'g'),
      `"daysToCardExpiry": ${days}`,
    ),
  };
}

/** The analyst proposes a change of the live rules; its id. */
export async function proposes(a: Analyst, lb: string, reason: string, days: number): Promise<string> {
  const live = (await (await a.page.request.get(`${lb}/studio/api/rules`)).json()) as {
    commit: string;
    files: Record<string, string>;
  };
  const res = await a.page.request.post(`${lb}/studio/api/changes`, {
    headers: { 'x-csrf-token': a.csrf },
    data: { reason, base: live.commit, files: cardWarning(live.files, days) },
  });
  const body = (await res.json()) as { id?: string; error?: string; problems?: string[] };
  if (res.status() !== 201 || !body.id)
    throw new Error(
      `the proposal was refused (${res.status()}): ${body.error} ${body.problems?.join('; ') ?? ''}`,
    );
  return body.id;
}

/** The second analyst approves the change: for everyone, or for `share` percent of accounts (a rollout). */
export async function approves(a: Analyst, lb: string, id: string, share?: number): Promise<void> {
  const res = await a.page.request.post(`${lb}/studio/api/changes/${encodeURIComponent(id)}/approve`, {
    headers: { 'x-csrf-token': a.csrf },
    data: share === undefined ? {} : { share },
  });
  if (res.status() !== 200)
    throw new Error(`the approval was refused (${res.status()}): ${await res.text()}`);
}
