import type { Page } from '@playwright/test';
import { test, expect, signIn, settled, axe } from '../../../test/e2e/fixtures';
import {
  FAULT_MODES,
  expectNewIssue,
  issueCount,
  setFault,
  dismissToast,
  HOME_HEADING,
} from '../../../test/e2e/home-helpers';

/**
 * Paperless on and off (issue 8 item 8; home spec 2.5, 4 'Paperless', 5, 7, 8) through
 * machines/paperless.machine.ts: the provider's email validation, 'Confirm Email' after the same address more
 * than twice, the update call the rules choose for the billing entity (ensupdatepaperless for a 9-character
 * account, crisUpdatePaperless for a 13-character one), the sandbox keeping the change for the session.
 */

const toast = (page: Page, text: string) => page.getByText(text, { exact: true });
const NOT_VALIDATED =
  'We were unable to validate the email address provided. Please review your entry & try again.';
const ON = "You'll now recieve your bill by email";
const OFF = 'Paperless Billing turned Off';
const FAILED = 'Unable to save changes.Please try again later.';

/** The paperless block of /billing or /settings/notifications. */
const settings = (page: Page) =>
  page
    .locator('.paperless-settings')
    .filter({ has: page.getByRole('heading', { name: 'Paperless billing' }) });

test.describe('paperless billing (home spec 2.5)', () => {
  test("typed while the form's code is still on its way: the field keeps it, Go paperless judges it (the required message, focus on the field), and the flow goes on once its code arrives", async ({
    guarded: page,
  }) => {
    await signIn(page, 'blue-marble');
    // The page is hydrated; the flow's machine and xstate load with the first keystroke. Hold them back.
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    const waiting: string[] = [];
    await page.route('**/assets/*.js', async (route) => {
      waiting.push(route.request().url());
      await held;
      await route.continue();
    });
    const alert = page.getByRole('region', { name: 'Avoid the paper bill fee' });
    const field = alert.getByLabel('Email address');
    await field.fill('');
    await expect.poll(() => waiting.length).toBeGreaterThan(0);
    await expect(field).toHaveValue('');
    await alert.getByRole('button', { name: 'Go paperless' }).click();
    await expect(alert.getByText('Enter your email address.')).toBeVisible();
    await expect(field).toBeFocused();
    await field.pressSequentially('bo.bluemarble@mail.example');
    await expect(field).toHaveValue('bo.bluemarble@mail.example');
    await expect(alert.getByText('Enter your email address.')).toHaveCount(0);
    release();
    await alert.getByRole('button', { name: 'Go paperless' }).click();
    await expect(toast(page, ON)).toBeVisible();
    await expect(alert).toHaveCount(0);
    // The alert left with the button pressed: the focus is on the greeting.
    await expect(page.getByRole('heading', HOME_HEADING)).toBeFocused();
  });

  test("the paper-charge alert: ERROR answers show the inline text, the third try of the same address opens 'Confirm Email' (axe clean), Yes turns paperless on through ensupdatepaperless; the alert stays gone after a reload; /billing turns it off again", async ({
    guarded: page,
  }) => {
    await signIn(page, 'paper-invalid-email');
    await settled(page);
    const alert = page.getByRole('region', { name: 'Avoid the paper bill fee' });
    const email = alert.getByLabel('Email address');
    await email.fill('invalid.ivy@mail.example');
    const submit = alert.getByRole('button', { name: 'Go paperless' });
    await submit.click();
    await expect(alert.getByText(NOT_VALIDATED)).toBeVisible();
    await submit.click();
    await expect(alert.getByText(NOT_VALIDATED)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const update = page.waitForRequest((r) => r.url().includes('/Orch/dss/api/ensupdatepaperless'));
    await submit.click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Email' });
    await expect(confirm).toContainText(
      'We were unable to validate the email address provided. Is this email address invalid.ivy@mail.example correct?',
    );
    expect((await axe(page)).violations).toEqual([]);
    await confirm.getByRole('button', { name: 'Yes' }).click();
    const body = (await update).postDataJSON() as Record<string, unknown>;
    expect(body).toEqual({
      ban: '501700586',
      paperlessBilling: 'Y',
      email: 'invalid.ivy@mail.example',
      memo: null,
      sourceSystem: 'DIGIHOME',
    });
    await expect(toast(page, ON)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Avoid the paper bill fee' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Hi, Ivy!' })).toBeFocused();
    await page.reload();
    await settled(page);
    await expect(page.getByRole('heading', { name: 'Hi, Ivy!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Avoid the paper bill fee' })).toHaveCount(0);

    await page.goto('/billing');
    await settled(page);
    await expect(settings(page)).toContainText('On: your bill comes by email');
    await settings(page).getByRole('button', { name: 'Turn Off' }).click();
    const off = page.getByRole('dialog', { name: 'Turn Off Paperless Billing' });
    expect((await axe(page)).violations).toEqual([]);
    await off.getByRole('button', { name: 'Turn Off' }).click();
    await expect(toast(page, OFF)).toBeVisible();
    await expect(settings(page)).toContainText('Off: your bill comes by mail');
    await page.reload();
    await settled(page);
    await expect(settings(page)).toContainText('Off: your bill comes by mail');
  });

  test('a 13-character (CRIS) account turns paperless on with EMAIL and SMS on /settings/notifications through crisUpdatePaperless, on after a reload, and off again', async ({
    guarded: page,
  }) => {
    await signIn(page, 'cris', '/settings/notifications');
    await settled(page);
    await expect(settings(page)).toContainText('Off: your bill comes by mail');
    await settings(page).getByRole('button', { name: 'Turn On' }).click();
    const dialog = page.getByRole('dialog', { name: 'Paperless Billing' });
    await dialog.getByRole('radio', { name: 'EMAIL and SMS' }).check();
    const turnOn = dialog.getByRole('button', { name: 'Turn On' });
    await dialog.getByLabel('Email address').fill('cris.customer@mail');
    await expect(turnOn).toBeDisabled();
    await dialog.getByLabel('Email address').fill('cris.customer@mail.example');
    await dialog.getByLabel(/Mobile number for SMS/).fill('303555010');
    await expect(turnOn).toBeDisabled();
    await dialog.getByLabel(/Mobile number for SMS/).fill('3035550100');
    await expect(turnOn).toBeEnabled();
    expect((await axe(page)).violations).toEqual([]);
    const update = page.waitForRequest((r) => r.url().includes('/Orch/dss/api/crisUpdatePaperless'));
    await turnOn.click();
    expect((await update).postDataJSON()).toEqual({
      accountNumber: '3035551234567',
      paperlessBillingInd: true,
      updatedEmailAddress: 'cris.customer@mail.example',
    });
    await expect(toast(page, ON)).toBeVisible();
    await expect(settings(page)).toContainText('On: your bill comes by email');
    await page.reload();
    await settled(page);
    await expect(settings(page)).toContainText('On: your bill comes by email');

    await settings(page).getByRole('button', { name: 'Turn Off' }).click();
    await page
      .getByRole('dialog', { name: 'Turn Off Paperless Billing' })
      .getByRole('button', { name: 'Turn Off' })
      .click();
    await expect(toast(page, OFF)).toBeVisible();
    await page.reload();
    await settled(page);
    await expect(settings(page)).toContainText('Off: your bill comes by mail');
  });

  test('the update call failing (500, malformed, time-out): the failure toast, paperless stays off, an issue-log record; each with its own record', async ({
    guarded: page,
  }) => {
    await signIn(page, 'cris', '/billing');
    await settled(page);
    const dialog = page.getByRole('dialog', { name: 'Paperless Billing' });
    for (const mode of FAULT_MODES) {
      const before = await issueCount(page, 'crisUpdatePaperless');
      await setFault(page, '/Orch/dss/api/crisUpdatePaperless', mode);
      await settings(page).getByRole('button', { name: 'Turn On' }).click();
      // A new address each round: the same one a third time would ask 'Confirm Email' first.
      await dialog.getByLabel('Email address').fill(`cris.${mode}@mail.example`);
      await dialog.getByRole('button', { name: 'Turn On' }).click();
      await expect(toast(page, FAILED), mode).toBeVisible();
      await expect(settings(page)).toContainText('Off: your bill comes by mail');
      await expectNewIssue(page, 'crisUpdatePaperless', before);
      await dismissToast(page, toast(page, FAILED));
    }
  });

  test('a 9-character account: ensupdatepaperless failing (500, malformed, time-out) shows the failure toast and paperless stays off; validateEmail failing (500, malformed, time-out) shows the inline text; each with its record', async ({
    guarded: page,
  }) => {
    await signIn(page, 'postpaid-smb', '/billing');
    await settled(page);
    await expect(settings(page)).toContainText('Off: your bill comes by mail');
    const dialog = page.getByRole('dialog', { name: 'Paperless Billing' });
    const turnOn = async (email: string) => {
      await settings(page).getByRole('button', { name: 'Turn On' }).click();
      await dialog.getByLabel('Email address').fill(email);
      await dialog.getByRole('button', { name: 'Turn On' }).click();
    };
    for (const mode of FAULT_MODES) {
      const before = await issueCount(page, 'ensupdatepaperless');
      await setFault(page, '/Orch/dss/api/ensupdatepaperless', mode);
      await turnOn(`alex.${mode}@mail.example`);
      await expect(toast(page, FAILED), mode).toBeVisible();
      await expect(settings(page)).toContainText('Off: your bill comes by mail');
      await expectNewIssue(page, 'ensupdatepaperless', before);
      await dismissToast(page, toast(page, FAILED));
    }
    await setFault(page, '/Orch/dss/api/ensupdatepaperless', 'off');
    for (const mode of FAULT_MODES) {
      const before = await issueCount(page, 'validateEmail');
      await setFault(page, '/Orch/dssh/bm/validateEmail', mode);
      await turnOn(`alex.validation.${mode}@mail.example`);
      await expect(dialog.getByText(NOT_VALIDATED), mode).toBeVisible();
      await expectNewIssue(page, 'validateEmail', before);
      await expect(settings(page)).toContainText('Off: your bill comes by mail');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
    }
  });
});
