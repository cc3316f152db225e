/**
 * The rule studio in the browser (issues 14 and 22), on a server of its own over a copy of the rules with its
 * own git history (playwright.config.ts, STUDIO_PORT): an analyst changes the card-expiry warning from 60 to
 * 45 days, sees the failing case (linked from the refused save), undoes and redoes a step, sees every
 * persona's decisions change in words, the impact and the home side by side, saves with a reason; a second
 * analyst sends it back with a comment, the author revises it, the second approves; the customer's home
 * changes at the next load; the history says what changed; the change is rolled back the same way. Then
 * every surface at 1280 and 375 px under the CSP (studio-surfaces.ts), a hand edit outside the studio, and
 * an invalid rule and a customer's save refused. One story in order: the steps share the analysts' pages.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { STUDIO_ACCOUNTS, STUDIO_PORT, STUDIO_RULES_DIR } from '../../../playwright.config';
import { repoRoot } from '../../../lib/repo';
import { loadRulesDir } from '../../../lib/rules-files';
import { expect, test } from '../../../test/e2e/fixtures';
import { focusedUnderOverlay } from '../../../test/e2e/home-helpers';
import {
  checkStatus,
  expectAxeClean,
  expectNoCspReports,
  guardedPage,
  openStudio,
} from '../../../test/e2e/support/studio';
import { parseDistributions } from '../../impact/distributions';
import { generatedPopulation, measureImpact } from '../../impact/impact';
import { SURFACES } from './studio-surfaces';

const base = `http://localhost:${STUDIO_PORT}`;
const WARNING = 'Payment method almost expired';
const REASON = 'Warn 45 days before the card expires';

test.use({ baseURL: base });
// One story, in order: it changes the rules this server serves.
// Each step within the suite's 180 s bound for a hang (playwright.config.ts): its first step took over 60 s
// at a load average of 13 (the impact's measurement alone can take 30 s on a busy machine).
test.describe.configure({ mode: 'serial' });

/**
 * The command line's count of the 60 -> 45 days change on the same population (the studio server's copy of the
 * rules: STUDIO_ACCOUNTS accounts), to hold the studio's against.
 */
