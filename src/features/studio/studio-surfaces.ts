/**
 * Every surface of the rule studio, opened as an analyst would in the production build (issue 22, items 1
 * and 7): the rules and their decision table, the rule form, the JSON editor, the cases, the preview, the
 * impact, the simulator, the pending changes (approve for later, send back, withdraw, scheduled), the
 * history (revert, restore). Each is checked with axe (its dialogs open), for table headers broken inside
 * a word, text cut, and the save bar covering what has focus; a screenshot of each is kept with the test's
 * results. Steps of studio.e2e.ts, run in order on one page per width.
 */
import type { Page } from '@playwright/test';
import { STUDIO_ACCOUNTS } from '../../../playwright.config';
import { expect, test } from '../../../test/e2e/fixtures';
import {
  checkStatus,
  expectAxeClean,
  expectEditorLaidOut,
  expectHeadersWhole,
  expectNotCovered,
  expectNothingCut,
  openStudio,
} from '../../../test/e2e/support/studio';

/**
 * A full-page screenshot kept with the test's results, for a person to look at; it checks nothing. CI keeps
 * no results (its log shows a failure's text), so there it is not taken: 24 of them cost 8 s of CPU.
 */
const shot = async (page: Page, name: string, width: number): Promise<void> => {
  if (process.env.CI) return;
  await page.screenshot({ path: test.info().outputPath(`studio-${name}-${width}.png`), fullPage: true });
};

async function layoutChecks(page: Page): Promise<void> {
  await expectHeadersWhole(page);
  await expectNothingCut(page);
  await expectAxeClean(page);
}

