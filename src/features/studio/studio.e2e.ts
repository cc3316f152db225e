/**
 * The rule studio in the browser (issue 14), on a server of its own over a copy of the rules with its own
 * git history (playwright.config.ts, STUDIO_PORT): an analyst changes the card-expiry warning from 60 to 45
 * days, sees the cases, the preview and the home side by side change, saves with a reason; a second analyst
 * approves; the customer's home changes at the next load; the change is rolled back the same way. An
 * invalid rule and a customer's save are refused.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { STUDIO_PORT } from '../../../playwright.config';
import { loadRulesDir } from '../../../lib/rules-files';
import { repoRoot } from '../../../lib/repo';
import { axe, expect, guard, test } from '../../../test/e2e/fixtures';
import { parseDistributions } from '../../impact/distributions';
import { generatedPopulation, measureImpact } from '../../impact/impact';

const base = `http://localhost:${STUDIO_PORT}`;
const WARNING = 'Payment method almost expired';

test.use({ baseURL: base });
// One story, in order: it changes the rules this server serves.
test.describe.configure({ mode: 'serial' });

async function analystPage(browser: Browser, id: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.goto(`/sandbox/signin?analyst=${id}`);
  await expect(page.getByRole('heading', { name: 'rules/prepaid-card.json' })).toBeVisible();
  return page;
}

async function customerHome(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.goto('/sandbox/signin?persona=card-expiring&redirect=/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return page;
}

const status = (page: Page) => page.getByRole('status').filter({ hasText: /cases failing/ });

/** The command line's count of the 60 -> 45 days change on the same population, to hold the studio's against. */
function expectedImpact(): { card: number; alert: number; changed: number } {
  const base = loadRulesDir();
  const draft = loadRulesDir();
  const rule = draft['prepaid-card'].rules.find((r) => r.name === 'card-almost-expired')!;
  (rule.conditions as { all: { value: unknown }[] }).all[0]!.value = 45;
  const distributions = parseDistributions(
    JSON.parse(readFileSync(join(repoRoot, 'rules', 'population', 'distributions.json'), 'utf8')),
  );
  const report = measureImpact(draft, base, generatedPopulation(distributions));
  const count = (decision: string, change: string): number =>
    report.decisions.find((d) => d.decision === decision)?.changes.find((c) => c.change === change)
      ?.accounts ?? 0;
  return {
    card: count('prepaid-card', '2 (almost expired) → 0 (neither)'),
    alert: count('home-sections', '-prepaid-card-alert'),
    changed: report.changedAccounts,
  };
}

const n = (x: number): string => x.toLocaleString('en-US');