function expectedImpact(): { card: number; alert: number; changed: number } {
  const live = loadRulesDir();
  const draft = loadRulesDir();
  const rule = draft['prepaid-card'].rules.find((r) => r.name === 'card-almost-expired')!;
  (rule.conditions as { all: { value: unknown }[] }).all[0]!.value = 45;
  const distributions = parseDistributions(
    JSON.parse(readFileSync(join(repoRoot, STUDIO_RULES_DIR, 'population', 'distributions.json'), 'utf8')),
  );
  expect(distributions.accounts).toBe(STUDIO_ACCOUNTS);
  const report = measureImpact(draft, live, generatedPopulation(distributions));
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
const ACCOUNTS = n(STUDIO_ACCOUNTS);

let ana: Page;
let ben: Page;
let customer: Page;
const problems: string[][] = [];
let expected: ReturnType<typeof expectedImpact>;

test.beforeAll(async ({ browser }) => {
  for (const who of ['ana', 'ben', 'customer'] as const) {
    const g = await guardedPage(browser, base);
    problems.push(g.problems);
    if (who === 'ana') ana = g.page;
    else if (who === 'ben') ben = g.page;
    else customer = g.page;
  }
});
test.afterEach(() => {
  for (const p of problems) expect(p, 'no CSP violation and no uncaught error').toEqual([]);
});

test('the form changes the card warning; undo and redo per step', async () => {
  expected = expectedImpact();
  expect(expected.card).toBeGreaterThan(0);
  await customer.goto('/sandbox/signin?persona=card-expiring&redirect=/home');
  await expect(customer.getByText(WARNING).first()).toBeVisible({ timeout: 20_000 });

  await openStudio(ana, 'ana');
  await expect(checkStatus(ana)).toHaveText(/0 errors, \d+ warnings, 0 of \d+ cases failing/);
  await ana.getByRole('button', { name: "Edit rule #3 'card-almost-expired'", exact: true }).click();
  const editor = ana.getByRole('dialog', { name: "Edit rule #3 'card-almost-expired'" });
  await expect(editor.getByLabel('Fact of condition 1')).toHaveValue('daysToCardExpiry');
  await editor.getByLabel('Value of condition 1').fill('45');
  await expectAxeClean(ana);
  await editor.getByRole('button', { name: 'Apply to the draft' }).click();
  const threshold = ana.getByRole('cell', { name: /daysToCardExpiry\s+at most\s+45/ });
  await expect(threshold).toBeVisible();

  // Undo and redo the step.
  await ana.getByRole('button', { name: "Undo: Edit rule #3 'card-almost-expired'" }).click();
  await expect(ana.getByRole('cell', { name: /daysToCardExpiry\s+at most\s+60/ })).toBeVisible();
  await ana.getByRole('button', { name: "Redo: Edit rule #3 'card-almost-expired'" }).click();
  await expect(threshold).toBeVisible();
  // The same on the keyboard, from where the analyst is: focus is back on the rule's Edit button.
  const edit = ana.getByRole('button', { name: "Edit rule #3 'card-almost-expired'", exact: true });
  await edit.focus();
  await ana.keyboard.press('Control+Z');
  await expect(ana.getByRole('cell', { name: /daysToCardExpiry\s+at most\s+60/ })).toBeVisible();
  await ana.keyboard.press('Control+Shift+Z');
  await expect(threshold).toBeVisible();
  await expect(edit).toBeFocused();
});

test('the case at the old boundary fails and blocks the save; the refusal links to it', async () => {
  const case3 = ana.getByRole('listitem', { name: /^Case 3: card expiring in 60 days/ });
  await expect(checkStatus(ana)).toHaveText(/0 errors, \d+ warnings, 1 of \d+ cases failing/, {
    timeout: 90_000,
  });
  await expect(case3).toContainText('FAIL');
  await ana.getByRole('button', { name: 'Save the change' }).click();
  const blocked = ana.getByRole('alert').filter({ hasText: 'This draft cannot be saved yet' });
  await expect(blocked).toBeVisible();
  await blocked
    .getByRole('link', {
      name: /^Case 3 “card expiring in 60 days .*” of prepaid-card expects status 2 \(almost expired\); the draft decides status 0 \(neither\): change its daysToCardExpiry \(now 60\), or what it expects$/,
    })
    .click();
  await expect(ana.getByRole('textbox', { name: 'daysToCardExpiry in case 3' })).toBeFocused();

  // Numbers quoted in words: the cases' names and the descriptions still say 60.
  await expect(ana.getByRole('list', { name: 'Findings of rules:check in prepaid-card.json' })).toContainText(
    'its description still says 60, the value before this draft (now 45)',
  );
  await expect(ana.getByRole('listitem', { name: /^Case 1:/ })).toContainText(
    'the name of case 1 still says 60, the value before this draft (now 45)',
  );

  // Update the case: it now checks the new boundary.
  await ana.getByRole('textbox', { name: 'daysToCardExpiry in case 3' }).fill('45');
  await ana
    .getByLabel('Name of case 3')
    .fill('card expiring in 45 days -> status 2 (2 when it expires within 45 days)');
  await expect(checkStatus(ana)).toHaveText(/0 errors, \d+ warnings, 0 of \d+ cases failing/, {
    timeout: 90_000,
  });
});

test('the preview decides every persona, the changed ones first, in words', async () => {
  const summary = ana.getByRole('status').filter({ hasText: /Changed for \d+ of \d+ persona accounts/ });
  await expect(summary).toBeVisible({ timeout: 90_000 });
  await expect(summary).toContainText(/Changed for 1 of (\d+) persona accounts: card-expiring\./);
  const decisions = ana.getByRole('region', { name: 'Decisions of card-expiring' });
  const card = decisions.getByRole('row', { name: /^prepaid-card/ });
  await expect(card).toContainText('2 (almost expired)');
  await expect(card).toContainText('changed: 0 (neither)');
  await expect(decisions.getByRole('row', { name: /^home-sections/ })).toContainText(
    'prepaid-card-alert (removed)',
  );
  await expect(ana.getByText(/\d+ persona accounts without a change/)).toBeVisible();
});

test('the impact: a cancel counts nothing, a measurement counts what the command line counts', async () => {
  // Pressed in the page as soon as the button has turned into Cancel, in the same task: the run cannot end between.
  await ana.getByRole('button', { name: 'Measure the impact' }).evaluate(async (button: HTMLElement) => {
    button.click();
    for (let i = 0; i < 100 && button.textContent !== 'Cancel the measurement'; i++)
      await new Promise((resolve) => setTimeout(resolve, 0));
    button.click();
  });
  await expect(ana.getByText('The measurement was cancelled. Nothing was counted.')).toBeVisible();
  await expect(ana.getByRole('progressbar')).toHaveCount(0);

  await ana.getByRole('button', { name: 'Measure the impact' }).click();
  const summary = ana
    .getByRole('status')
    .filter({ hasText: new RegExp(`${ACCOUNTS} accounts in [\\d,]+ ms`) });
  await expect(summary).toBeVisible({ timeout: 45_000 });
  const ms = /in ([\d,]+) ms/.exec((await summary.textContent()) ?? '')?.[1] ?? '?';
  test.info().annotations.push({ type: 'impact', description: `${ACCOUNTS} accounts in ${ms} ms` });
  await expect(summary).toContainText(`${n(expected.changed)} of them`);
  await expect(
    ana.getByRole('row', { name: /prepaid-card 2 \(almost expired\) → 0 \(neither\)/ }),
  ).toContainText(n(expected.card));
  await expect(ana.getByRole('row', { name: /home-sections -prepaid-card-alert/ })).toContainText(
    n(expected.alert),
  );

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
  await expect(example.getByRole('row', { name: /^prepaid-card/ })).toContainText('changed: 0 (neither)');
  await expectAxeClean(ana);
  await example.getByRole('button', { name: 'Close' }).click();
  await expect(example).toHaveCount(0);
});

test('the home side by side: the live rules warn, the draft does not', async () => {
  await ana.getByLabel('Persona', { exact: true }).selectOption('card-expiring');
  await ana.getByRole('button', { name: 'Open the home side by side' }).click();
  const liveFrame = ana.frameLocator('iframe[title="card-expiring\'s home under the live rules"]');
  const draftFrame = ana.frameLocator('iframe[title="card-expiring\'s home under the draft rules"]');
  await expect(liveFrame.getByText(WARNING).first()).toBeVisible({ timeout: 90_000 });
  await expect(draftFrame.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 90_000 });
  await expect(draftFrame.getByText(WARNING)).toHaveCount(0);
});

