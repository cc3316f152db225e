// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { BillingAction, BillingPanelState, HomeDecisions } from '../../engine';
import type { Profile } from '../../generated/types';
import { fixedDecisions, renderAt } from '../../../test/features/harness';
import {
  alertNamed,
  baseProfile,
  failed,
  makeHomeStore,
  ok,
  renderHome,
  sections,
  toastTexts,
  type HomeStoreOptions,
} from '../../../test/features/home/home-harness';

afterEach(cleanup);

const TOKEN = '/Orch/dssh/ecom/createJumpOutToken';
const PLAN = '/Orch/dssh/pbs/paymentPlanToken';
const CANCEL = '/Orch/dssh/postpaid/cancelPayment';
const BILL_DATES = '/Orch/dssh/postpaid/getBillDates';
const PREPAID_INVOICES = '/Orch/dssh/pbs/brim/getPrepaidInvoiceHistory';

const late: Profile = {
  ...baseProfile,
  firstName: 'Lou',
  lastName: 'Duarte',
  currentlyManagedAccount: '310555656',
  autoPay: false,
  currentAmountDue: 120.5,
  billDueDate: '2026-03-05',
  billingEmailAddress: 'lou@mail.example',
  billingAddress: {
    addressLine1: '1200 Maple Ave',
    addressLine2: '',
    city: 'Denver',
    stateCode: 'CO',
    zip: '80202',
  },
  achAllowedFlag: true,
  cardAllowedFlag: true,
  convenienceFeeAmtAch: 0,
  convenienceFeeAmtCard: 1.5,
};

function offer(...actions: BillingAction[]): HomeDecisions['billingActions'] {
  return {
    ...fixedDecisions.billingActions,
    ...Object.fromEntries(actions.map((a) => [a, true])),
  };
}

function panelHome({
  state = 'standard',
  actions = [],
  extra = [],
  ...options
}: HomeStoreOptions & {
  state?: BillingPanelState;
  actions?: BillingAction[];
  extra?: Parameters<typeof sections>;
}) {
  return makeHomeStore({
    ...options,
    decide: () => ({
      sections: sections(...extra, 'billing-info'),
      billingActions: offer(...actions),
      billingPanel: { state },
    }),
  });
}

/** A fetch whose jumpOutPayBill answers `status` (302: a redirect). */
const jumpOutFetch =
  (status: number): typeof fetch =>
  () =>
    Promise.resolve(new Response(status === 302 ? null : '{}', { status, headers: { location: '/pay' } }));

const panel = () => screen.getByRole('region', { name: /ACCOUNT BALANCE|NEXT PAYMENT/ });