/** Posts a change of a rule's description in brand.json as `analyst` (through the API): a valid change. */
async function proposeAs(page: Page, analyst: string, words: string): Promise<string> {
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  try {
    await context.request.get(`/sandbox/signin?analyst=${analyst}`);
    const { csrfToken } = (await (await context.request.get('/studio/api/session')).json()) as {
      csrfToken: string;
    };
    const live = (await (await context.request.get('/studio/api/rules')).json()) as {
      commit: string;
      files: Record<string, string>;
    };
    const text = live.files['brand.json']!.replace(/("description": ")/, `$1${words} `);
    const res = await context.request.post('/studio/api/changes', {
      headers: { 'x-csrf-token': csrfToken },
      data: { reason: words, base: live.commit, files: { 'brand.json': text } },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  } finally {
    await context.close();
  }
}

export const SURFACES: readonly { name: string; run: (page: Page, width: number) => Promise<void> }[] = [
  {
    name: 'the rules, the rule form and the JSON editor',
    run: async (page, width) => {
      await openStudio(page, 'ana');
      await expect(checkStatus(page)).toHaveText(/0 of \d+ cases failing/, { timeout: 40_000 });
      await layoutChecks(page);
      await shot(page, 'rules', width);

      await page.getByRole('button', { name: "Edit rule #3 'card-almost-expired'" }).click();
      const form = page.getByRole('dialog', { name: "Edit rule #3 'card-almost-expired'" });
      await expect(form.getByLabel('Value of condition 1')).toHaveValue('60');
      await expectAxeClean(page);
      await shot(page, 'form', width);
      await form.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: 'Edit prepaid-card.json as JSON', exact: true }).click();
      const editor = page.getByRole('dialog', { name: 'Edit prepaid-card.json as JSON' });
      await expect(editor.getByRole('textbox', { name: 'JSON of prepaid-card.json' })).toBeVisible({
        timeout: 20_000,
      });
      await expectEditorLaidOut(editor);
      // Usable: typing changes the draft.
      await editor.getByRole('textbox', { name: 'JSON of prepaid-card.json' }).click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type('\n');
      await expectAxeClean(page);
      await shot(page, 'json-editor', width);
      await editor.getByRole('button', { name: 'Close' }).click();
      await expect(page.getByRole('button', { name: 'prepaid-card.json (edited)' })).toBeVisible();
      await page.getByRole('button', { name: 'Undo: Edit prepaid-card.json as JSON' }).click();
      await expect(page.getByRole('button', { name: 'prepaid-card.json', exact: true })).toBeVisible();
    },
  },
  {
    name: 'the cases, the refused save, the preview and the impact',
    run: async (page, width) => {
      await page.getByRole('button', { name: "Edit rule #3 'card-almost-expired'" }).click();
      await page.getByLabel('Value of condition 1').fill('45');
      await page.getByRole('button', { name: 'Apply to the draft' }).click();
      await expect(checkStatus(page)).toHaveText(/1 of \d+ cases failing/, { timeout: 40_000 });
      await page.getByRole('button', { name: 'Save the change' }).click();
      const blocked = page.getByRole('alert').filter({ hasText: 'This draft cannot be saved yet' });
      await expectNotCovered(blocked);
      // The failing case is named with the value to change; its link lands on that value.
      await blocked.getByRole('link', { name: /^Case 3 .* change its daysToCardExpiry \(now 60\)/ }).click();
      const days = page.getByRole('textbox', { name: 'daysToCardExpiry in case 3' });
      await expect(days).toBeFocused();
      await expectNotCovered(days);
      await expect(page.getByRole('status').filter({ hasText: /Changed for 1 of/ })).toBeVisible({
        timeout: 40_000,
      });
      await page.getByRole('button', { name: 'Measure the impact' }).click();
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: `${STUDIO_ACCOUNTS.toLocaleString('en-US')} accounts in` }),
      ).toBeVisible({
        timeout: 45_000,
      });
      await expectNotCovered(page.getByRole('button', { name: 'Measure the impact' }));
      await expectNotCovered(page.getByRole('region', { name: 'Impact per decision' }));
      await layoutChecks(page);
      await shot(page, 'rules-edited', width);
      await page
        .getByRole('button', { name: /^Open example account/ })
        .first()
        .click();
      await expect(
        page
          .getByRole('dialog', { name: /^Example account/ })
          .getByRole('row')
          .first(),
      ).toBeVisible({
        timeout: 20_000,
      });
      await expectAxeClean(page);
      await shot(page, 'impact-example', width);
      await page
        .getByRole('dialog', { name: /^Example account/ })
        .getByRole('button', { name: 'Close' })
        .click();
      await page.getByRole('button', { name: 'Discard the draft' }).click();
      await expect(checkStatus(page)).toHaveText(/0 of \d+ cases failing/, { timeout: 40_000 });
    },
  },
  {
    name: 'the simulator',
    run: async (page, width) => {
      await page.getByRole('button', { name: 'Simulator' }).click();
      await page.getByLabel('A persona’s account').selectOption('card-expiring#0');
      const decisions = page.getByRole('status').filter({ hasText: /decisions differ/ });
      await expect(decisions).toHaveText(/^0 of \d+ decisions differ/, { timeout: 20_000 });
      await page.getByLabel('Find a fact').fill('daysToCardExpiry');
      await page.getByRole('combobox', { name: 'daysToCardExpiry' }).fill('-3');
      await page.getByText(/^prepaid-card: 1 \(expired\)/).click();
      await expect(page.getByText(/Winner: card-expired/).first()).toBeVisible();
      await layoutChecks(page);
      await shot(page, 'simulator', width);
    },
  },
  {
    name: 'the pending changes: approve for later, send back, withdraw, scheduled',
    run: async (page, width) => {
      const theirs = `Ben’s brand wording ${width}`;
      const mine = `Ana’s brand wording ${width}`;
      await proposeAs(page, 'ben', theirs);
      await proposeAs(page, 'ana', mine);
      await page.getByRole('button', { name: 'Pending changes' }).click();
      await expect(page.getByRole('article', { name: `Change: ${theirs}` })).toBeVisible();
      await layoutChecks(page);
      await shot(page, 'pending', width);

      await page.getByRole('button', { name: `Send back “${theirs}”…` }).click();
      await expectAxeClean(page);
      await page
        .getByRole('dialog', { name: 'Send this change back' })
        .getByRole('button', { name: 'Cancel' })
        .click();

      await page.getByRole('button', { name: `Withdraw “${mine}”…` }).click();
      const withdraw = page.getByRole('dialog', { name: 'Withdraw this change' });
      await expectAxeClean(page);
      await withdraw.getByLabel('Reason for withdrawing it').fill('Only a test of the studio');
      await withdraw.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await expect(page.getByText(`Withdrawn: ${mine}.`)).toBeVisible();

      await page.getByRole('button', { name: `Schedule “${theirs}”…` }).click();
      const later = page.getByRole('dialog', { name: 'Approve and schedule' });
      // A month ahead (go-live times are within a year), at 9:00 the analyst's local time.
      const day = new Date(Date.now() + 30 * 86_400_000);
      const iso = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
      const shown = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(day);
      await later.getByLabel('Go live at').fill(`${iso}T09:00`);
      await later
        .getByLabel('Note for the record (who asked for this time)')
        .fill('Marketing, for the new year');
      await expectAxeClean(page);
      await shot(page, 'schedule', width);
      await later.getByRole('button', { name: 'Approve and schedule' }).click();
      await expect(page.getByText(`Approved: ${theirs}. It goes live on ${shown}, 9:00 AM.`)).toBeVisible({
        timeout: 30_000,
      });
      const scheduled = page.getByRole('region', { name: 'Scheduled to go live' });
      await expect(scheduled).toContainText(`goes live at ${shown}, 9:00 AM`);
      await shot(page, 'scheduled', width);
      await scheduled.getByRole('button', { name: `Cancel the go-live “${theirs}”…` }).click();
      const cancel = page.getByRole('dialog', { name: 'Cancel the go-live' });
      await cancel.getByLabel('Reason for cancelling it').fill('Only a test of the studio');
      await cancel.getByRole('button', { name: 'Cancel the go-live' }).click();
      await expect(page.getByText(`Cancelled: ${theirs}.`)).toBeVisible();
    },
  },
  {
    name: 'the history: revert and restore',
    run: async (page, width) => {
      await page.getByRole('button', { name: 'History', exact: true }).click();
      const withdrawn = page.getByRole('article', { name: 'Change: Only a test of the studio' }).first();
      await expect(withdrawn).toContainText('Withdrew the change');
      await layoutChecks(page);
      await shot(page, 'history', width);
      await page.getByRole('button', { name: 'Revert “Warn 45 days before the card expires”…' }).click();
      const revert = page.getByRole('dialog', { name: 'Revert this change' });
      await expect(revert).toContainText(
        new RegExp(
          `Impact: [\\d,]+ of ${STUDIO_ACCOUNTS.toLocaleString('en-US')} accounts see a change|nothing|changes nothing`,
        ),
        {
          timeout: 45_000,
        },
      );
      await expectAxeClean(page);
      await shot(page, 'revert', width);
      await revert.getByRole('button', { name: 'Cancel' }).click();
      await page
        .getByRole('button', { name: 'Restore this version “The rules as the studio found them”…' })
        .click();
      const restore = page.getByRole('dialog', { name: 'Restore this version' });
      await expect(
        restore
          .getByRole('status')
          .or(restore.getByText(/Impact:|changes nothing/))
          .first(),
      ).toBeVisible();
      await expectAxeClean(page);
      await shot(page, 'restore', width);
      await restore.getByRole('button', { name: 'Cancel' }).click();
    },
  },
];
