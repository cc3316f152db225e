import { test, expect, signIn, settled } from './fixtures';

test.describe('sections of the full home', () => {
  test("an account without products sees 'No services'", async ({ guarded: page }) => {
    await signIn(page, 'no-services');
    await settled(page);
    const alert = page.getByRole('region', { name: 'No services' });
    await expect(alert).toContainText('You currently do not have any products associated to your account.');
  });

  test("an account with products does not see 'No services'", async ({ guarded: page }) => {
    await signIn(page, 'postpaid');
    await settled(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'No services' })).toHaveCount(0);
  });
});