describe('billing panel (home spec 2.7, 4, 8)', () => {
  it('postpaid shows ACCOUNT BALANCE with 2 decimals and the bill due date plus one day', async () => {
    const { store } = await panelHome({ profile: late });
    await renderHome(store);
    expect(screen.getByRole('heading', { level: 2, name: 'ACCOUNT BALANCE' })).toBeInTheDocument();
    expect(panel()).toHaveTextContent('Amount due$120.50');
    expect(panel()).toHaveTextContent('Due dateMarch 6, 2026');
  });

  it('prepaid shows NEXT PAYMENT with its payment date', async () => {
    const { store } = await panelHome({
      profile: {
        ...baseProfile,
        currentlyManagedAccount: 'PPB10020030',
        nextPaymentAmount: 55,
        nextBillProcessedDate: '2026-03-30',
      },
    });
    await renderHome(store);
    expect(screen.getByRole('heading', { level: 2, name: 'NEXT PAYMENT' })).toBeInTheDocument();
    expect(panel()).toHaveTextContent('Amount$55.00');
    expect(panel()).toHaveTextContent('Payment dateMarch 30, 2026');
  });

  it("'Current amount is not available. Please try again later. Already tried again?' with the chat link when the amount is missing", async () => {
    const { store } = await panelHome({ profile: { ...baseProfile, currentAmountDue: undefined } });
    await renderHome(store);
    const alert = within(panel()).getByRole('alert');
    expect(alert).toHaveTextContent(
      'Current amount is not available. Please try again later. Already tried again?',
    );
    expect(within(alert).getByRole('button', { name: 'Chat with us' })).toBeInTheDocument();
  });

  it.each([
    ['closed', 'This account is Closed'],
    ['final', 'This account is Closed'],
    ['suspended-postpaid', 'Suspended Account'],
    ['suspended-prepaid', 'Your service has been suspended!'],
    ['vacation-suspended', 'Your account is on vacation service'],
    ['payment-plan', 'You are on a payment plan.'],
  ] as const)('the %s state shows %j', async (state, text) => {
    const { store } = await panelHome({ state });
    await renderHome(store);
    expect(within(panel()).getByRole('heading', { level: 3, name: text })).toBeInTheDocument();
  });

  it("a final account's amount reads as its final bill", async () => {
    const { store } = await panelHome({
      state: 'final',
      profile: { ...baseProfile, accountStatus: 'FINAL', currentAmountDue: 12.4 },
    });
    await renderHome(store);
    expect(panel()).toHaveTextContent('Final bill$12.40');
  });

  it('vacation: the restore button goes to the vacation-restore jump-out with the account number when canVacationRestore allows, otherwise chat', async () => {
    const { store } = await panelHome({ state: 'vacation-suspended', actions: ['vacation-restore'] });
    await renderHome(store);
    expect(within(panel()).getByRole('link', { name: 'Restore Service' })).toHaveAttribute(
      'href',
      '/Orch/dssh/redirectEntry/jumpOutVacationRestore?accountNumber=310111222',
    );
    cleanup();
    const { store: noRestore } = await panelHome({ state: 'vacation-suspended' });
    await renderHome(noRestore);
    expect(within(panel()).queryByRole('link', { name: 'Restore Service' })).not.toBeInTheDocument();
    expect(panel()).toHaveTextContent('To restore your service, chat with us.');
  });

  it("AutoPay on and nothing due: 'You currently do not have an amount due. No payment will be processed.'", async () => {
    const { store } = await panelHome({
      state: 'autopay',
      actions: ['autopay-nothing-due'],
      profile: { ...baseProfile, currentAmountDue: 0 },
    });
    await renderHome(store);
    expect(panel()).toHaveTextContent(
      'You currently do not have an amount due. No payment will be processed.',
    );
  });

  it('the AutoPay reminder names the amount and the processing date', async () => {
    const { store } = await panelHome({
      state: 'autopay',
      actions: ['autopay-reminder'],
      profile: { ...baseProfile, currentAmountDue: 75, nextBillProcessedDate: '2026-03-12' },
    });
    await renderHome(store);
    expect(panel()).toHaveTextContent(
      'AutoPay reminder: your payment of $75.00 will be processed on March 12, 2026.',
    );
  });

  it('the payment-plan prompt shows where the rules decide it', async () => {
    const { store } = await panelHome({
      profile: late,
      actions: ['payment-plan-prompt', 'set-up-payment-plan'],
    });
    await renderHome(store);
    expect(within(panel()).getByRole('heading', { name: 'Need more time to pay?' })).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Set up Payment plan' })).toBeInTheDocument();
  });

  it('Cancel Service (to /Cancel-Services) is rendered but hidden', async () => {
    const { store } = await panelHome({ actions: ['cancel-service-link'] });
    await renderHome(store);
    const link = panel().querySelector('a[href="/Cancel-Services"]');
    expect(link).not.toBeNull();
    expect(link).not.toBeVisible();
    expect(within(panel()).queryByRole('link', { name: 'Cancel Service' })).not.toBeInTheDocument();
  });

  it('View Payment History and Manage AutoPay go where the spec says', async () => {
    const { store } = await panelHome({});
    await renderHome(store);
    expect(within(panel()).getByRole('link', { name: 'View Payment History' })).toHaveAttribute(
      'href',
      '/paymentHistory',
    );
    expect(within(panel()).getByRole('link', { name: 'Manage AutoPay' })).toHaveAttribute(
      'href',
      '/Orch/dssh/redirectEntry/jumpOutManageAutoPay',
    );
  });

  it('the Moving? panel links to movers, with the discount variant for EBBP or ACP holders', async () => {
    const { store } = await panelHome({});
    await renderHome(store);
    expect(screen.getByRole('link', { name: 'Plan your move' })).toHaveAttribute(
      'href',
      '/Orch/dssh/redirectEntry/jumpOutMovers',
    );
    cleanup();
    const { store: discount } = await panelHome({ actions: ['movers-discount'] });
    await renderHome(discount);
    expect(screen.getByRole('link', { name: 'Plan your move' })).toHaveAttribute(
      'href',
      '/Orch/dssh/redirectEntry/jumpOutMovers?discount=true',
    );
  });
});

