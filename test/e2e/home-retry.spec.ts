import { test, expect, signIn, settled, axe } from './fixtures';
import {
  FAULT_MODES,
  expectHomeShown,
  expectIssueLogged,
  expectNewIssue,
  issueCount,
  setFault,
  dismissToast,
} from './home-helpers';

const PAY = '/Orch/dssh/pbs/authorizePayment';
const SUSPENDED = 'Your service has been suspended!';
const PAYMENT_FAILED =
  'An error occurred when submitting your payment. Your request was not submitted, please try again later.';

test.describe("suspended prepaid notice 'Your service has been suspended!' and Retry Payment", () => {
  test('Retry Payment succeeds: the success box shows the amount, card digits and confirmation number; no axe violations', async ({
    guarded: page,
  }) => {
    await signIn(page, 'payment-retry-success');
    await settled(page);
    const notice = page.getByRole('region', { name: SUSPENDED });
    await expect(notice.getByRole('button', { name: 'Edit Payment Method' })).toBeVisible();
    await expect(notice.getByRole('button', { name: 'Pay with new Payment Method' })).toBeVisible();
    expect((await axe(page)).violations).toEqual([]);
    await notice.getByRole('button', { name: 'Retry Payment' }).click();
    const box = page.getByRole('region', { name: 'Payment successful' });
    await expect(box).toContainText('$55.00');
    await expect(box).toContainText('Card ending in 7310');
    await expect(box).toContainText('CNF-775501');
    await expect(notice).toContainText('Your payment was received.');
    await expect(page).toHaveURL(/\/home$/);
    await expectHomeShown(page);
    expect((await axe(page)).violations).toEqual([]);
  });

  test('the retry is declined: the payment toast and the buttons come back', async ({ guarded: page }) => {
    await signIn(page, 'prepaid-suspended-failed-payment');
    const notice = page.getByRole('region', { name: SUSPENDED });
    const retry = notice.getByRole('button', { name: 'Retry Payment' });
    await retry.click();
    await expect(page.getByText(PAYMENT_FAILED)).toBeVisible();
    await expect(retry).not.toHaveAttribute('aria-disabled');
    await expect(notice.getByRole('button', { name: 'Edit Payment Method' })).toBeEnabled();
    await expect(page.getByRole('region', { name: 'Payment successful' })).toHaveCount(0);
    await expectIssueLogged(page, 'authorizePayment');
  });

  test("card expired: 'Update payment Method' and no Retry Payment; no axe violations", async ({
    guarded: page,
  }) => {
    await signIn(page, 'prepaid-suspended-card-expired');
    await settled(page);
    const notice = page.getByRole('region', { name: SUSPENDED });
    await expect(notice.getByRole('link', { name: 'Update payment Method' })).toBeVisible();
    await expect(notice.getByRole('button', { name: 'Retry Payment' })).toHaveCount(0);
    expect((await axe(page)).violations).toEqual([]);
  });

  test('the payment call failing (500, malformed, time-out): the payment toast, the buttons come back, an issue-log record each time', async ({
    guarded: page,
  }) => {
    await signIn(page, 'payment-retry-success');
    const retry = page.getByRole('button', { name: 'Retry Payment' });
    for (const mode of FAULT_MODES) {
      const before = await issueCount(page, 'authorizePayment');
      await setFault(page, PAY, mode);
      await retry.click();
      await expect(page.getByText(PAYMENT_FAILED), mode).toBeVisible();
      await expect(retry).not.toHaveAttribute('aria-disabled');
      await expect(page.getByRole('button', { name: 'Pay with new Payment Method' })).toBeEnabled();
      await expectNewIssue(page, 'authorizePayment', before);
      await dismissToast(page, page.getByText(PAYMENT_FAILED));
    }
  });
});
