import type { Page } from '@playwright/test';
import { test, expect, signIn, settled, axe } from '../../../test/e2e/fixtures';
import {
  FAULT_MODES,
  expectIssueLogged,
  expectNewIssue,
  issueCount,
  setFault,
  dismissToast,
} from '../../../test/e2e/home-helpers';

/**
 * Billing (issue 8; home spec 2.7, 4, 8; shell spec 7): the billing panel in its states, paying a past-due
 * bill end to end through the sandbox's stand-in payment site, a payment plan through the stand-in plan site,
 * cancelling a scheduled payment, and each call of these flows under the fault switch.
 */

const panel = (page: Page) => page.getByRole('region', { name: /^(ACCOUNT BALANCE|NEXT PAYMENT)$/ });

/** A toast, by its exact text (the toast area's live regions hold them). */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

const TOKEN_FAILED = 'We are unable to provide this function at this time. Please try again later.';
const JUMP_FAILED = 'Something went wrong, please try again later';

test.describe('billing panel states (home spec 2.7, 4)', () => {
  test('each state shows its spec text, on the home and at the top of /billing', async ({
    guarded: page,
  }) => {
    const states: [persona: string, text: string][] = [
      ['suspended-postpaid', 'Suspended Account'],
      ['vacation', 'Your account is on vacation service'],
      ['payment-arrangement', 'You are on a payment plan.'],
    ];
    for (const [persona, text] of states) {
      await signIn(page, persona, '/billing');
      await settled(page);
      await expect(panel(page).getByRole('heading', { level: 3, name: text }), persona).toBeVisible();
    }
    // Vacation: the restore button goes to the vacation-restore jump-out with the account number.
    await signIn(page, 'vacation');
    await settled(page);
    await expect(panel(page).getByRole('link', { name: 'Restore Service' })).toHaveAttribute(
      'href',
      '/Orch/dssh/redirectEntry/jumpOutVacationRestore?accountNumber=501300112',
    );
    await signIn(page, 'vacation-no-restore');
    await settled(page);
    await expect(panel(page).getByRole('link', { name: 'Restore Service' })).toHaveCount(0);
    await expect(panel(page)).toContainText('chat with us');
  });

  test("AutoPay on with nothing due: 'You currently do not have an amount due. No payment will be processed.'; a missing amount: the spec's text with the chat link", async ({
    guarded: page,
  }) => {
    await signIn(page, 'autopay-nothing-due');
    await settled(page);
    await expect(panel(page)).toContainText(
      'You currently do not have an amount due. No payment will be processed.',
    );
    await signIn(page, 'amount-missing');
    await settled(page);
    const alert = panel(page).getByRole('alert');
    await expect(alert).toContainText(
      'Current amount is not available. Please try again later. Already tried again?',
    );
    await expect(alert.getByRole('button', { name: 'Chat with us' })).toBeVisible();
  });
});

