import { test, expect, signIn, settled, axe } from './fixtures';
import { FAULT_MODES, expectHomeShown, expectIssueLogged } from './home-helpers';

const ANSWER = '/Orch/dssh/offers/setAccptRejectMdmRplcmt';
const CREDIT = '/Orch/dssh/offers/outOfServiceCredit';
const REPLACEMENT = '/Orch/dssh/offers/modemReplacement';
const BILL_CREDIT =
  'We are unable to retrieve the necessary detail to complete the out of service credit. Please chat with an agent.';
const MODEM_DECLINE_FAILED = 'This functionality is currently unavailable.Please try again later';

test.describe('out-of-service credit offer', () => {
  test("Accept: 'Credit will be applied to your account.', the profile reloads and the offer goes", async ({
    guarded: page,
  }) => {
    await signIn(page, 'credit-offer');
    const alert = page.getByRole('region', { name: 'Out of service credit' });
    await expect(alert).toContainText('A credit of $25.00 is available');
    await alert.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText('Credit will be applied to your account.')).toBeVisible();
    await expectHomeShown(page);
    await expect(alert).toHaveCount(0);
  });

  test("Decline: the chat dialog, 'Your out of service credit has been declined', then the offer goes; no axe violations with the dialog open", async ({
    guarded: page,
  }) => {
    await signIn(page, 'credit-offer');
    await settled(page);
    await page.getByRole('button', { name: 'Decline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline your credit' });
    await expect(dialog).toContainText('please chat with an agent');
    await expect(dialog.getByText('Your out of service credit has been declined')).toBeFocused();
    const results = await axe(page);
    expect(results.violations).toEqual([]);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('region', { name: 'Out of service credit' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: /^Hi, / })).toBeFocused();
  });

  test('Accept failing (500) opens the Bill Credit dialog and is logged', async ({ guarded: page }) => {
    await signIn(page, 'credit-offer', '/home', [`${ANSWER}:500`]);
    await page.getByRole('button', { name: 'Accept' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bill Credit' });
    await expect(dialog).toContainText(BILL_CREDIT);
    await expectIssueLogged(page, 'setAccptRejectMdmRplcmt');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('button', { name: 'Accept' })).toBeFocused();
  });

  test("Decline failing (malformed) says 'Your out of service credit has not been declined' and the offer stays", async ({
    guarded: page,
  }) => {
    await signIn(page, 'credit-offer', '/home', [`${ANSWER}:malformed`]);
    await page.getByRole('button', { name: 'Decline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline your credit' });
    await expect(dialog).toContainText('Your out of service credit has not been declined');
    await expectIssueLogged(page, 'setAccptRejectMdmRplcmt');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('region', { name: 'Out of service credit' })).toBeVisible();
  });

  for (const mode of FAULT_MODES) {
    test(`the offer look-up failing (${mode}) shows no offer and is logged`, async ({ guarded: page }) => {
      await signIn(page, 'credit-offer', '/home', [`${CREDIT}:${mode}`]);
      await expectHomeShown(page);
      await expectIssueLogged(page, 'getOutOfServiceCreditOffer');
      await expect(page.getByRole('region', { name: 'Out of service credit' })).toHaveCount(0);
    });
  }
});

test.describe('modem replacement offer', () => {
  test("Replace: the service address to confirm, then 'Your request for modem replacement is submitted.'; OK hides the offer", async ({
    guarded: page,
  }) => {
    await signIn(page, 'modem-replacement');
    const alert = page.getByRole('region', { name: 'Get a new modem' });
    await alert.getByRole('button', { name: 'Replace' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your service address' });
    await expect(dialog).toContainText('1200 Maple Ave');
    await expect(dialog).toContainText('Denver, CO 80202');
    await dialog.getByRole('button', { name: 'Confirm address' }).click();
    const submitted = page.getByRole('dialog', { name: 'Modem replacement' });
    await expect(submitted.getByText('Your request for modem replacement is submitted.')).toBeFocused();
    await submitted.getByRole('button', { name: 'OK' }).click();
    await expect(alert).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: /^Hi, / })).toBeFocused();
  });

  test('Decline asks for a confirmation, then the offer goes', async ({ guarded: page }) => {
    await signIn(page, 'modem-replacement');
    await page.getByRole('button', { name: 'Decline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline modem replacement' });
    await dialog.getByRole('button', { name: 'Yes, decline' }).click();
    await expect(page.getByRole('region', { name: 'Get a new modem' })).toHaveCount(0);
  });

  test('Replace failing (500): the chat-advice dialog, logged, and the offer stays', async ({
    guarded: page,
  }) => {
    await signIn(page, 'modem-replacement', '/home', [`${ANSWER}:500`]);
    await page.getByRole('button', { name: 'Replace' }).click();
    await page.getByRole('button', { name: 'Confirm address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modem replacement' });
    await expect(dialog).toContainText(
      'We are unable to retrieve the necessary detail to complete the modem replacement. Please chat with an agent.',
    );
    await expectIssueLogged(page, 'setAccptRejectMdmRplcmt');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('region', { name: 'Get a new modem' })).toBeVisible();
  });

  test("Decline timing out: 'This functionality is currently unavailable.Please try again later' and the offer stays", async ({
    guarded: page,
  }) => {
    await signIn(page, 'modem-replacement', '/home', [`${ANSWER}:timeout`]);
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.getByRole('button', { name: 'Yes, decline' }).click();
    await expect(page.getByText(MODEM_DECLINE_FAILED)).toBeVisible();
    await expectIssueLogged(page, 'setAccptRejectMdmRplcmt');
    await expect(page.getByRole('region', { name: 'Get a new modem' })).toBeVisible();
  });

  for (const mode of FAULT_MODES) {
    test(`the offer look-up failing (${mode}) shows no offer and is logged`, async ({ guarded: page }) => {
      await signIn(page, 'modem-replacement', '/home', [`${REPLACEMENT}:${mode}`]);
      await expectHomeShown(page);
      await expectIssueLogged(page, 'getModemReplacementOffer');
      await expect(page.getByRole('region', { name: 'Get a new modem' })).toHaveCount(0);
    });
  }
});