test('saved with a reason, then sent back with a comment by a second analyst', async () => {
  await ana.getByRole('button', { name: 'Save the change' }).click();
  const save = ana.getByRole('dialog', { name: 'Save this change' });
  await expect(save).toBeVisible();
  await expectAxeClean(ana);
  await save.getByLabel('Reason for the change').fill('Warn 50 days before the card expires');
  await save.getByRole('button', { name: 'Save with this reason' }).click();
  await expect(
    ana.getByText('Saved. The change waits for a second analyst to approve it before it goes live.'),
  ).toBeVisible({ timeout: 45_000 });

  // Ana cannot approve her own change; Ben sends it back: the reason does not say what the change does.
  await ana.getByRole('button', { name: 'Pending changes' }).click();
  await expect(ana.getByRole('button', { name: /^Approve “Warn 50 days/ })).toHaveCount(0);
  await openStudio(ben, 'ben');
  await ben.getByRole('button', { name: 'Pending changes' }).click();
  await ben.getByRole('button', { name: 'Send back “Warn 50 days before the card expires”…' }).click();
  const sendBack = ben.getByRole('dialog', { name: 'Send this change back' });
  await sendBack.getByLabel('Comment for the author').fill('The rule says 45 days: fix the reason');
  await sendBack.getByRole('button', { name: 'Send back', exact: true }).click();
  await expect(ben.getByText('Sent back: Warn 50 days before the card expires.')).toBeVisible();
});