test.describe('pay a bill (home spec 2.7, 8; shell spec 7)', () => {
  test('a past-due bill is paid end to end: Pay Now, the stand-in payment site with the token, Pay, back to the portal, nothing owed after a reload', async ({
    guarded: page,
  }) => {
    await signIn(page, 'late-payment');
    await settled(page);
    await expect(panel(page)).toContainText('$120.50');
    await expect(page.getByRole('heading', { name: 'Your payment is past due' })).toBeVisible();
    await expect(panel(page).getByRole('heading', { name: 'Need more time to pay?' })).toBeVisible();

    await panel(page).getByRole('button', { name: 'Pay Now' }).click();
    await expect(page).toHaveURL(/\/sandbox\/jump\/payBill\?token=JT-/);
    const attributes = page.getByRole('table');
    await expect(attributes.getByRole('row', { name: /adjustedAmount/ })).toContainText('120.50');
    await expect(attributes.getByRole('row', { name: /accountNumber/ })).toContainText('310555656');
    await expect(attributes.getByRole('row', { name: /confirmationEmail/ })).toContainText(
      'lou.late@mail.example',
    );
    await page.getByRole('button', { name: 'Pay $120.50' }).click();
    await expect(page.getByRole('status')).toContainText('$120.50 was paid on account 310555656');
    await page.getByRole('link', { name: 'Return to the portal' }).click();
    await expect(page).toHaveURL(/\/billing$/);
    await settled(page);
    await expect(panel(page)).toContainText('$0.00');

    await page.goto('/home');
    await settled(page);
    await expect(panel(page)).toContainText('$0.00');
    await expect(page.getByRole('heading', { name: 'Your payment is past due' })).toHaveCount(0);
    await expect(panel(page).getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  });

  test('createJumpOutToken failing (500, malformed, time-out): the 4 s token toast and an issue-log record; jumpOutPayBill failing (500, malformed, time-out): its own toast, each with its record', async ({
    guarded: page,
  }) => {
    await signIn(page, 'late-payment');
    await settled(page);
    const pay = panel(page).getByRole('button', { name: 'Pay Now' });
    for (const mode of FAULT_MODES) {
      const before = await issueCount(page, 'createJumpOutToken');
      await setFault(page, '/Orch/dssh/ecom/createJumpOutToken', mode);
      await pay.click();
      await expect(toast(page, TOKEN_FAILED), mode).toBeVisible();
      await expect(page).toHaveURL(/\/home$/);
      await expectNewIssue(page, 'createJumpOutToken', before);
      await dismissToast(page, toast(page, TOKEN_FAILED));
    }
    await setFault(page, '/Orch/dssh/ecom/createJumpOutToken', 'off');
    // The redirect entry itself: an error, a time-out, or an answer that is not a redirect (a body).
    for (const mode of FAULT_MODES) {
      const before = await issueCount(page, 'jumpOutPayBill');
      await setFault(page, '/Orch/dssh/redirectEntry/jumpOutPayBill', mode);
      await pay.click();
      await expect(toast(page, JUMP_FAILED), mode).toBeVisible();
      await expect(page).toHaveURL(/\/home$/);
      await expectNewIssue(page, 'jumpOutPayBill', before);
      await dismissToast(page, toast(page, JUMP_FAILED));
    }
  });
});

test.describe('payment plan (home spec 2.7, 5)', () => {
  test('Set up Payment plan: the token, the stand-in plan site with it, an arrangement; back on the portal the panel is on a payment plan with View Payment plan', async ({
    guarded: page,
  }) => {
    await signIn(page, 'late-payment', '/billing');
    await settled(page);
    await panel(page).getByRole('button', { name: 'Set up Payment plan' }).click();
    await expect(page).toHaveURL(/\/sandbox\/jump\/paymentPlan\?token=PP-/);
    await expect(page.getByRole('heading', { name: 'Payment plan site (sandbox)' })).toBeVisible();
    await page.getByRole('button', { name: 'Set up a payment arrangement' }).click();
    await expect(page.getByRole('status')).toContainText('Account 310555656 now has a payment arrangement.');
    await page.getByRole('link', { name: 'Return to the portal' }).click();
    await settled(page);
    await expect(panel(page).getByRole('heading', { name: 'You are on a payment plan.' })).toBeVisible();
    await expect(panel(page).getByRole('button', { name: 'View Payment plan' })).toBeVisible();
    await expect(panel(page).getByRole('button', { name: 'Set up Payment plan' })).toHaveCount(0);
  });

  test('paymentPlanToken failing (500, malformed, time-out): the 4 s token toast and an issue-log record', async ({
    guarded: page,
  }) => {
    await signIn(page, 'payment-arrangement');
    await settled(page);
    const view = panel(page).getByRole('button', { name: 'View Payment plan' });
    for (const mode of ['500', 'malformed', 'timeout']) {
      await setFault(page, '/Orch/dssh/pbs/paymentPlanToken', mode);
      await view.click();
      await expect(toast(page, TOKEN_FAILED), mode).toBeVisible();
      await expectIssueLogged(page, 'paymentPlanToken');
      await dismissToast(page, toast(page, TOKEN_FAILED));
    }
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe('cancel scheduled payment (home spec 2.7, 4, 7, 9)', () => {
  test("the dialog (30vw, 90 % under 960 px) kept or confirmed: 'Payment Cancelled' and the payment leaves the list, also after a reload", async ({
    guarded: page,
  }) => {
    await signIn(page, 'scheduled-payment');
    await settled(page);
    const table = page.getByRole('table', { name: 'Scheduled payments' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table).toContainText('CNF-66101');
    await expect(table).toContainText('Checking ****6789');
    const cancel = table.getByRole('button', { name: /^Cancel Payment of \$40\.00 on / });
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Scheduled Payment' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Do you want to cancel your payment of $40.00 scheduled for');
    const viewport = page.viewportSize()!;
    const box = (await dialog.boundingBox())!;
    expect(Math.abs(box.width - viewport.width * 0.3)).toBeLessThan(2);
    expect((await axe(page)).violations).toEqual([]);
    await dialog.getByRole('button', { name: 'Keep Payment' }).click();
    await expect(dialog).toBeHidden();
    await expect(cancel).toBeFocused();
    await expect(table.getByRole('row')).toHaveCount(3);

    await page.setViewportSize({ width: 800, height: 900 });
    await cancel.click();
    const narrow = (await dialog.boundingBox())!;
    expect(Math.abs(narrow.width - 800 * 0.9)).toBeLessThan(2);
    await dialog.getByRole('button', { name: 'Yes, Cancel Payment' }).click();
    await expect(toast(page, 'Payment Cancelled')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    // The payment left the list with its button: the focus is on the list's heading.
    await expect(page.getByRole('heading', { level: 3, name: 'Scheduled payments' })).toBeFocused();
    await expect(table).not.toContainText('CNF-66101');

    await page.reload();
    await settled(page);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText('CNF-66102');
  });

  test("cancelPayment failing (500, malformed, time-out): 'Unable to cancel the payment. Please try again.', the payment stays, an issue-log record", async ({
    guarded: page,
  }) => {
    await signIn(page, 'scheduled-payment');
    await settled(page);
    const table = page.getByRole('table', { name: 'Scheduled payments' });
    const failedText = 'Unable to cancel the payment. Please try again.';
    for (const mode of ['500', 'malformed', 'timeout']) {
      await setFault(page, '/Orch/dssh/postpaid/cancelPayment', mode);
      await table.getByRole('button', { name: /^Cancel Payment of \$35\.00 on / }).click();
      await page
        .getByRole('dialog', { name: 'Cancel Scheduled Payment' })
        .getByRole('button', { name: 'Yes, Cancel Payment' })
        .click();
      await expect(toast(page, failedText), mode).toBeVisible();
      await expectIssueLogged(page, 'cancelPayment');
      await expect(table.getByRole('row')).toHaveCount(3);
      await dismissToast(page, toast(page, failedText));
    }
  });
});

test.describe('View Bill, Moving? and Cancel Service (home spec 2.7, 4)', () => {
  test("View Bill opens the newest bill ('Fetching Bill details'); getBillDates failing (500, malformed, time-out) shows 'Previous bills are not available' with a record", async ({
    guarded: page,
  }) => {
    // Four page loads, each a few seconds on a busy machine.
    await signIn(page, 'late-payment');
    await settled(page);
    await panel(page).getByRole('button', { name: 'View Bill' }).click();
    await expect(toast(page, 'Fetching Bill details')).toBeVisible();
    await expect(page).toHaveURL(/\/billDetail/);
    for (const mode of FAULT_MODES) {
      const before = await issueCount(page, 'getBillDates');
      await setFault(page, '/Orch/dssh/postpaid/getBillDates', mode);
      await page.goto('/home');
      await settled(page);
      await panel(page).getByRole('button', { name: 'View Bill' }).click();
      await expect(panel(page).getByText('Previous bills are not available'), mode).toBeVisible();
      await expect(page).toHaveURL(/\/home$/);
      await expectNewIssue(page, 'getBillDates', before);
    }
  });

  test('the Moving? panel links an ACP discount holder to the discount movers page; their Blue Marble account with the DISCONNECT flow gets the Cancel Service button; /Cancel-Services, gated by canBeCancelled (no pending order), sends them to chat', async ({
    guarded: page,
  }) => {
    await signIn(page, 'discount-holder');
    await settled(page);
    await expect(page.getByRole('link', { name: 'Plan your move' })).toHaveAttribute(
      'href',
      '/Orch/dssh/redirectEntry/jumpOutMovers?discount=true',
    );
    const cancel = page.getByRole('region', { name: 'Cancel Service' });
    await expect(cancel.getByRole('button', { name: 'Chat with us' })).toHaveCount(0);
    await cancel.getByRole('link', { name: 'Cancel Service' }).click();
    await expect(page).toHaveURL(/\/Cancel-Services$/);
    await expect(page.getByRole('heading', { name: 'Not available online' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Chat with us to cancel' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How to cancel' })).toHaveCount(0);
  });
});

test.describe("the billing pages' calls under the fault switch (home spec 2.11, 8)", () => {
  /** Loads `path` under each fault mode of `call` and expects `text` there and a record per mode. */
  async function eachMode(
    page: Page,
    { call, operation, path, text }: { call: string; operation: string; path: string; text: string },
  ): Promise<void> {
    for (const mode of FAULT_MODES) {
      const before = await issueCount(page, operation);
      await setFault(page, call, mode);
      await page.goto(path);
      await settled(page);
      await expect(page.getByText(text, { exact: true }).first(), `${operation} ${mode}`).toBeVisible();
      await expectNewIssue(page, operation, before);
    }
    await setFault(page, call, 'off');
  }

  test("a postpaid account's /paymentHistory (getInvoiceHistory) and /billDetail (invoiceDetails) failing: 'We are unable to retrieve your historical data at this time.'; the bill's toast 'Error while fetching bill deatils. Please try again later.' and its text", async ({
    guarded: page,
  }) => {
    // Eight page loads, each a few seconds on a busy machine.
    await signIn(page, 'postpaid');
    await settled(page);
    await eachMode(page, {
      call: '/Orch/dssh/aos/getInvoiceHistory',
      operation: 'getInvoiceHistory',
      path: '/paymentHistory',
      text: 'We are unable to retrieve your historical data at this time.',
    });
    await eachMode(page, {
      call: '/Orch/dssh/aos/brim/invoiceDetails',
      operation: 'invoiceDetails',
      path: '/billDetail',
      text: 'The details of this bill cannot be shown right now.',
    });
    // The toast of the last failure (each attempt shows it once).
    await setFault(page, '/Orch/dssh/aos/brim/invoiceDetails', '500');
    await page.goto('/billDetail');
    await settled(page);
    await expect(toast(page, 'Error while fetching bill deatils. Please try again later.')).toBeVisible();
  });

  test("a prepaid account's /paymentHistory (prepaid payment history) and its previous bills on /billing (prepaid invoice history) failing: the historical-data text and 'Previous bills are not available'", async ({
    guarded: page,
  }) => {
    // Seven page loads, each a few seconds on a busy machine.
    await signIn(page, 'prepaid');
    await settled(page);
    await eachMode(page, {
      call: '/Orch/dssh/pbs/prepaid/paymentHistory',
      operation: 'getPrepaidPaymentHistory',
      path: '/paymentHistory',
      text: 'We are unable to retrieve your historical data at this time.',
    });
    await eachMode(page, {
      call: '/Orch/dssh/pbs/brim/getPrepaidInvoiceHistory',
      operation: 'getPrepaidInvoiceHistory',
      path: '/billing',
      text: 'Previous bills are not available',
    });
  });
});