test.describe('an analyst changes the card warning from 60 to 45 days, a second approves, customers see it, and it is rolled back', () => {
  // One story in steps, each on the pages the one before left (the whole story took 3.5 minutes at a load
  // average of 35, with a 5-minute limit): a minute at most each, the most a test may ask for.
  test.describe.configure({ timeout: 60_000 });
  let ana: Page;
  let ben: Page;
  let customer: Page;
  let expected: ReturnType<typeof expectedImpact>;
  let anaProblems: string[] = [];
  let benProblems: string[] = [];

  test.beforeAll(async ({ browser }) => {
    expected = expectedImpact();
    expect(expected.card).toBeGreaterThan(0);
    customer = await customerHome(browser);
    ana = await (await browser.newContext({ baseURL: base })).newPage();
    anaProblems = await guard(ana);
  });
  test.afterEach(() => {
    expect(
      [...anaProblems.splice(0), ...benProblems.splice(0)],
      'no CSP violation and no uncaught error',
    ).toEqual([]);
  });
  test.afterAll(async () => {
    // A step that failed may have left some unopened.
    for (const page of [ana, ben, customer] as (Page | undefined)[]) await page?.context().close();
  });

  test('the threshold edited with the form: the case at the old boundary fails and blocks saving until it is updated', async () => {
    await expect(customer.getByText(WARNING).first()).toBeVisible();
    await ana.goto('/sandbox/signin?analyst=ana');
    await expect(status(ana)).toHaveText(/0 errors, \d+ warnings, 0 of \d+ cases failing/, {
      timeout: 20_000,
    });

    // Edit the threshold with the form.
    await ana.getByRole('button', { name: "Edit rule #3 'card-almost-expired'" }).click();
    const editor = ana.getByRole('dialog', { name: "Edit rule #3 'card-almost-expired'" });
    await expect(editor.getByLabel('Fact of condition 1')).toHaveValue('daysToCardExpiry');
    await editor.getByLabel('Value of condition 1').fill('45');
    expect((await axe(ana)).violations).toEqual([]);
    await editor.getByRole('button', { name: 'Apply to the draft' }).click();
    await expect(ana.getByRole('cell', { name: /daysToCardExpiry\s+lessThanInclusive\s+45/ })).toBeVisible();

    // The case at the old boundary fails and blocks saving.
    await expect(status(ana)).toHaveText(/0 errors, \d+ warnings, 1 of \d+ cases failing/, {
      timeout: 20_000,
    });
    await expect(ana.getByRole('listitem', { name: /^Case 3: card expiring in 60 days/ })).toContainText(
      'FAIL',
    );
    await ana.getByRole('button', { name: 'Save the change' }).click();
    await expect(ana.getByRole('alert').filter({ hasText: 'This draft cannot be saved yet' })).toBeVisible();

    // Update the case: it now checks the new boundary.
    await ana.getByRole('textbox', { name: 'daysToCardExpiry in case 3' }).fill('45');
    await ana
      .getByLabel('Name of case 3')
      .fill('card expiring in 45 days -> status 2 (2 when it expires within 45 days)');
    await expect(status(ana)).toHaveText(/0 errors, \d+ warnings, 0 of \d+ cases failing/, {
      timeout: 20_000,
    });
  });

  test('the preview and the impact on the 100,000 generated accounts, as the command line counts it', async () => {
    // The preview: card-expiring (50 days) loses the warning.
    await expect(ana.getByRole('status').filter({ hasText: 'Changed for card-expiring' })).toBeVisible();
    const row = ana.getByRole('row', { name: /card-expiring prepaid card status/ });
    await expect(row).toContainText('2');
    await expect(row).toContainText('changed: 0');

    // The impact on the 100,000 generated accounts, in a worker that prepared them with the live rules when
    // the studio opened. A cancel stops a run: pressed in the page as soon as the button has turned into
    // Cancel (a few milliseconds: a run decides 100,000 accounts), nothing is counted.
    await ana.getByRole('button', { name: 'Measure the impact' }).evaluate(async (button: HTMLElement) => {
      button.click();
      for (let i = 0; i < 100 && button.textContent !== 'Cancel the measurement'; i++)
        await new Promise((resolve) => setTimeout(resolve, 0));
      button.click();
    });
    await expect(ana.getByText('The measurement was cancelled. Nothing was counted.')).toBeVisible();
    await expect(ana.getByRole('progressbar')).toHaveCount(0);
    await expect(ana.getByText(/accounts in [\d,]+ ms/)).toHaveCount(0);

    await ana.getByRole('button', { name: 'Measure the impact' }).click();
    const summary = ana.getByRole('status').filter({ hasText: /100,000 accounts in [\d,]+ ms/ });
    await expect(summary).toBeVisible({ timeout: 60_000 });
    const ms = /in ([\d,]+) ms/.exec((await summary.textContent()) ?? '')?.[1] ?? '?';
    test.info().annotations.push({ type: 'impact', description: `100,000 accounts in ${ms} ms` });
    console.log(`studio impact: 100,000 accounts in ${ms} ms (load average decides the wall time)`);
    await expect(summary).toContainText(`${n(expected.changed)} of them`);
    // How many accounts lose the warning, as the command line counts them.
    await expect(
      ana.getByRole('row', { name: /prepaid-card 2 \(almost expired\) → 0 \(neither\)/ }),
    ).toContainText(n(expected.card));
    await expect(ana.getByRole('row', { name: /home-sections -prepaid-card-alert/ })).toContainText(
      n(expected.alert),
    );
    await expect(ana.getByRole('img', { name: /Accounts per change/ })).toBeVisible();
    expect((await axe(ana)).violations).toEqual([]);
  });

  test('an example account, and the home side by side under the live and the draft rules', async () => {
    // An example account opens with its facts and its decisions under live and draft.
    await ana
      .getByRole('button', { name: /^Open example account #\d+ \(prepaid-card: 2 \(almost expired\)/ })
      .first()
      .click();
    const example = ana.getByRole('dialog', { name: /^Example account #\d+/ });
    const days = example.getByRole('row', { name: /daysToCardExpiry/ });
    await expect(days).toBeVisible({ timeout: 20_000 });
    const daysLeft = Number(/(\d+)\s*$/.exec((await days.textContent()) ?? '')?.[1]);
    expect(daysLeft).toBeGreaterThan(45);
    expect(daysLeft).toBeLessThanOrEqual(60);
    await expect(example.getByRole('row', { name: /^prepaid card status/ })).toContainText('changed: 0');
    expect((await axe(ana)).violations).toEqual([]);
    await example.getByRole('button', { name: 'Close' }).click();
    await expect(example).toHaveCount(0);

    // The home side by side: the live rules warn, the draft does not.
    await ana.getByLabel('Persona', { exact: true }).selectOption('card-expiring');
    await ana.getByRole('button', { name: 'Open the home side by side' }).click();
    const liveFrame = ana.frameLocator('iframe[title="card-expiring\'s home under the live rules"]');
    const draftFrame = ana.frameLocator('iframe[title="card-expiring\'s home under the draft rules"]');
    await expect(liveFrame.getByText(WARNING).first()).toBeVisible({ timeout: 20_000 });
    await expect(draftFrame.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(draftFrame.getByText(WARNING)).toHaveCount(0);
  });

  test('saved with a reason, it waits for a second analyst, who approves it: live at the next page load', async ({
    browser,
  }) => {
    // Save with a reason: it waits for a second analyst.
    await ana.getByRole('button', { name: 'Save the change' }).click();
    const save = ana.getByRole('dialog', { name: 'Save this change' });
    await expect(save).toBeVisible();
    expect((await axe(ana)).violations).toEqual([]);
    await save.getByLabel('Reason for the change').fill('Warn 45 days before the card expires');
    await save.getByRole('button', { name: 'Save with this reason' }).click();
    await expect(
      ana.getByText('Saved. The change waits for a second analyst to approve it before it goes live.'),
    ).toBeVisible({ timeout: 20_000 });

    // Not live yet.
    await customer.reload();
    await expect(customer.getByText(WARNING).first()).toBeVisible();

    // Ana cannot approve her own change; Ben can.
    await ana.getByRole('button', { name: 'Pending changes' }).click();
    await expect(
      ana.getByRole('button', { name: 'Approve “Warn 45 days before the card expires”' }),
    ).toBeDisabled();
    ben = await analystPage(browser, 'ben');
    benProblems = await guard(ben);
    await ben.getByRole('button', { name: 'Pending changes' }).click();
    await ben
      .getByText(/Diff of/)
      .first()
      .click();
    await expect(ben.getByLabel(/Diff of the change Warn 45 days/)).toContainText('"value": 45');
    await ben.getByRole('button', { name: 'Approve “Warn 45 days before the card expires”' }).click();
    await expect(ben.getByText('Approved: Warn 45 days before the card expires. It is live.')).toBeVisible({
      timeout: 20_000,
    });

    // Live at the customer's next page load.
    await customer.reload();
    await expect(customer.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(customer.getByText(WARNING)).toHaveCount(0);
  });

  test('the history names author and approver with the impact; the rollback goes the same way', async () => {
    // History: the change with its author and approver; roll back to the version before it.
    await ben.getByRole('button', { name: 'History' }).click();
    const change = ben.getByRole('article', { name: 'Change: Warn 45 days before the card expires' });
    await expect(change).toContainText('By Ana Alvarez');
    await expect(change).toContainText('approved by Ben Brooks');
    // Its impact figures, as measured before the save.
    await expect(change).toContainText(`Impact: ${n(expected.changed)} of 100,000 accounts see a change`);
    await expect(change.getByRole('list', { name: 'Impact per decision' })).toContainText(
      `prepaid-card: 2 (almost expired) → 0 (neither): ${n(expected.card)} accounts`,
    );
    await ben
      .getByRole('button', { name: 'Restore the version “The rules as the studio found them”' })
      .click();
    const restore = ben.getByRole('dialog', { name: 'Restore this version' });
    expect((await axe(ben)).violations).toEqual([]);
    await restore.getByLabel('Reason for the restore').fill('Back to 60 days');
    await restore.getByRole('button', { name: 'Restore' }).click();
    // The restore's impact is measured before it is recorded.
    await expect(ben.getByText('The restore waits for a second analyst’s approval.')).toBeVisible({
      timeout: 60_000,
    });
    await ana.reload();
    await ana.getByRole('button', { name: 'Pending changes' }).click();
    await ana.getByRole('button', { name: 'Approve “Back to 60 days”' }).click();
    await expect(ana.getByText('Approved: Back to 60 days. It is live.')).toBeVisible({ timeout: 20_000 });
    await customer.reload();
    await expect(customer.getByText(WARNING).first()).toBeVisible();
    await ana.getByRole('button', { name: 'History' }).click();
    const restored = ana.getByRole('article', { name: 'Change: Back to 60 days' });
    await expect(restored).toContainText('Restores');
    // The rollback's impact: the same accounts get the warning back.
    await expect(restored).toContainText(`Impact: ${n(expected.changed)} of 100,000 accounts see a change`);
    await expect(restored.getByRole('list', { name: 'Impact per decision' })).toContainText(
      `prepaid-card: 0 (neither) → 2 (almost expired): ${n(expected.card)} accounts`,
    );
  });
});

test('an invalid rule cannot be saved, and a customer cannot save at all', async ({
  guarded: page,
  browser,
}) => {
  await page.goto('/sandbox/signin?analyst=ana');
  await expect(status(page)).toHaveText(/0 of \d+ cases failing/, { timeout: 20_000 });
  await page.getByRole('button', { name: "Edit rule #3 'card-almost-expired'" }).click();
  await page.getByLabel('Value of condition 1').fill('soon');
  await page.getByRole('button', { name: 'Apply to the draft' }).click();
  await expect(
    page.getByRole('list', { name: 'Findings of rules:check in prepaid-card.json' }),
  ).toContainText("'daysToCardExpiry' is a number, so compare it with a number", { timeout: 20_000 });
  await page.getByRole('button', { name: 'Save the change' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This draft cannot be saved yet' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Save this change' })).toHaveCount(0);

  // The server refuses it too, whatever the browser does.
  const session = (await (await page.request.get('/studio/api/session')).json()) as { csrfToken: string };
  const live = (await (await page.request.get('/studio/api/rules')).json()) as {
    commit: string;
    files: Record<string, string>;
  };
  const invalid = live.files['prepaid-card.json']!.replace(/("value": )60\b/, '$1"soon"');
  const refused = await page.request.post('/studio/api/changes', {
    headers: { 'x-csrf-token': session.csrfToken },
    data: { reason: 'invalid on purpose', base: live.commit, files: { 'prepaid-card.json': invalid } },
  });
  expect(refused.status()).toBe(422);

  // A customer: no studio, and every studio call is refused.
  const customer = await customerHome(browser);
  await expect(customer.getByRole('link', { name: /studio/i })).toHaveCount(0);
  const write = await customer.request.post('/studio/api/changes', {
    headers: { 'x-csrf-token': 'guess' },
    data: {
      reason: 'customer try',
      base: live.commit,
      files: { 'prepaid-card.json': live.files['prepaid-card.json'] },
    },
  });
  expect(write.status()).toBe(403);
  await customer.goto('/studio');
  await expect(
    customer.getByText('The rule studio is for analysts. Sign in as an analyst to use it.'),
  ).toBeVisible();
});