describe('pay a bill (home spec 2.7, 8; shell spec 7)', () => {
  it('requests the payment jump-out token with the payment attributes, then goes to jumpOutPayBill', async () => {
    const { store, orch, assigned } = await panelHome({
      profile: late,
      actions: ['pay-bill'],
      routes: { [TOKEN]: () => ok({ data: { token: 'JT-1' } }) },
      env: { fetch: jumpOutFetch(302) },
    });
    await renderHome(store);
    await userEvent.setup().click(within(panel()).getByRole('button', { name: 'Pay Now' }));
    await waitFor(() =>
      expect(assigned).toEqual(['/Orch/dssh/redirectEntry/jumpOutPayBill?accountNumber=310555656']),
    );
    const attribList = (orch.calls[0]?.body as { list: { attribList: { name: string; value: string }[] } })
      .list.attribList;
    expect(Object.fromEntries(attribList.map((a) => [a.name, a.value]))).toEqual({
      biller: 'ENSEMBLE',
      firstName: 'Lou',
      lastName: 'Duarte',
      accountNumber: '310555656',
      autoPay: 'false',
      dueDate: '2026-03-05',
      adjustedAmount: '120.50',
      confirmationEmail: 'lou@mail.example',
      billingAddressLine1: '1200 Maple Ave',
      billingAddressLine2: '',
      billingCity: 'Denver',
      billingState: 'CO',
      billingZip: '80202',
      companyOwner: '1',
      achAllowed: 'true',
      cardAllowed: 'true',
      convenienceFeeAch: '0.00',
      convenienceFeeCard: '1.50',
      paymentSource: 'DIGIHOME',
      paymentOption: 'DSSP',
    });
  });

  it("token failure: 'We are unable to provide this function at this time. Please try again later.' (4 s) and an issue-log record", async () => {
    const { store, issues, assigned, timers } = await panelHome({
      profile: late,
      actions: ['pay-bill'],
      routes: { [TOKEN]: () => failed() },
    });
    await renderHome(store);
    await userEvent.setup().click(within(panel()).getByRole('button', { name: 'Pay Now' }));
    await waitFor(() =>
      expect(toastTexts(store)).toEqual([
        'We are unable to provide this function at this time. Please try again later.',
      ]),
    );
    expect(timers).toContain(4000);
    expect(issues.map((i) => i.operation)).toEqual(['createJumpOutToken']);
    expect(assigned).toEqual([]);
  });

  it.each([
    ['an error status', 500],
    ['an answer that is not a redirect', 200],
  ])(
    "jump-out failure (%s): 'Something went wrong, please try again later' (4 s) and a record",
    async (_what, status) => {
      const { store, issues, assigned } = await panelHome({
        profile: late,
        actions: ['pay-bill'],
        routes: { [TOKEN]: () => ok({ data: { token: 'JT-1' } }) },
        env: { fetch: jumpOutFetch(status) },
      });
      await renderHome(store);
      await userEvent.setup().click(within(panel()).getByRole('button', { name: 'Pay Now' }));
      await waitFor(() =>
        expect(toastTexts(store)).toEqual(['Something went wrong, please try again later']),
      );
      expect(issues.map((i) => i.operation)).toEqual(['jumpOutPayBill']);
      expect(assigned).toEqual([]);
    },
  );

  it('the adjusted amount leaves out what is already scheduled, never below 0', async () => {
    const { store, orch } = await panelHome({
      profile: {
        ...late,
        scheduledPayments: [{ paymentId: 'SP-1', paymentAmount: 20.25, paymentDate: '2026-03-12' }],
      },
      actions: ['pay-bill'],
      routes: { [TOKEN]: () => ok({ data: { token: 'JT-1' } }) },
      env: { fetch: jumpOutFetch(302) },
    });
    await renderHome(store);
    await userEvent.setup().click(within(panel()).getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(orch.calls).toHaveLength(1));
    const attribList = (orch.calls[0]?.body as { list: { attribList: { name: string; value: string }[] } })
      .list.attribList;
    expect(attribList.find((a) => a.name === 'adjustedAmount')?.value).toBe('100.25');
  });
});

