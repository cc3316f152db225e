import type { Page } from '@playwright/test';
import { test, expect, signIn, settled, axe } from '../../../test/e2e/fixtures';
import { expectIssueLogged, issueRecords, setFault } from '../../../test/e2e/home-helpers';

/**
 * The internet plan card (issue 9; home spec 2.6, 4, 5, 8): the speed, the links, View Trends with its chart
 * and table, every upgrade path on its persona, and each call of the card under the fault switch.
 */

const card = (page: Page) => page.getByRole('region', { name: 'Internet', exact: true });

/** Answers every request to an outside shop so the browser can land there (the machine has no network). */
async function standInShops(page: Page): Promise<void> {
  await page.route(/^https:\/\/(shop|fiber)\.(second-)?provider\.example\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: 'shop stand-in' }),
  );
}

test.describe('internet plan card (home spec 2.6)', () => {
  test("a 1 Gig plan shows '1 Gig', its links and no upgrade offer; View Trends loads its chart only when opened and shows the week as a chart and a table", async ({
    guarded: page,
  }) => {
    const chartRequests: string[] = [];
    page.on('request', (r) => {
      if (/SpeedTrends|uPlot/i.test(r.url())) chartRequests.push(r.url());
    });
    await signIn(page, 'gig-plan');
    await settled(page);
    const internet = card(page);
    await expect(internet).toContainText('1 Gig');
    await expect(internet.getByRole('link', { name: 'View broadband facts' })).toHaveAttribute(
      'href',
      '/broadbandFacts',
    );
    await expect(internet.getByRole('link', { name: /Run Speed Test/ })).toHaveAttribute(
      'href',
      'https://www.provider.example/support/internet/speed-test',
    );
    await expect(internet.getByRole('link', { name: /Troubleshoot service/ })).toHaveAttribute(
      'href',
      'https://www.provider.example/support/troubleshooter',
    );
    // 'none hides the alert': the fastest plan at the address has no offer.
    await expect(internet.getByText('Get faster internet')).toHaveCount(0);
    await expect(internet.getByRole('button', { name: 'Upgrade Now' })).toHaveCount(0);
    // The chart library is not part of /home's load.
    expect(chartRequests).toEqual([]);

    const open = internet.getByRole('button', { name: 'View Trends' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Speed Trends' });
    await expect(dialog.getByRole('img', { name: /Chart of the download and upload speeds/ })).toBeVisible();
    await expect(dialog.locator('canvas')).toHaveCount(1);
    expect(chartRequests.length).toBeGreaterThan(0);
    const table = dialog.getByRole('table', { name: 'Measured speeds, past 7 days (Mbps)' });
    await expect(table.getByRole('row')).toHaveCount(8);
    await expect(table.getByRole('row').nth(1)).toContainText('912');
    await expect(table.getByRole('row').nth(7)).toContainText('940');
    await expect(dialog.getByText('*NA - Not available at this time.')).toHaveCount(0);
    expect((await axe(page)).violations).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    // The speed history failing: the spec's inline text, and an issue-log record.
    await setFault(page, '/Orch/dssh/adapt/historicalSpeeds', '500');
    await open.click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'We are unable to retrieve your historical data at this time.',
    );
    await expectIssueLogged(page, 'historicalSpeeds');
  });

  test("a plan speed of 0 and days with speed 0 are NA with '*NA - Not available at this time.'; the chart leaves them out", async ({
    guarded: page,
  }) => {
    await signIn(page, 'speed-history-gap');
    await settled(page);
    const internet = card(page);
    await expect(internet).toContainText('NA');
    await expect(internet.getByText('*NA - Not available at this time.')).toBeVisible();
    await internet.getByRole('button', { name: 'View Trends' }).click();
    const dialog = page.getByRole('dialog', { name: 'Speed Trends' });
    const table = dialog.getByRole('table', { name: 'Measured speeds, past 7 days (Mbps)' });
    await expect(table.getByRole('row').nth(3)).toContainText('NA');
    await expect(table.getByRole('row').nth(6)).toContainText('NA');
    await expect(table.getByRole('row').nth(4)).toContainText('91');
    await expect(dialog.getByText('*NA - Not available at this time.')).toBeVisible();
    await expect(dialog.locator('canvas')).toHaveCount(1);
  });

  test('the services call failing (500) shows no internet card and no WiFi block, with an issue-log record', async ({
    guarded: page,
  }) => {
    await signIn(page, 'blue-marble', '/home', ['/Orch/dssh/services/myServices:500']);
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: /^Hi, / })).toBeVisible();
    await expectIssueLogged(page, 'getHsiInfo');
    await expect(card(page)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'WiFi', exact: true })).toHaveCount(0);
    // The wifi calls wait for HSI ownership: with the services call failed they never run.
    const ops = (await issueRecords(page)).map((r) => r.operation);
    expect(ops).not.toContain('getModemInfo');
  });
});