test('the author sees the comment, revises the change and saves it again: it replaces the one sent back', async () => {
  await ana.reload();
  // Said on arrival, on the start page.
  const notice = ana.getByRole('region', { name: 'Your change was sent back' });
  await expect(notice).toContainText(
    /Ben Brooks sent “Warn 50 days before the card expires” back on .*: “The rule says 45 days: fix the reason”/,
  );
  await ana.getByRole('button', { name: 'Pending changes' }).click();
  await expect(ana.getByRole('note', { name: 'Sent back' })).toContainText('Sent back by Ben Brooks on');
  await expect(ana.getByRole('note', { name: 'Sent back' })).toContainText(
    '“The rule says 45 days: fix the reason”',
  );
  await ana.getByRole('button', { name: 'Revise “Warn 50 days before the card expires”' }).click();
  await expect(ana.getByRole('note', { name: 'Revising a change' })).toContainText(
    'sent back with the comment “The rule says 45 days: fix the reason”',
  );
  await expect(ana.getByRole('cell', { name: /daysToCardExpiry\s+at most\s+45/ })).toBeVisible();
  await expect(checkStatus(ana)).toHaveText(/0 of \d+ cases failing/, { timeout: 90_000 });
  await ana.getByRole('button', { name: 'Save the change' }).click();
  const again = ana.getByRole('dialog', { name: 'Save this change' });
  await expect(again).toContainText('It replaces your change “Warn 50 days before the card expires”');
  await again.getByLabel('Reason for the change').fill(REASON);
  await again.getByRole('button', { name: 'Save with this reason' }).click();
  await expect(
    ana.getByText('Saved. The change waits for a second analyst to approve it before it goes live.'),
  ).toBeVisible({ timeout: 45_000 });
});

