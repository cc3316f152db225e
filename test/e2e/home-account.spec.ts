import { test, expect, signIn } from './fixtures';
import { FAULT_MODES, expectHomeShown, expectIssueLogged } from './home-helpers';

const PAPER = '/Orch/dss/api/checkPaperCharge';
const ENS = '/Orch/dss/api/ensupdatepaperless';

/** The section headings of the page's main content, in order. */
async function headings(page: import('@playwright/test').Page): Promise<string[]> {
  return page.locator('main').getByRole('heading').allInnerTexts();
}

test.describe('account status banners and views', () => {
  test('the account-change notice shows the new and the old account numbers above the home', async ({
    guarded: page,
  }) => {
    await signIn(page, 'account-changed');
    const banner = page.getByRole('region', { name: 'Your account number has changed' });
    await expect(banner).toContainText('New account number501900784');
    await expect(banner).toContainText('Previous account number3035552223334');
    expect((await headings(page))[0]).toBe('Your account number has changed');
  });

  test("embargo: 'Your account is currently unavailable', 'upto 6 hours' and Learn more", async ({
    guarded: page,
  }) => {
    await signIn(page, 'embargo');
    await expect(page.getByRole('heading', { name: 'Your account is currently unavailable' })).toBeVisible();
    await expect(page.getByText('This planned maintenance period may take upto 6 hours.')).toBeVisible();
    await expect(page.getByRole('link', { name: /Learn more/ })).toBeVisible();
  });

  test('blocked: the blocked-account message once', async ({ guarded: page }) => {
    await signIn(page, 'blocked');
    await expect(
      page.getByText(
        'Your account has been blocked from online access. If you believe this is an error, please chat with us.',
      ),
    ).toHaveCount(1);
  });

  test('closed: the account-closed view with a greeting', async ({ guarded: page }) => {
    await signIn(page, 'closed');
    await expect(page.getByRole('heading', { name: 'This account is Closed' })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1, name: /^Hi, / })).toBeVisible();
  });
});

test.describe('the full home', () => {
  test('renders its sections in the order the rules resolve', async ({ guarded: page }) => {
    await signIn(page, 'early-life-self-install');
    await expectHomeShown(page);
    // The paperless cards load when the rules show them.
    await expect(page.getByRole('heading', { name: 'Avoid the paper bill fee' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Set up your billing' })).toBeVisible();
    const shown = await headings(page);
    const order = [
      'Avoid the paper bill fee',
      'Your first bill',
      shown.find((h) => h.startsWith('Hi, ')) ?? 'greeting',
      'Network status',
      'Quick links',
      'Set up your billing',
      'Support',
      'Rewards',
    ];
    expect(shown.filter((h) => order.includes(h))).toEqual(order);
  });

  test('rewards (up to $100) for a residential owner-1 account, none for small business', async ({
    guarded: page,
  }) => {
    await signIn(page, 'postpaid');
    await expect(page.getByRole('link', { name: /rewards up to \$100/ })).toBeVisible();
    await signIn(page, 'postpaid-smb');
    await expectHomeShown(page);
    await expect(page.getByRole('heading', { name: 'Rewards' })).toHaveCount(0);
  });
});

test.describe('paper-charge alert', () => {
  test('a required, valid email; Go paperless turns paperless on and the alert goes', async ({
    guarded: page,
  }) => {
    await signIn(page, 'blue-marble');
    const alert = page.getByRole('region', { name: 'Avoid the paper bill fee' });
    await expect(alert).toContainText('A $1.00 fee applies to each paper bill.');
    const field = alert.getByLabel('Email address');
    await field.fill('');
    await alert.getByRole('button', { name: 'Go paperless' }).click();
    await expect(alert.getByText('Enter your email address.')).toBeVisible();
    await expect(field).toBeFocused();
    await field.fill('bo@mail.c');
    await alert.getByRole('button', { name: 'Go paperless' }).click();
    await expect(alert.getByText('Enter an email address in the format name@example.com.')).toBeVisible();
    await field.fill('bo.bluemarble@mail.example');
    await alert.getByRole('button', { name: 'Go paperless' }).click();
    await expect(page.getByText("You'll now recieve your bill by email")).toBeVisible();
    await expectHomeShown(page);
    await expect(alert).toHaveCount(0);
  });

  test("the paperless update failing: 'Unable to save changes.Please try again later.', logged", async ({
    guarded: page,
  }) => {
    await signIn(page, 'blue-marble', '/home', [`${ENS}:500`]);
    await page.getByRole('button', { name: 'Go paperless' }).click();
    await expect(page.getByText('Unable to save changes.Please try again later.')).toBeVisible();
    await expectIssueLogged(page, 'ensupdatepaperless');
  });

  for (const mode of FAULT_MODES) {
    test(`the paper-charge check failing (${mode}) is logged; the rules still show the alert`, async ({
      guarded: page,
    }) => {
      await signIn(page, 'blue-marble', '/home', [`${PAPER}:${mode}`]);
      await expectHomeShown(page);
      await expectIssueLogged(page, 'checkPaperCharge');
      await expect(page.getByRole('region', { name: 'Avoid the paper bill fee' })).toBeVisible();
    });
  }
});