test.describe('upgrade offers (home spec 4, upgrade choices)', () => {
  test('Blue Marble with the UPGRADE flow: Upgrade Now and Upgrade Modem open the shop with a jump token; a token failure shows the toast and logs it', async ({
    guarded: page,
  }) => {
    await standInShops(page);
    await signIn(page, 'upgrade-available');
    await settled(page);
    const internet = card(page);
    await expect(internet.getByText('Speeds up to 940 Mbps are available at your address.')).toBeVisible();

    await setFault(page, '/Orch/dssh/ecom/createJumpOutToken', '500');
    await internet.getByRole('button', { name: 'Upgrade Now' }).click();
    await expect(
      page.getByText('We are unable to provide this function at this time. Please try again later.'),
    ).toBeVisible();
    await expectIssueLogged(page, 'createJumpOutToken');
    await setFault(page, '/Orch/dssh/ecom/createJumpOutToken', 'off');

    await internet.getByRole('button', { name: 'Upgrade Modem' }).click();
    await page.waitForURL(/^https:\/\/shop\.provider\.example\/modem-upgrade\?token=JT-[0-9a-f]+$/);
    await page.goBack();
    await settled(page);
    await card(page).getByRole('button', { name: 'Upgrade Now' }).click();
    await page.waitForURL(/^https:\/\/shop\.provider\.example\/upgrade\?token=JT-[0-9a-f]+$/);
  });

  test('an account qualified for the fiber upgrade goes to its fiber shop address (getQfPurl); when that lookup fails, to the fiber shop, with a record', async ({
    guarded: page,
  }) => {
    await standInShops(page);
    await signIn(page, 'fiber-qualified', '/home', ['/Orch/dssh/ecom/getQfPurl:500']);
    await settled(page);
    await card(page).getByRole('button', { name: 'Upgrade Now' }).click();
    await page.waitForURL('https://fiber.provider.example/shop');
    await page.goBack();
    await expectIssueLogged(page, 'getQfPurl');
    await setFault(page, '/Orch/dssh/ecom/getQfPurl', 'off');
    await settled(page);
    await card(page).getByRole('button', { name: 'Upgrade Now' }).click();
    await page.waitForURL('https://fiber.provider.example/shop/p/FQ501900106');
  });

  test("a customer of the second provider goes to that provider's shop with the jump token, and the flow parameter for a modem change", async ({
    guarded: page,
  }) => {
    await standInShops(page);
    await signIn(page, 'second-provider-upgrade');
    await settled(page);
    await card(page).getByRole('button', { name: 'Upgrade Modem' }).click();
    await page.waitForURL(
      /^https:\/\/shop\.second-provider\.example\/login\?token=JT-[0-9a-f]+&flow=CHANGE_MODEM$/,
    );
    await page.goBack();
    await settled(page);
    await card(page).getByRole('button', { name: 'Upgrade Now' }).click();
    await page.waitForURL(/^https:\/\/shop\.second-provider\.example\/login\?token=JT-[0-9a-f]+$/);
  });

  test('vacation service on a Blue Marble account opens the restore-service dialog instead of the upgrade', async ({
    guarded: page,
  }) => {
    await signIn(page, 'vacation');
    await settled(page);
    const upgrade = card(page).getByRole('button', { name: 'Upgrade Now' });
    await upgrade.click();
    const dialog = page.getByRole('dialog', { name: 'Your account is on vacation service' });
    await expect(dialog).toContainText(
      'Restore your service before you upgrade your internet or your modem.',
    );
    await expect(dialog.getByRole('link', { name: 'Restore Service' })).toHaveAttribute(
      'href',
      '/Orch/dssh/redirectEntry/jumpOutVacationRestore?accountNumber=501300112',
    );
    expect((await axe(page)).violations).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();
    await expect(upgrade).toBeFocused();
  });

  test('suspended accounts see no upgrade offers; other billing systems with a faster speed get the chat link', async ({
    guarded: page,
  }) => {
    await signIn(page, 'suspended-upgrade');
    await settled(page);
    await expect(card(page)).toBeVisible();
    await expect(card(page).getByRole('button', { name: /Upgrade/ })).toHaveCount(0);
    await expect(card(page).getByRole('button', { name: /Chat/ })).toHaveCount(0);

    await signIn(page, 'postpaid');
    await settled(page);
    await expect(card(page).getByRole('button', { name: 'Chat with us to upgrade' })).toBeVisible();
    await expect(card(page).getByRole('button', { name: 'Upgrade Now' })).toHaveCount(0);
    // rules/upgrade-offer-text.json: 940 Mbps available above the owned speed, so the offer names it.
    await expect(card(page).getByText('Speeds up to 940 Mbps are available at your address.')).toBeVisible();
  });
});

test('self-install app download (home item 19): an in-progress self-install order offers the app download jump-out', async ({
  guarded: page,
}) => {
  await signIn(page, 'early-life-self-install');
  await settled(page);
  const app = page.getByRole('region', { name: 'Set up your service with our app' });
  await expect(app.getByRole('link', { name: /Download the app/ })).toHaveAttribute(
    'href',
    'https://www.provider.example/app',
  );
});
