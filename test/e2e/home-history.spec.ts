import { test, expect, signIn, settled, axe } from './fixtures';

test.describe('order and ticket history on the home page', () => {
  test('the order-history link turns on the history view, which lists orders and tickets and goes back', async ({
    guarded: page,
  }) => {
    await signIn(page, 'repair-tickets');
    await settled(page);
    await page.getByRole('button', { name: 'View Order & Ticket History' }).click();
    const heading = page.getByRole('heading', { level: 1, name: 'Order & Ticket History' });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(page.locator('table caption').first()).toBeVisible();
    expect((await axe(page)).violations).toEqual([]);
    await page.getByRole('button', { name: 'Back' }).click();
    // Back leaves with the view: the focus returns to the button that opened it.
    await expect(page.getByRole('button', { name: 'View Order & Ticket History' })).toBeFocused();
  });

  test("a failed order lookup and ticket lookup show the spec's error text", async ({ guarded: page }) => {
    await signIn(page, 'repair-tickets', '/home', [
      '/Orch/dssh/orderHistory:500',
      '/Orch/dssh/rx/getRepairTicketDetails:malformed',
    ]);
    await settled(page);
    await page.getByRole('button', { name: 'View Order & Ticket History' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'orders/tickets' })).toHaveText(
      'We are currently unable to retrieve your orders/tickets information at this time. Please try again later.',
    );
  });
});