describe('payment plan (home spec 2.7, 5, 8)', () => {
  it('Set up Payment plan: the token, then the payment-plan site with it', async () => {
    const { store, assigned } = await panelHome({
      profile: late,
      actions: ['set-up-payment-plan'],
      routes: { [PLAN]: () => ok({ statusCode: 1, token: 'PP-1' }) },
    });
    await renderHome(store);
    await userEvent.setup().click(within(panel()).getByRole('button', { name: 'Set up Payment plan' }));
    await waitFor(() => expect(assigned).toEqual(['http://localhost/sandbox/jump/paymentPlan?token=PP-1']));
  });

  it.each([
    ['statusCode 0', () => ok({ statusCode: 0 })],
    ['a failed call', () => failed()],
  ] as const)('View Payment plan with %s: the 4 s token toast and a record', async (_what, route) => {
    const { store, issues, assigned } = await panelHome({
      actions: ['view-payment-plan'],
      routes: { [PLAN]: route },
    });
    await renderHome(store);
    await userEvent.setup().click(within(panel()).getByRole('button', { name: 'View Payment plan' }));
    await waitFor(() =>
      expect(toastTexts(store)).toEqual([
        'We are unable to provide this function at this time. Please try again later.',
      ]),
    );
    expect(issues.map((i) => i.operation)).toEqual(['paymentPlanToken']);
    expect(assigned).toEqual([]);
  });
});

