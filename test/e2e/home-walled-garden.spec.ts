import { test, expect, signIn, settled, axe } from './fixtures';
import { FAULT_MODES, expectHomeShown, expectIssueLogged } from './home-helpers';

const PAY = '/Orch/dssh/pbs/authorizePayment';
const WG = '/Orch/dssh/aos/ppp/getWGStatus';
const PAYMENT_FAILED =
  'An error occurred when submitting your payment. Your request was not submitted, please try again later.';

test.describe("walled garden 'Avoid a service interruption'", () => {
  test('the soft state shows the failure date and the suspension 3 days after it; no axe violations', async ({
    guarded: page,
  }) => {
    await signIn(page, 'walled-garden-soft');
    await settled(page);
    const alert = page.getByRole('region', { name: 'Avoid a service interruption' });
    await expect(alert).toContainText('Your last payment failed on');
    await expect(alert).toContainText('suspended 3 days after the failed payment');
    await expect(alert.getByRole('button', { name: 'Pay now' })).toBeVisible();
    const results = await axe(page);
    expect(results.violations).toEqual([]);
  });

  test('Pay now succeeds: the alert goes and the payment success box shows the confirmation number', async ({
    guarded: page,
  }) => {
    await signIn(page, 'walled-garden-soft');
    await page.getByRole('button', { name: 'Pay now', exact: true }).click();
    const box = page.getByRole('region', { name: 'Payment successful' });
    await expect(box).toContainText('your service will not be interrupted');
    await expect(box).toContainText('CNF-100001');
    await expect(box).toContainText('Card ending in 4000');
    await expect(page.getByRole('region', { name: 'Avoid a service interruption' })).toHaveCount(0);
    await expectHomeShown(page);
  });

  test('Pay with new card goes to the manage-autopay page', async ({ guarded: page }) => {
    await signIn(page, 'walled-garden-soft');
    await page.getByRole('button', { name: 'Pay with new card' }).click();
    await expect(page).toHaveURL(/\/sandbox\/jump\/manageAutoPay/);
  });

  test('the hard state shows the suspended-account view', async ({ guarded: page }) => {
    await signIn(page, 'walled-garden-hard');
    await expect(page.getByRole('heading', { name: 'Your service has been suspended!' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Avoid a service interruption' })).toHaveCount(0);
  });

  for (const mode of FAULT_MODES) {
    test(`Pay now failing (${mode}): the payment toast, the buttons come back, the issue is logged`, async ({
      guarded: page,
    }) => {
      await signIn(page, 'walled-garden-soft', '/home', [`${PAY}:${mode}`]);
      const payNow = page.getByRole('button', { name: 'Pay now', exact: true });
      await payNow.click();
      await expect(page.getByText(PAYMENT_FAILED)).toBeVisible();
      await expect(payNow).not.toHaveAttribute('aria-disabled');
      await expect(page.getByRole('button', { name: 'Pay with new card' })).toBeEnabled();
      await expectIssueLogged(page, 'authorizePayment');
    });
  }

  for (const mode of FAULT_MODES) {
    test(`the payment-guard check failing (${mode}) counts as hard: the suspended view, logged`, async ({
      guarded: page,
    }) => {
      await signIn(page, 'walled-garden-soft', '/home', [`${WG}:${mode}`]);
      await expect(page.getByRole('heading', { name: 'Your service has been suspended!' })).toBeVisible();
      await expectIssueLogged(page, 'getWGStatus');
    });
  }
});
