import type { Page } from '@playwright/test';
import { format } from 'date-fns';
import { test, expect, signIn, settled, axe } from '../../../test/e2e/fixtures';
import {
  FAULT_MODES,
  holdCall,
  issueRecords,
  serveToggleOn,
  decidedInTheBrowser,
  setFault,
  dismissToast,
  HOME_HEADING,
} from '../../../test/e2e/home-helpers';

/**
 * Orders and appointments on the home (issue 7; home spec 2.2, 2.3, 2.4, 4, 5, 8): one persona per behaviour,
 * every flow end to end against the sandbox (a reload shows the change), each flow's call under the fault
 * switch, axe with every dialog open.
 */

const day = (offset: number): string => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return format(d, 'MMMM d, yyyy');
};

const pendingAlert = (page: Page) => page.getByRole('region', { name: /Service Order$/ });
const history = async (page: Page) => {
  await page.getByRole('button', { name: 'View Order & Ticket History' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order & Ticket History' })).toBeVisible();
};
const orderTable = (page: Page, n: string) => page.getByRole('table', { name: `Order ${n}` });
const ticketTable = (page: Page, n: string) => page.getByRole('table', { name: `Repair ticket ${n}` });

/** Waits until the session's issue log holds `count` records for `operation`. */
async function expectRecords(page: Page, operation: string, count: number, timeout = 7_000): Promise<void> {
  await expect
    .poll(async () => (await issueRecords(page)).filter((r) => r.operation === operation).length, { timeout })
    .toBe(count);
}

test.describe('pending-order alert (home spec 2.2)', () => {
  test('a technician install shows the date and window, Edit Appointment Time, Appointment Messages and Cancel Order; cancelling hides the alert and the history shows it cancelled after a reload', async ({
    guarded: page,
  }) => {
    await signIn(page, 'order-no-start-time');
    await settled(page);
    const alert = pendingAlert(page);
    await expect(alert.getByRole('heading', { name: 'Pending Service Order' })).toBeVisible();
    // No start time: the date alone.
    await expect(alert).toContainText(`Your technician appointment is on ${day(3)}.`);
    await expect(alert.getByRole('img', { name: `Appointment date ${day(3)}` })).toBeVisible();
    await expect(alert.getByRole('link', { name: 'Edit Appointment Time' })).toHaveAttribute(
      'href',
      '/Orch/dssh/redirectEntry/jumpOutChangeDueDate?accountNumber=501600102',
    );
    await expect(alert.getByRole('link', { name: 'Appointment Messages' })).toHaveAttribute(
      'href',
      `/messages?orderStatus=IN+PROGRESS&date=${format(new Date(Date.now() + 3 * 86_400_000), 'yyyy-MM-dd')}`,
    );

    // 'No Thanks' closes the dialog and focus returns to Cancel Order.
    const cancel = alert.getByRole('button', { name: 'Cancel Order' });
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to cancel your order?' });
    await expect(dialog).toContainText('Your pending order will be cancelled.');
    expect((await axe(page)).violations).toEqual([]);
    await dialog.getByRole('button', { name: 'No Thanks' }).click();
    await expect(dialog).toBeHidden();
    await expect(cancel).toBeFocused();

    await cancel.click();
    await dialog.getByRole('button', { name: 'Yes, Cancel Order' }).click();
    const cancelled = page.getByRole('region', { name: 'Order Cancelled' });
    await expect(cancelled).toContainText('Your service order has been cancelled.');
    // The button the customer pressed went with the alert: the outcome that replaced it takes the focus.
    await expect(cancelled).toBeFocused();
    await expect(cancelled).toContainText('Any charges for this order will be removed from your account.');
    await expect(pendingAlert(page)).toHaveCount(0);

    await page.reload();
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: /^Hi, / })).toBeVisible();
    await expect(pendingAlert(page)).toHaveCount(0);
    await history(page);
    const row = orderTable(page, 'N80060002');
    await expect(row).toContainText('CANCELLED');
    await expect(row).toContainText('CANCELED ON');
  });

  test('a prepaid self-install order: the start date, Change Date, Track Your Shipment; the cancelled alert has the prepaid refund wording', async ({
    guarded: page,
  }) => {
    await signIn(page, 'prepaid-pending-order');
    await settled(page);
    const alert = pendingAlert(page);
    await expect(alert).toContainText(`You have a pending service order for ${day(4)}.`);
    await expect(alert.getByRole('link', { name: 'Change Date' })).toBeVisible();
    await expect(alert.getByRole('link', { name: /Track Your Shipment/ })).toHaveAttribute(
      'href',
      'https://www.carrier.example/track?trackingNumber=1Z999AA10123456785',
    );
    await expect(alert.getByRole('link', { name: /Using your own modem/ })).toBeVisible();
    await alert.getByRole('button', { name: 'Cancel Order' }).click();
    await page.getByRole('button', { name: 'Yes, Cancel Order' }).click();
    await expect(page.getByRole('region', { name: 'Order Cancelled' })).toContainText(
      'Any amount you prepaid for this order will be refunded to your payment method on file',
    );
    // The alert can be closed.
    await page.getByRole('button', { name: 'Close order cancelled alert' }).click();
    await expect(page.getByRole('region', { name: 'Order Cancelled' })).toHaveCount(0);
    await expect(page.getByRole('heading', HOME_HEADING)).toBeFocused();
  });

  test('while cancelOrder runs: the spinner, and both buttons busy', async ({ guarded: page }) => {
    // The call is held until the page has been looked at, with the page's clock stopped: it cannot time out.
    await page.clock.install();
    await signIn(page, 'early-life-tech-install');
    await settled(page);
    const cancelOrder = await holdCall(page, '/Orch/dssh/bm/cancelOrder');
    await pendingAlert(page).getByRole('button', { name: 'Cancel Order' }).click();
    const yes = page.getByRole('button', { name: 'Yes, Cancel Order' });
    await expect(yes).toBeVisible();
    await page.clock.pauseAt(Date.now() + 1_000);
    await yes.click();
    await expect(yes).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('button', { name: 'No Thanks' })).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'Cancelling your order' })).toBeVisible();
    await (await cancelOrder()).fulfill({ status: 500, json: { error: 'held, then refused' } });
    await expect(page.getByText('Something went wrong. Please try again later.')).toBeVisible();
    await expect(pendingAlert(page).getByRole('button', { name: 'Cancel Order' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  test("cancelOrder failing (500, malformed, time-out) re-enables Cancel Order with 'Something went wrong. Please try again later.' and an issue-log record", async ({
    guarded: page,
  }) => {
    await signIn(page, 'early-life-tech-install');
    await settled(page);
    const alert = pendingAlert(page);
    let records = 0;
    for (const mode of FAULT_MODES) {
      await setFault(page, '/Orch/dssh/bm/cancelOrder', mode);
      await alert.getByRole('button', { name: 'Cancel Order' }).click();
      const yes = page.getByRole('button', { name: 'Yes, Cancel Order' });
      await yes.click();
      const toast = page.getByText('Something went wrong. Please try again later.');
      await expect(toast).toBeVisible();
      await expectRecords(page, 'cancelOrder', ++records);
      await expect(alert.getByRole('button', { name: 'Cancel Order' })).not.toHaveAttribute('aria-disabled');
      await dismissToast(page, toast);
    }
    await expect(alert.getByRole('heading', { name: 'Pending Service Order' })).toBeVisible();
  });

  test("a past appointment is the 'Missed Service Order' with a red border and no calendar", async ({
    guarded: page,
  }) => {
    await signIn(page, 'missed-service-order');
    await settled(page);
    const alert = pendingAlert(page);
    await expect(alert.getByRole('heading', { name: 'Missed Service Order' })).toBeVisible();
    await expect(alert).toContainText('Your service installation appointment was in past');
    await expect(alert.getByRole('img', { name: /Appointment date/ })).toHaveCount(0);
    await expect(alert).toHaveCSS('border-top-color', 'rgb(179, 38, 30)');
  });

  test('an appointment later today is the near-term variant, with the date and window and the calendar', async ({
    guarded: page,
  }) => {
    await signIn(page, 'order-later-today');
    await settled(page);
    const alert = pendingAlert(page);
    await expect(alert).toContainText('Your technician will arrive within the next day.');
    await expect(alert).toContainText(/between \d{1,2}:\d{2} [AP]M and \d{1,2}:\d{2} [AP]M\./);
    await expect(alert.getByRole('img', { name: /Appointment date/ })).toBeVisible();
  });

  test("past the point of no return: 'Need to reschedule?' and 'Need to cancel order?' offer chat, no Cancel Order", async ({
    guarded: page,
  }) => {
    await signIn(page, 'order-ponr-passed');
    await settled(page);
    const alert = pendingAlert(page);
    await expect(alert).toContainText('Need to reschedule?');
    await expect(alert).toContainText('Need to cancel order?');
    await expect(alert.getByRole('button', { name: 'Chat with us' })).toHaveCount(2);
    await expect(alert.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
    await expect(alert.getByRole('link', { name: 'Edit Appointment Time' })).toHaveCount(0);
  });

  test("a second-provider customer gets 'Chat with us to modify your order' instead of Cancel Order", async ({
    guarded: page,
  }) => {
    await signIn(page, 'second-provider-order');
    await settled(page);
    const alert = pendingAlert(page);
    await expect(alert.getByRole('button', { name: 'Chat with us to modify your order' })).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  });

  test("during Early Life, order details that cannot be fetched: 'We're sorry, we are unable to retrieve details about your order ...'", async ({
    guarded: page,
  }) => {
    await signIn(page, 'early-life-order-unavailable');
    await settled(page);
    await expect(pendingAlert(page)).toContainText(
      "We're sorry, we are unable to retrieve details about your order N80060008. Please try again later.",
    );
  });

  test('a disconnect order says when disconnection commences and offers the modem return; the alert can be closed', async ({
    guarded: page,
  }) => {
    await signIn(page, 'disconnect-order');
    await settled(page);
    const alert = pendingAlert(page);
    await expect(alert).toContainText('You have a pending service order.');
    await expect(alert).toContainText(`Disconnection of your service commences on ${day(1)}.`);
    await expect(alert.getByRole('link', { name: /Start return modem process\./ })).toBeVisible();
    await page.getByRole('button', { name: 'Close pending service order alert' }).click();
    await expect(pendingAlert(page)).toHaveCount(0);
    await expect(page.getByRole('heading', HOME_HEADING)).toBeFocused();
  });
});

test.describe('repair appointments (home spec 2.4)', () => {
  test('missed first as the error alert, then the active one with its technician line; the whole reschedule works with the keyboard alone', async ({
    guarded: page,
  }) => {
    await signIn(page, 'repair-tickets');
    await settled(page);
    const alerts = page.locator('.repair-alerts > section');
    await expect(alerts.nth(0)).toHaveAccessibleName('Missed Repair Appointment');
    await expect(alerts.nth(1)).toHaveAccessibleName('Repair Appointment');
    await expect(alerts.nth(1)).toContainText('Your technician is On the way');

    // Keyboard only: open, pick the first day with slots, pick a time, save.
    await page.getByRole('button', { name: 'Reschedule appointment TR-55001' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Reschedule Appointment' });
    await expect(dialog).toContainText('Current appointment:');
    const first = dialog.getByRole('button', {
      name: format(new Date(Date.now() + 86_400_000), 'MMMM d, yy'),
    });
    await expect(first).toBeFocused();
    expect((await axe(page)).violations).toEqual([]);
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await page.keyboard.press('Enter');
    await expect(
      dialog.getByText(`Date: ${format(new Date(Date.now() + 86_400_000), 'MMMM d, yy')}`),
    ).toBeVisible();
    await page.keyboard.press('Tab');
    const time = dialog.getByLabel('Select a time');
    await expect(time).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(time).not.toHaveValue('');
    await expect(save).toBeEnabled();
    await page.keyboard.press('Tab');
    await expect(save).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page.getByText('Your Appointment has been rescheduled', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    const moved = page.getByRole('region', { name: 'Repair Appointment' }).filter({ hasText: 'TR-55001' });
    await expect(moved).toContainText('Appointment Rescheduled');
    await expect(moved).toContainText('It may take 10 to 15 minutes');
    // The ticket's alert moved (missed no more) with its button: the focus is back on that button.
    await expect(page.getByRole('button', { name: 'Reschedule appointment TR-55001' })).toBeFocused();
    await expect(page.getByRole('region', { name: 'Missed Repair Appointment' })).toHaveCount(0);

    await page.reload();
    await settled(page);
    await expect(page.getByRole('region', { name: 'Missed Repair Appointment' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Repair Appointment' })).toHaveCount(2);
  });

  test('cancelling a repair: the ticket leaves the home and the history lists it as Cancel, also after a reload', async ({
    guarded: page,
  }) => {
    await signIn(page, 'repair-tickets');
    await settled(page);
    await page.getByRole('button', { name: 'Cancel appointment TR-55002' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Appointment' });
    await expect(dialog).toContainText('To confirm your cancellation please click confirm');
    expect((await axe(page)).violations).toEqual([]);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Your Appointment has been cancelled')).toBeVisible();
    await expect(page.getByText('Ticket TR-55002')).toHaveCount(0);
    await expect(page.getByRole('heading', HOME_HEADING)).toBeFocused();
    await history(page);
    await expect(ticketTable(page, 'TR-55002')).toContainText('Cancel');
    await expect(ticketTable(page, 'TR-55002')).toContainText('CANCELED ON');
    await expect(page.getByRole('button', { name: 'Cancel appointment TR-55002' })).toHaveCount(0);
    await page.reload();
    await settled(page);
    await expect(page.getByText('Ticket TR-55002')).toHaveCount(0);
    await history(page);
    await expect(ticketTable(page, 'TR-55002')).toContainText('CANCELED ON');
  });

  test("updateTicket failing (500, malformed, time-out): 'Sorry, your appointment cannot be cancelled at the moment' and 'cannot be rescheduled', each with an issue-log record", async ({
    guarded: page,
  }) => {
    await signIn(page, 'repair-tickets');
    await settled(page);
    let records = 0;
    for (const mode of FAULT_MODES) {
      await setFault(page, '/Orch/dssh/rx/updateTicket', mode);
      await page.getByRole('button', { name: 'Cancel appointment TR-55002' }).click();
      await page.getByRole('button', { name: 'Confirm' }).click();
      const toast = page.getByText('Sorry, your appointment cannot be cancelled at the moment');
      await expect(toast).toBeVisible();
      await expectRecords(page, 'updateTicket', ++records);
      await dismissToast(page, toast);
    }
    await setFault(page, '/Orch/dssh/rx/updateTicket', '500');
    await page.getByRole('button', { name: 'Reschedule appointment TR-55002' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule Appointment' });
    // The first day with slots (tomorrow): the calendar opens on its month, where a later day may not be.
    await dialog
      .getByRole('button', { name: format(new Date(Date.now() + 86_400_000), 'MMMM d, yy') })
      .click();
    await dialog.getByLabel('Select a time').selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Sorry, your appointment cannot be rescheduled at the moment')).toBeVisible();
    await expectRecords(page, 'updateTicket', ++records);
    // The dialog stays so the customer can try again or cancel.
    await expect(dialog).toBeVisible();
    await expect(page.getByText('Ticket TR-55002')).toBeVisible();
  });

  test("a slot look-up that fails (persona, then 500, malformed, time-out) shows 'We are unable to retrieve appointment times ...' with an issue-log record", async ({
    guarded: page,
  }) => {
    await signIn(page, 'repair-slots-unavailable');
    await settled(page);
    const unable =
      'We are unable to retrieve appointment times at this time. Please try back later or chat with an agent.';
    const open = async () => page.getByRole('button', { name: 'Reschedule appointment TR-59001' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule Appointment' });
    await open();
    await expect(dialog.getByRole('alert')).toHaveText(unable);
    await expectRecords(page, 'rescheduleAppointmentDetails', 1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    let records = 1;
    for (const mode of FAULT_MODES) {
      await setFault(page, '/Orch/dssh/rx/rescheduleAppointmentDetails', mode);
      await open();
      await expect(dialog.getByRole('alert')).toHaveText(unable);
      await expectRecords(page, 'rescheduleAppointmentDetails', ++records);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }
  });

  test("a technician on site: 'Your technician is On site'", async ({ guarded: page }) => {
    await signIn(page, 'repair-on-site');
    await settled(page);
    await expect(page.getByRole('region', { name: 'Repair Appointment' })).toContainText(
      'Your technician is On site',
    );
  });
});

test.describe('Order & Ticket History (home spec 2.3, 4)', () => {
  test('every status: INACTIVE hidden, the row labels, install types, month-name dates, open items first, the Appointment Messages link within 48 hours', async ({
    guarded: page,
  }) => {
    await signIn(page, 'order-history-mixed');
    await settled(page);
    await history(page);
    await expect(orderTable(page, 'N70020009')).toHaveCount(0);
    const captions = await page.locator('table caption').allTextContents();
    expect(captions).toEqual([
      'Repair ticket TR-56001',
      'Order N70020001',
      'Order N70020005',
      'Repair ticket TR-56002',
      'Order N70020004',
      'Repair ticket TR-56003',
      'Order N70020002',
      'Order N70020003',
    ]);
    await expect(orderTable(page, 'N70020001')).toContainText('EXPECTED COMPLETION');
    await expect(orderTable(page, 'N70020001')).toContainText('Self-Install');
    await expect(orderTable(page, 'N70020001')).toContainText(day(9));
    await expect(orderTable(page, 'N70020002')).toContainText('COMPLETED ON');
    await expect(orderTable(page, 'N70020002')).toContainText('Tech-Install');
    await expect(orderTable(page, 'N70020003')).toContainText('CLOSED ON');
    await expect(orderTable(page, 'N70020003')).toContainText('Disconnect');
    await expect(orderTable(page, 'N70020004')).toContainText('CANCELED ON');
    await expect(ticketTable(page, 'TR-56001')).toContainText('Open');
    await expect(ticketTable(page, 'TR-56001')).toContainText('Repair');
    await expect(ticketTable(page, 'TR-56002')).toContainText('Cancel');
    await expect(ticketTable(page, 'TR-56003')).toContainText('Closed');
    // Appointment Messages: pending non-disconnect orders always; cancelled ones within 48 hours only.
    await expect(page.getByRole('link', { name: 'Appointment Messages for order N70020001' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Appointment Messages for order N70020005' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Appointment Messages for order N70020004' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Appointment Messages for order N70020002' })).toHaveCount(0);
    expect((await axe(page)).violations).toEqual([]);
  });

  test('an order lookup answering FAILURERESP names the order inline and still lists the tickets', async ({
    guarded: page,
  }) => {
    await signIn(page, 'order-lookup-failure');
    await settled(page);
    await history(page);
    await expect(page.getByRole('alert').filter({ hasText: "We're sorry" })).toHaveText(
      "We're sorry, we are unable to retrieve details about your order N70030001. Please try again later.",
    );
    await expect(ticketTable(page, 'TR-58001')).toContainText('Closed');
  });

  test('the pending order can be cancelled from the history with its own dialog text', async ({
    guarded: page,
  }) => {
    await signIn(page, 'early-life-self-install');
    await settled(page);
    await history(page);
    await page.getByRole('button', { name: 'Cancel Order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to cancel your order?' });
    await expect(dialog).toContainText('Your pending order and installation appointment will be canceled.');
    await dialog.getByRole('button', { name: 'Yes, Cancel Order' }).click();
    await expect(orderTable(page, 'N80040002')).toContainText('CANCELED ON');
    // The row's Cancel Order went with the order's new status: the focus is on the history's heading.
    await expect(page.getByRole('heading', { level: 1, name: 'Order & Ticket History' })).toBeFocused();
  });
});

test.describe("the technician's location, with the tech tracker toggle on (a test-only served toggles.json)", () => {
  test.beforeEach(async ({ guarded: page }) => {
    await serveToggleOn(page, 'techTracker');
  });

  test('an en-route order opens the tracker in a new window; the tracker call failing (500, malformed, time-out) says it cannot find the technician, with an issue-log record', async ({
    guarded: page,
  }) => {
    await signIn(page, 'order-tech-en-route');
    await settled(page);
    // The served toggle is the browser's rules: they come at the first input.
    await decidedInTheBrowser(page);
    const alert = pendingAlert(page);
    // En route: no Appointment Messages.
    await expect(alert.getByRole('link', { name: 'Appointment Messages' })).toHaveCount(0);
    const button = alert.getByRole('button', { name: "View technician's location" });
    const opened = page.context().waitForEvent('page');
    await button.click();
    // The tracker jump-out (GET jumpOutTechTracker?accountNumber), which the sandbox redirects to its stand-in.
    expect((await opened).url()).toContain('techTracker?accountNumber=501600105');
    let records = 0;
    for (const mode of FAULT_MODES) {
      await setFault(page, '/Orch/dssh/techTracker', mode);
      await button.click();
      const toast = page.getByText(
        "We are unable to find the technician's location. Please try again later.",
      );
      await expect(toast).toBeVisible();
      await expectRecords(page, 'techTracker', ++records);
      await dismissToast(page, toast);
    }
  });

  test('a repair ticket with showTechLocation offers it on the home and in the history', async ({
    guarded: page,
  }) => {
    await signIn(page, 'repair-tickets');
    await settled(page);
    // The served toggle is the browser's rules: they come at the first input.
    await decidedInTheBrowser(page);
    const active = page.getByRole('region', { name: 'Repair Appointment' });
    const opened = page.context().waitForEvent('page');
    await active.getByRole('button', { name: "View technician's location" }).click();
    expect((await opened).url()).toContain('techTracker?accountNumber=310555767');
    await history(page);
    await expect(page.getByRole('button', { name: "View technician's location" })).toHaveCount(1);
  });
});
