import { test, expect, signIn } from './fixtures';
import {
  FAULT_MODES,
  HOME_HEADING,
  expectHomeShown,
  expectIssueLogged,
  focusedUnderOverlay,
  type FocusedUnder,
} from './home-helpers';

const DECLINE = '/Orch/dssh/profile/declineAltTn';

test.describe('contact number alerts', () => {
  test('no contact number: Dismiss hides it, and it stays dismissed after a reload (altnumshow)', async ({
    guarded: page,
  }) => {
    await signIn(page, 'no-contact-number');
    const alert = page.getByRole('region', { name: 'Add a contact number' });
    await expect(alert).toContainText('There is no contact number on your account.');
    await alert.getByRole('button', { name: 'Dismiss contact number alert' }).click();
    await expect(alert).toHaveCount(0);
    await expect(page.getByRole('heading', HOME_HEADING)).toBeFocused();
    await page.reload();
    await expectHomeShown(page);
    await expect(alert).toHaveCount(0);
  });

  test("no contact number: Decline toasts 'Alternate number declined successfully' and hides the alert", async ({
    guarded: page,
  }) => {
    await signIn(page, 'no-contact-number');
    await expect(page.getByRole('region', { name: 'Add a contact number' })).toBeVisible();
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByText('Alternate number declined successfully')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Add a contact number' })).toHaveCount(0);
    // The home remounts after visiting another page: the declined alert stays away.
    // Billing has to be shown first: until its code loads the router stays on the same home, never remounted.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing' }).click();
    await expect(page).toHaveURL(/\/billing$/);
    await expect(page.locator('.home')).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Add a contact number' })).toHaveCount(0);
  });

  for (const mode of FAULT_MODES) {
    test(`Decline failing (${mode}): 'We were unable to decline alternate number. Please try again later', logged`, async ({
      guarded: page,
    }) => {
      await signIn(page, 'no-contact-number', '/home', [`${DECLINE}:${mode}`]);
      await page.getByRole('button', { name: 'Decline' }).click();
      await expect(
        page.getByText('We were unable to decline alternate number. Please try again later'),
      ).toBeVisible();
      await expectIssueLogged(page, 'declineAltTn');
      await expect(page.getByRole('region', { name: 'Add a contact number' })).toBeVisible();
    });
  }

  test('while a toast shows, no control the keyboard focuses is under it (WCAG 2.2 2.4.11), on a phone', async ({
    guarded: page,
  }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await signIn(page, 'no-contact-number', '/home', [`${DECLINE}:500`]);
    const failed = page.getByText('We were unable to decline alternate number. Please try again later');
    let seen: FocusedUnder[] | null = null;
    // The toast goes after 3 s: if it went before the check ran, Decline (failing) brings it back.
    for (let attempt = 0; attempt < 5 && seen === null; attempt++) {
      await page.getByRole('button', { name: 'Decline' }).click();
      await expect(failed).toBeVisible();
      seen = await focusedUnderOverlay(page, '.toasts:has(.toast)');
    }
    expect(seen).not.toBeNull();
    expect(seen!.length).toBeGreaterThan(10);
    expect(seen!.filter((c) => c.covered > 0)).toEqual([]);
    // The footer's last link too: the page has room below it while the toast shows.
    expect(seen!.map((c) => c.control)).toContain('Feedback (opens in a new tab)');
    // Once the toasts are gone, the page's scroll padding and its room below are its own again.
    await expect(page.locator('.toast')).toHaveCount(0);
    expect(
      await page.evaluate(() => [
        getComputedStyle(document.documentElement).scrollPaddingBottom,
        getComputedStyle(document.body).paddingBottom,
      ]),
    ).toEqual(['0px', '0px']);
  });

  test('an outdated number: re-verify leads to account info with the contact-number field focused', async ({
    guarded: page,
  }) => {
    await signIn(page, 'outdated-contact-number');
    const alert = page.getByRole('region', { name: 'Is your contact number up to date?' });
    await expect(alert).toContainText('(303) 555-0142');
    await alert.getByRole('link', { name: 'Verify your contact number' }).click();
    await expect(page).toHaveURL(/\/settings\/accountInfo\?focusContactNumber=true$/);
    await expect(page.getByLabel('Contact number', { exact: true })).toBeFocused();
  });
});

test.describe('email alerts', () => {
  test("'No official account email address on record.' leads to notifications with the email field focused", async ({
    guarded: page,
  }) => {
    await signIn(page, 'no-email');
    const alert = page.getByRole('region', { name: 'No official account email address on record.' });
    await alert.getByRole('link', { name: 'Add email address' }).click();
    await expect(page).toHaveURL(/\/settings\/notifications\?focusEmailid=true$/);
    await expect(page.getByLabel('Email address')).toBeFocused();
  });

  test("'Do we have your correct email address?' leads there too and stays dismissed in this browser", async ({
    guarded: page,
  }) => {
    await signIn(page, 'unverified-email');
    const alert = page.getByRole('region', { name: 'Do we have your correct email address?' });
    await expect(alert.getByRole('link', { name: 'Update email address' })).toHaveAttribute(
      'href',
      '/settings/notifications?focusEmailid=true',
    );
    await alert.getByRole('button', { name: 'Dismiss email address alert' }).click();
    await expect(alert).toHaveCount(0);
    await page.reload();
    await expectHomeShown(page);
    await expect(alert).toHaveCount(0);
  });
});

test.describe('prepaid card status', () => {
  test("'Payment method almost expired' with Update Payment Method; close hides it", async ({
    guarded: page,
  }) => {
    await signIn(page, 'card-expiring');
    const alert = page.getByRole('region', { name: 'Payment method almost expired' });
    await expect(alert).toContainText('Card ending in 4242 expires on');
    await expect(alert.getByRole('link', { name: 'Update Payment Method' })).toHaveAttribute(
      'href',
      'https://pay.provider.example/update-payment-method',
    );
    await alert.getByRole('button', { name: 'Close Payment method almost expired' }).click();
    await expect(alert).toHaveCount(0);
    await expect(page.getByRole('heading', HOME_HEADING)).toBeFocused();
  });

  test("'Payment method expired' for a prepaid card already expired", async ({ guarded: page }) => {
    await signIn(page, 'prepaid-suspended-card-expired');
    const alert = page.getByRole('region', { name: 'Payment method expired' });
    await expect(alert).toContainText('expired on');
    await expect(alert.getByRole('link', { name: 'Update Payment Method' })).toBeVisible();
  });
});