describe('cancel scheduled payment (home spec 2.7, 4, 7, 8)', () => {
  const scheduled: Profile = {
    ...baseProfile,
    scheduledPayments: [
      {
        paymentId: 'SP-1',
        paymentAmount: 40,
        paymentDate: '2026-03-13',
        maskedPaymentAccountID: '****6789',
        confirmationNumber: 'CNF-1',
        paymentMethod: 'Checking',
      },
      {
        paymentId: 'SP-2',
        paymentAmount: 35,
        paymentDate: '2026-03-20',
        maskedPaymentAccountID: '****4242',
        confirmationNumber: 'CNF-2',
        paymentMethod: 'VISA',
      },
    ],
  };

  it('lists the scheduled payments, the next one first: amount, date, masked account, confirmation number and method', async () => {
    const { store } = await panelHome({
      profile: { ...scheduled, scheduledPayments: [...(scheduled.scheduledPayments ?? [])].reverse() },
    });
    await renderHome(store);
    const rows = within(screen.getByRole('table', { name: 'Scheduled payments' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('March 13, 2026$40.00Checking ****6789CNF-1');
    expect(rows[2]).toHaveTextContent('March 20, 2026$35.00VISA ****4242CNF-2');
  });

  it("the dialog (30vw) is kept, or confirmed: cancelPayment {accountNumber, paymentId, userId, sourceSystem} and 'Payment Cancelled'", async () => {
    const user = userEvent.setup();
    const { store, orch, profileLoads } = await panelHome({
      profile: scheduled,
      routes: { [CANCEL]: () => ok({ status: 'success' }) },
    });
    await renderHome(store);
    const cancel = screen.getByRole('button', { name: 'Cancel Payment of $40.00 on March 13, 2026' });
    await user.click(cancel);
    const dialog = screen.getByRole('dialog', { name: 'Cancel Scheduled Payment' });
    expect(dialog.style.width).toBe('30vw');
    expect(dialog).toHaveTextContent(
      'Do you want to cancel your payment of $40.00 scheduled for March 13, 2026?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep Payment' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(orch.calls).toHaveLength(0);

    await user.click(cancel);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, Cancel Payment' }));
    await waitFor(() => expect(toastTexts(store)).toEqual(['Payment Cancelled']));
    expect(orch.calls[0]?.body).toEqual({
      accountNumber: '310111222',
      paymentId: 'SP-1',
      userId: 'ana.lopez',
      sourceSystem: 'DIGIHOME',
    });
    // The list comes from the profile, which reloads.
    await waitFor(() => expect(profileLoads()).toBe(2));
  });

  it.each([
    ["status 'failure'", () => ok({ status: 'failure', message: 'Payment not found' })],
    ['a failed call', () => failed()],
  ] as const)("%s: 'Unable to cancel the payment. Please try again.' and a record", async (_what, route) => {
    const user = userEvent.setup();
    const { store, issues } = await panelHome({
      profile: scheduled,
      routes: { [CANCEL]: route },
    });
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Cancel Payment of $35.00 on March 20, 2026' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, Cancel Payment' }));
    await waitFor(() =>
      expect(toastTexts(store)).toEqual(['Unable to cancel the payment. Please try again.']),
    );
    expect(issues.map((i) => i.operation)).toEqual(['cancelPayment']);
  });
});

describe('View Bill (home spec 2.7, 4, 8)', () => {
  it("on /home only: 'Fetching Bill details', then the newest postpaid bill's page", async () => {
    const { store } = await panelHome({
      routes: {
        [BILL_DATES]: () =>
          ok({
            errorNo: 0,
            details: [{ billDate: '2026-01-22' }, { billDate: '2026-02-22', billAmount: 75 }],
          }),
      },
    });
    await renderHome(store);
    await userEvent.setup().click(within(panel()).getByRole('button', { name: 'View Bill' }));
    await waitFor(() => expect(toastTexts(store)).toEqual(['Fetching Bill details']));
  });

  it('a prepaid account opens its newest invoice, NextPayment excluded', async () => {
    const { store, orch } = await panelHome({
      profile: { ...baseProfile, currentlyManagedAccount: 'PPB10020030', nextPaymentAmount: 55 },
      routes: {
        [PREPAID_INVOICES]: () =>
          ok({
            status: 'SUCCESS',
            invoices: [
              { invoiceNumber: 'NextPayment', invoiceAmount: 55, invoiceDate: '2026-03-20' },
              { invoiceNumber: 'INV-2', invoiceAmount: 55, invoiceDate: '2026-02-20' },
            ],
          }),
      },
    });
    await renderHome(store);
    await userEvent.setup().click(within(panel()).getByRole('button', { name: 'View Bill' }));
    await waitFor(() => expect(toastTexts(store)).toEqual(['Fetching Bill details']));
    expect(orch.calls.map((c) => c.path)).toEqual([PREPAID_INVOICES]);
  });

  it("'Previous bills are not available' when the bill list fails, with a record", async () => {
    const { store, issues } = await panelHome({ routes: { [BILL_DATES]: () => failed() } });
    await renderHome(store);
    await userEvent.setup().click(within(panel()).getByRole('button', { name: 'View Bill' }));
    expect(await within(panel()).findByText('Previous bills are not available')).toBeInTheDocument();
    expect(issues.map((i) => i.operation)).toEqual(['getBillDates']);
  });

  it("early life or tenure 0: 'You don't have any bills for your account yet.' and no call", async () => {
    const { store, orch } = await panelHome({ actions: ['no-bills-yet'] });
    await renderHome(store);
    await userEvent.setup().click(within(panel()).getByRole('button', { name: 'View Bill' }));
    expect(within(panel()).getByText("You don't have any bills for your account yet.")).toBeInTheDocument();
    expect(orch.calls).toHaveLength(0);
  });

  it('is not offered on /billing (detected from the page path)', async () => {
    const { store } = await panelHome({});
    const { BillingPage } = await import('./routes/billing');
    renderAt(store, '/billing', <BillingPage />);
    expect(within(panel()).queryByRole('button', { name: 'View Bill' })).not.toBeInTheDocument();
  });
});

describe('home alerts of billing (home spec 2.1 items 2, 3, 4)', () => {
  it('the late-payment alert: the balance and the due date shown, Pay Now and Set up Payment plan', async () => {
    const { store } = await makeHomeStore({
      profile: late,
      decide: () => ({
        sections: sections('late-payment-alert'),
        billingActions: offer('pay-bill', 'set-up-payment-plan'),
      }),
    });
    await renderHome(store);
    const alert = alertNamed('Your payment is past due');
    expect(alert).toHaveTextContent('Your balance of $120.50 was due on March 6, 2026.');
    expect(within(alert).getByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Set up Payment plan' })).toBeInTheDocument();
  });

  it("the vacation alert: 'Your account is on vacation service' with the restore button", async () => {
    const { store } = await makeHomeStore({
      decide: () => ({ sections: sections('vacation-alert'), billingActions: offer('vacation-restore') }),
    });
    await renderHome(store);
    const alert = alertNamed('Your account is on vacation service');
    expect(within(alert).getByRole('link', { name: 'Restore Service' })).toBeInTheDocument();
  });

  it("the postpaid suspended alert: 'Suspended Account' with the balance and Pay Now", async () => {
    const { store } = await makeHomeStore({
      profile: { ...late, accountStatus: 'SUSP' },
      decide: () => ({
        sections: sections(['suspended-alert', 'postpaid']),
        billingActions: offer('pay-bill'),
      }),
    });
    await renderHome(store);
    const alert = alertNamed('Suspended Account');
    expect(alert).toHaveTextContent('Amount due$120.50');
    expect(within(alert).getByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
  });
});

describe('Blue Marble section (home spec 2.1 item 23)', () => {
  it('shows the billing entity and, from the services answer, what can be done online and what is on the account', async () => {
    const { store } = await makeHomeStore({
      profile: { ...baseProfile, currentlyManagedAccount: '501700562', c2e: true, territory: 'LC' },
      data: {
        services: {
          statusInfo: { status: 'SUCCESS' },
          dioProductEligibility: {
            hasHsi: true,
            ecFlowsAvailable: ['UPGRADE', 'MOVE'],
            valueAddedServices: ['CYBER_SHIELD'],
            specialConsiderations: ['ACP_DISCOUNT'],
          },
        },
      },
      decide: () => ({ sections: sections('blue-marble') }),
    });
    await renderHome(store);
    const section = screen.getByRole('region', { name: 'Your account on our new billing system' });
    expect(section).toHaveTextContent('Billing systemBM-LC');
    expect(section).toHaveTextContent('TerritoryL-CTL');
    expect(section).toHaveTextContent('Add-onsCyber Shield');
    expect(section).toHaveTextContent('On your accountAffordable Connectivity Program discount');
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((l) => l.textContent),
    ).toEqual(['Upgrade your internet', 'Move your service']);
  });
});