test('a second analyst approves: the customer’s home changes at its next load', async () => {
  await customer.reload();
  await expect(customer.getByText(WARNING).first()).toBeVisible();
  await ben.reload();
  await ben.getByRole('button', { name: 'Pending changes' }).click();
  const change = ben.getByRole('article', { name: `Change: ${REASON}` });
  await expect(change.getByRole('list', { name: `What “${REASON}” changes` })).toContainText(
    'card-almost-expired: 60 → 45 days',
  );
  // The reviewer sees the whole conversation, their own earlier comment too.
  await expect(change.getByRole('region', { name: `Review of “${REASON}”` })).toContainText(
    'Ben Brooks sent “Warn 50 days before the card expires” back on',
  );
  await expect(change.getByRole('region', { name: `Review of “${REASON}”` })).toContainText(
    '“The rule says 45 days: fix the reason”',
  );
  await change.getByText(/Details: version/).click();
  await expect(ben.getByLabel(`Diff of the change ${REASON}`)).toContainText('"value": 45');
  await ben.getByRole('button', { name: `Approve “${REASON}”` }).click();
  await expect(ben.getByText(`Approved: ${REASON}. It is live.`)).toBeVisible({ timeout: 90_000 });
  await customer.reload();
  await expect(customer.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(customer.getByText(WARNING)).toHaveCount(0);
});

test('the history in words; a restore shows what it changes, its diff and impact before it is proposed', async () => {
  await ben.getByRole('button', { name: 'History', exact: true }).click();
  const change = ben.getByRole('article', { name: `Change: ${REASON}` });
  await expect(change).toContainText(/By Ana Alvarez on \w{3} \d{1,2}, \d{4}/);
  await expect(change).toContainText('approved by Ben Brooks');
  await expect(change).toContainText('card-almost-expired: 60 → 45 days');
  await expect(change).toContainText(`Impact: ${n(expected.changed)} of ${ACCOUNTS} accounts see a change`);
  await expect(change.getByRole('list', { name: 'Impact per decision' })).toContainText(
    `prepaid-card: 2 (almost expired) → 0 (neither): ${n(expected.card)} accounts`,
  );
  // The change sent back and replaced is in the history too, with who and why.
  await expect(
    ben.getByRole('article', { name: 'Change: The rule says 45 days: fix the reason' }),
  ).toContainText('Sent the change “Warn 50 days before the card expires” back to its author.');

  await ben
    .getByRole('button', { name: 'Restore this version “The rules as the studio found them”…' })
    .click();
  const restore = ben.getByRole('dialog', { name: 'Restore this version' });
  await expect(restore.getByRole('list', { name: 'What the restore changes' })).toContainText(
    'card-almost-expired: 45 → 60 days',
  );
  await expect(restore).toContainText(`Impact: ${n(expected.changed)} of ${ACCOUNTS} accounts see a change`, {
    timeout: 45_000,
  });
  await expectAxeClean(ben);
  await restore.getByLabel('Reason for the restore').fill('Back to 60 days');
  await restore.getByRole('button', { name: 'Restore' }).click();
  await expect(ben.getByText('The restore waits for a second analyst’s approval.')).toBeVisible({
    timeout: 90_000,
  });
});

test('the restore approved: the customer gets the warning back, the history records its impact', async () => {
  await ana.reload();
  await ana.getByRole('button', { name: 'Pending changes' }).click();
  await ana.getByRole('button', { name: 'Approve “Back to 60 days”' }).click();
  await expect(ana.getByText('Approved: Back to 60 days. It is live.')).toBeVisible({ timeout: 90_000 });
  await customer.reload();
  await expect(customer.getByText(WARNING).first()).toBeVisible();
  await ana.getByRole('button', { name: 'History', exact: true }).click();
  const restored = ana.getByRole('article', { name: 'Change: Back to 60 days' });
  await expect(restored).toContainText('Restores an earlier version');
  await expect(restored).toContainText(`Impact: ${n(expected.changed)} of ${ACCOUNTS} accounts see a change`);
  await expect(restored.getByRole('list', { name: 'Impact per decision' })).toContainText(
    `prepaid-card: 0 (neither) → 2 (almost expired): ${n(expected.card)} accounts`,
  );
});

for (const width of [1280, 375]) {
  let page: Page;
  for (const [i, surface] of SURFACES.entries()) {
    test(`${surface.name} at ${width} px: under the CSP, axe clean with dialogs open, nothing covered or cut`, async ({
      browser,
    }) => {
      if (i === 0) {
        const g = await guardedPage(browser, base, width);
        problems.push(g.problems);
        page = g.page;
      }
      await surface.run(page, width);
      await expectNoCspReports(page);
    });
  }
}

test('a hand edit outside the studio is recorded as such, and an invalid one is said first', async () => {
  const file = join(STUDIO_RULES_DIR, 'brand.json');
  const before = readFileSync(file, 'utf8');
  try {
    writeFileSync(file, before.replace(/"priority": \d+/, '"priority": "high"'));
    await openStudio(ana, 'ana');
    const alert = ana.getByRole('alert').filter({ hasText: 'edited outside the studio' });
    await expect(alert).toContainText(
      /The rules folder was edited outside the studio on .*, and the edit is invalid/,
    );
    await expect(
      alert.getByRole('list', { name: 'Problems of the edit made outside the studio' }),
    ).toContainText('rules/brand.json');
    await expectAxeClean(ana);
    await alert.getByRole('button', { name: 'See it in the history' }).click();
    await expect(
      ana.getByRole('article', { name: 'Change: Changes made outside the studio' }).first(),
    ).toContainText('Edited outside the studio, and rejected by the checks');
  } finally {
    writeFileSync(file, before);
  }
  await ana.reload();
  // The studio loading its rules after a reload, as openStudio waits for it (the folder was just checked again).
  await expect(ana.getByRole('heading', { name: 'rules/prepaid-card.json' })).toBeVisible({
    timeout: 90_000,
  });
  await expect(ana.getByRole('alert').filter({ hasText: 'edited outside the studio' })).toHaveCount(0);
  await ana.getByRole('button', { name: 'History', exact: true }).click();
  await expect(
    ana.getByRole('article', { name: 'Change: Changes made outside the studio' }).first(),
  ).toContainText('Edited outside the studio; the checks found it valid.');
});

test('an invalid rule cannot be saved, and a customer cannot save at all', async ({
  guarded: page,
  browser,
}) => {
  await openStudio(page, 'ana');
  // The form refuses text that is no number at once, saying what to type, and applies nothing.
  await page.getByRole('button', { name: "Edit rule #3 'card-almost-expired'", exact: true }).click();
  const form = page.getByRole('dialog', { name: "Edit rule #3 'card-almost-expired'" });
  await form.getByLabel('Value of condition 1').fill('soon');
  await expect(form.getByLabel('Value of condition 1')).toHaveAccessibleDescription(
    '“soon” is not a number: type a number in digits, like 45',
  );
  await form.getByRole('button', { name: 'Apply to the draft' }).click();
  await expect(form.getByRole('alert')).toContainText('Not applied: fix this value first.');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(
    page.getByRole('button', { name: "Edit rule #3 'card-almost-expired'", exact: true }),
  ).toBeFocused();

  // The JSON editor can still make the rule invalid: the check says so, and where.
  await page.getByRole('button', { name: 'Edit prepaid-card.json as JSON', exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'Edit prepaid-card.json as JSON' });
  const json = editor.getByRole('textbox', { name: 'JSON of prepaid-card.json' });
  await expect(json).toBeVisible({ timeout: 20_000 });
  const text = (await (await page.request.get('/studio/api/rules')).json()) as {
    files: Record<string, string>;
  };
  await json.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(
    text.files['prepaid-card.json']!.replace(/("lessThanInclusive",\s*"value": )60\b/, '$1"soon"'),
  );
  await editor.getByRole('button', { name: 'Close' }).click();
  await expect(
    page.getByRole('button', { name: 'Edit prepaid-card.json as JSON', exact: true }),
  ).toBeFocused();
  await expect(
    page.getByRole('list', { name: 'Findings of rules:check in prepaid-card.json' }),
  ).toContainText("'daysToCardExpiry' is a number, so compare it with a number", { timeout: 90_000 });
  await expect(checkStatus(page)).toHaveText(
    /errors?, \d+ warnings: the cases run once the rule files have no error/,
  );
  // Nothing is decided with a draft that has errors: both previews say so, and where.
  const nothingDecided = page
    .getByRole('status')
    .filter({ hasText: /^The draft has an error, so nothing is decided with it/ });
  await expect(nothingDecided).toHaveCount(2);
  for (const said of await nothingDecided.all()) await expect(said).toContainText('rules/prepaid-card.json');
  await expect(page.getByRole('status').filter({ hasText: /Changed for/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open the home side by side' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(checkStatus(page)).not.toContainText('0 of 0');
  await page.getByRole('button', { name: 'Save the change' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This draft cannot be saved yet' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Save this change' })).toHaveCount(0);

  // Reloading asks first, and the unsaved draft survives the reload.
  const asked: string[] = [];
  page.on('dialog', (d) => {
    asked.push(d.type());
    void d.accept();
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'rules/prepaid-card.json' })).toBeVisible({
    timeout: 90_000,
  });
  await expect(
    page.getByText('Your unsaved draft was kept from before the page was reloaded.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'prepaid-card.json (edited)' })).toBeVisible();
  expect(asked).toEqual(['beforeunload']);
  await page.getByRole('button', { name: 'Discard the draft' }).click();

  // The server refuses it too, whatever the browser does.
  const session = (await (await page.request.get('/studio/api/session')).json()) as { csrfToken: string };
  const live = (await (await page.request.get('/studio/api/rules')).json()) as {
    commit: string;
    files: Record<string, string>;
  };
  const invalid = live.files['prepaid-card.json']!.replace(
    /("lessThanInclusive",\s*"value": )60\b/,
    '$1"soon"',
  );
  const refused = await page.request.post('/studio/api/changes', {
    headers: { 'x-csrf-token': session.csrfToken },
    data: { reason: 'invalid on purpose', base: live.commit, files: { 'prepaid-card.json': invalid } },
  });
  expect(refused.status()).toBe(422);

  // A customer: no studio, and every studio call is refused.
  const context = await browser.newContext({ baseURL: base });
  const customerPage = await context.newPage();
  await customerPage.goto('/sandbox/signin?persona=card-expiring&redirect=/home');
  const write = await customerPage.request.post('/studio/api/changes', {
    headers: { 'x-csrf-token': 'guess' },
    data: {
      reason: 'customer try',
      base: live.commit,
      files: { 'prepaid-card.json': live.files['prepaid-card.json'] },
    },
  });
  expect(write.status()).toBe(403);
  await customerPage.goto('/studio');
  await expect(
    customerPage.getByText('The rule studio is for analysts. Sign in as an analyst to use it.'),
  ).toBeVisible();
});

test('with ?qa and a draft, the QA panel sits above the save bar; neither hides a focused control', async ({
  guarded: page,
}) => {
  await openStudio(page, 'ana');
  await page.goto('/studio?qa');
  await expect(page.getByRole('heading', { name: 'rules/prepaid-card.json' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: "Edit rule #3 'card-almost-expired'", exact: true }).click();
  const form = page.getByRole('dialog', { name: "Edit rule #3 'card-almost-expired'" });
  await form.getByLabel('Value of condition 1').fill('45');
  await form.getByRole('button', { name: 'Apply to the draft' }).click();
  const bar = page.getByRole('group', { name: 'The draft' });
  const toggle = page.getByRole('button', { name: /^QA: rules and flow paths/ });
  await expect(bar).toBeVisible();
  await expect(toggle).toBeVisible();
  // An analyst's screen and a phone's: the bar wraps to two rows on the phone (113 px against 62).
  for (const size of [
    { width: 1280, height: 800 },
    { width: 412, height: 823 },
  ]) {
    await page.setViewportSize(size);
    // Where the analyst works: the file's rules (on a phone, below the list of files).
    await page
      .getByRole('button', { name: "Edit rule #3 'card-almost-expired'", exact: true })
      .scrollIntoViewIfNeeded();
    // The panel is lifted by the bar's height, measured as the bar lays out.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const held = document.querySelector<HTMLElement>('.studio-savebar')!;
          const lifted = document.documentElement.style.getPropertyValue('--bottom-bar');
          return lifted === `${held.offsetHeight}px` || `${lifted} for a bar of ${held.offsetHeight}px`;
        }),
      )
      .toBe(true);
    // The bar held at the screen's bottom, the panel's button wholly above it.
    const [held, panel] = await Promise.all([bar.boundingBox(), toggle.boundingBox()]);
    expect(Math.round(held!.y + held!.height), `${size.width} px`).toBe(size.height);
    expect(panel!.y + panel!.height, `${size.width} px`).toBeLessThanOrEqual(held!.y);
    for (const overlay of ['.studio-savebar', '.qa-panel']) {
      const seen = await focusedUnderOverlay(page, overlay);
      expect(seen, `${overlay} at ${size.width} px`).not.toBeNull();
      expect(seen!.length, `${overlay} at ${size.width} px`).toBeGreaterThan(10);
      expect(
        seen!.filter((c) => c.covered > 0),
        `${overlay} at ${size.width} px`,
      ).toEqual([]);
    }
  }
  await page.getByRole('button', { name: 'Discard the draft' }).click();
  await expect(page.getByRole('button', { name: 'prepaid-card.json (edited)' })).toHaveCount(0);
});
