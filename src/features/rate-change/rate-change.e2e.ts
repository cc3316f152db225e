import { test, expect, signIn, settled, axe } from '../../../test/e2e/fixtures';
import { expectIssueLogged } from '../../../test/e2e/home-helpers';

/**
 * Rate-increase alerts (issue 9; home spec 2.10, 3, 4 'Rate-change') and the modem-migration alert on their
 * personas; the rate-change call under the fault switch.
 */

test('rate increases on three products: one alert each (voice-hp shown as phone), with the current and next rate, the date and recentPast wording; each closes on its own', async ({
  guarded: page,
}) => {
  await signIn(page, 'rate-increase');
  await settled(page);
  const internet = page.getByRole('region', { name: 'Your internet rate is changing' });
  const phone = page.getByRole('region', { name: 'Your phone rate is changing' });
  const tv = page.getByRole('region', { name: 'Your TV rate has changed' });
  await expect(internet).toContainText('your monthly internet rate will change from $55.00 to $60.00.');
  await expect(phone).toContainText('your monthly phone rate will change from $30.00 to $32.50.');
  await expect(tv).toContainText(
    /^.*As of \w+ \d+, \d{4}, your monthly TV rate changed from \$80\.00 to \$84\.00\./,
  );
  await expect(phone.getByRole('link', { name: /Learn more/ })).toHaveAttribute(
    'href',
    'https://www.provider.example/support/billing/rate-changes',
  );
  expect((await axe(page)).violations).toEqual([]);
  await phone.getByRole('button', { name: 'Close the phone rate alert' }).click();
  await expect(phone).toHaveCount(0);
  await expect(internet).toBeVisible();
  await expect(tv).toBeVisible();
});

test('the rate-change call failing (500) shows no rate alert and is logged', async ({ guarded: page }) => {
  await signIn(page, 'rate-increase', '/home', ['/Orch/dssh/bm/getRateIncreaseData:500']);
  await settled(page);
  await expect(page.getByRole('heading', { level: 1, name: /^Hi, / })).toBeVisible();
  await expectIssueLogged(page, 'check4RateChange');
  await expect(page.getByRole('region', { name: /rate is changing|rate has changed/ })).toHaveCount(0);
});

test('the modem-migration alert shows for the premium wifi product (showModemMigrationAlert)', async ({
  guarded: page,
}) => {
  await signIn(page, 'modem-migration');
  await settled(page);
  const alert = page.getByRole('region', { name: 'Upgrade to Premium WiFi' });
  await expect(alert.getByRole('link', { name: /Learn more about Premium WiFi/ })).toHaveAttribute(
    'href',
    'https://www.provider.example/support/internet/premium-wifi',
  );
});
