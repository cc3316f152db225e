import { test, expect, signIn, settled, axe } from './fixtures';
import { FAULT_MODES, expectHomeShown, expectIssueLogged } from './home-helpers';

const OUTAGE = '/Orch/dssh/rx/getOutageDetails';
const REBOOT = '/Orch/dssh/adapt/deviceReboot';

test.describe('outage alert', () => {
  test('a known repair time shows the resolution time and links to /outageNotification', async ({
    guarded: page,
  }) => {
    await signIn(page, 'outage-eta');
    await settled(page);
    const alert = page.getByRole('region', { name: 'Service outage in your area' });
    await expect(alert).toContainText('Estimated resolution time:');
    await expect(alert).toContainText('10:00 AM');
    const results = await axe(page);
    expect(results.violations).toEqual([]);
    await alert.getByRole('link', { name: 'Get notified when service is restored' }).click();
    await expect(page).toHaveURL(/\/outageNotification$/);
  });

  test('a repair time already past uses the softer wording', async ({ guarded: page }) => {
    await signIn(page, 'outage-eta-past');
    await expect(page.getByRole('region', { name: 'Service outage in your area' })).toContainText(
      'It is taking longer than we estimated',
    );
  });

  test('an unknown repair time says the duration is still being determined', async ({ guarded: page }) => {
    await signIn(page, 'outage-eta-unknown');
    await expect(page.getByRole('region', { name: 'Service outage in your area' })).toContainText(
      'The time needed for the repair is still being determined.',
    );
  });
});

test.describe('hangover restart', () => {
  test("with the modem connected: the restart dialog, then 'Modem reboot complete'", async ({
    guarded: page,
  }) => {
    await signIn(page, 'outage-hangover');
    const alert = page.getByRole('region', { name: 'Still having trouble with your service?' });
    await alert.getByRole('button', { name: 'Restart modem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restart your modem' });
    await expect(dialog).toContainText('The restart takes up to five minutes.');
    await dialog.getByRole('button', { name: 'Restart now' }).click();
    await expect(page.getByText('Modem reboot complete')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(alert.getByRole('button', { name: 'Restart modem' })).toBeFocused();
  });

  test('without modem info: the instructions link instead of the dialog', async ({ guarded: page }) => {
    await signIn(page, 'outage-hangover', '/home', ['/Orch/dssh/adapt/modemInfo:500']);
    const alert = page.getByRole('region', { name: 'Still having trouble with your service?' });
    await expect(alert.getByRole('link', { name: /How to restart your modem/ })).toHaveAttribute(
      'href',
      'https://www.provider.example/support/internet/restart-modem',
    );
    await expect(alert.getByRole('button', { name: 'Restart modem' })).toHaveCount(0);
  });

  for (const mode of FAULT_MODES) {
    test(`a reboot call failing (${mode}) toasts 'We were unable to reboot your modem' and is logged`, async ({
      guarded: page,
    }) => {
      await signIn(page, 'outage-hangover', '/home', [`${REBOOT}:${mode}`]);
      await page.getByRole('button', { name: 'Restart modem' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Restart now' }).click();
      await expect(page.getByText('We were unable to reboot your modem')).toBeVisible();
      await expectIssueLogged(page, 'deviceReboot');
      await expectHomeShown(page);
    });
  }
});

test.describe('outage call failures', () => {
  for (const mode of FAULT_MODES) {
    test(`the outage call failing (${mode}) shows no alert, logs the issue and keeps the home`, async ({
      guarded: page,
    }) => {
      await signIn(page, 'outage-eta', '/home', [`${OUTAGE}:${mode}`]);
      await expectHomeShown(page);
      await expectIssueLogged(page, 'checkOutage');
      await expect(page.getByRole('region', { name: 'Service outage in your area' })).toHaveCount(0);
      await expect(page.getByText('No known network issues in your area.')).toBeVisible();
    });
  }
});
