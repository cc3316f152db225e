// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { getBillDatesPath } from '../../src/api/calls/bill-dates';
import { getInvoiceDetailsPath } from '../../src/api/calls/invoice-details';
import { getInvoiceHistoryPath } from '../../src/api/calls/invoice-history';
import { getPaymentPlanTokenPath } from '../../src/api/calls/payment-plan-token';
import { getPrepaidInvoiceHistoryPath } from '../../src/api/calls/prepaid-invoice-history';
import { getPrepaidPaymentHistoryPath } from '../../src/api/calls/prepaid-payment-history';
import { BillingPage as Billing } from '../../src/features/billing/routes/billing';
import { Component as BillDetail } from '../../src/features/billing/routes/bill-detail';
import { Component as PaymentHistory } from '../../src/features/billing/routes/payment-history';
import { baseProfile, failed, fakeOrch, fixedDecisions, makeStore, ok, renderAt } from './harness';

afterEach(cleanup);

const prepaid = {
  ...baseProfile,
  currentlyManagedAccount: 'PPB10020030',
  billingSource: 'BRIM',
  nextPaymentAmount: 55,
  nextBillProcessedDate: '2026-03-15',
};

describe('billing', () => {
  it('shows the postpaid balance, the due date plus one day, and the previous bills newest first', async () => {
    const orch = fakeOrch({
      [getBillDatesPath]: () =>
        ok({
          errorNo: 0,
          details: [
            { billDate: '2026-01-05', billAmount: 80 },
            { billDate: '2026-02-05', billAmount: 84.5 },
          ],
        }),
    });
    const store = await makeStore({ orch });
    renderAt(store, '/billing', <Billing />);
    expect(screen.getByRole('heading', { level: 2, name: 'ACCOUNT BALANCE' })).toBeInTheDocument();
    // The balance with 2 decimals, and the due date shown is the bill due date plus one day.
    expect(screen.getByText('$84.50', { selector: '.billing-panel__amount' })).toBeInTheDocument();
    expect(screen.getByText('March 21, 2026')).toBeInTheDocument();
    expect(screen.getByText('VISA ending in 4242')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Previous bills' });
    const rows = table.querySelectorAll('tbody tr');
    expect(rows[0]).toHaveTextContent('February 5, 2026');
    expect(rows[1]).toHaveTextContent('January 5, 2026');
    expect(orch.calls[0]?.query).toEqual({ acctNo: '310111222' });
  });

  it("shows 'Previous bills are not available' when the bill dates call fails", async () => {
    const store = await makeStore({ orch: fakeOrch({ [getBillDatesPath]: () => failed() }) });
    renderAt(store, '/billing', <Billing />);
    expect(await screen.findByText('Previous bills are not available')).toBeInTheDocument();
  });

  it('shows the current-amount text with a chat link when the amount is missing', async () => {
    const store = await makeStore({ profile: { ...baseProfile, currentAmountDue: undefined } });
    renderAt(store, '/billing', <Billing />);
    const alert = screen.getByText(
      /Current amount is not available\. Please try again later\. Already tried again\?/,
    );
    expect(alert).toContainElement(screen.getByRole('button', { name: 'Chat with us' }));
  });

  it('shows NEXT PAYMENT and the prepaid invoices without NextPayment', async () => {
    const orch = fakeOrch({
      [getPrepaidInvoiceHistoryPath]: () =>
        ok({
          status: 'SUCCESS',
          invoices: [
            { invoiceNumber: 'NextPayment', invoiceAmount: 55, invoiceDate: '2026-03-15' },
            { invoiceNumber: 'INV-2', invoiceAmount: 55, invoiceDate: '2026-02-15' },
          ],
        }),
    });
    const store = await makeStore({ profile: prepaid, orch });
    renderAt(store, '/billing', <Billing />);
    expect(screen.getByRole('heading', { level: 2, name: 'NEXT PAYMENT' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Previous bills' });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'View bill of February 15, 2026' })).toHaveAttribute(
      'href',
      '/billDetail?invoiceNumber=INV-2',
    );
  });

  it('offers no payment-plan button unless the rules do, and goes to the plan site with a token when they do', async () => {
    const plain = await makeStore();
    renderAt(plain, '/billing', <Billing />);
    expect(screen.queryByRole('button', { name: /Payment plan/ })).not.toBeInTheDocument();
    cleanup();

    const orch = fakeOrch({ [getPaymentPlanTokenPath]: () => ok({ statusCode: 1, token: 'T 1' }) });
    const store = await makeStore({
      orch,
      decisions: {
        ...fixedDecisions,
        billingActions: { ...fixedDecisions.billingActions, 'set-up-payment-plan': true },
      },
    });
    const visited: string[] = [];
    store.env.assign = (url) => visited.push(url);
    renderAt(store, '/billing', <Billing />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Set up Payment plan' }));
    // The payment-plan site takes the token in its address (the sandbox's stand-in, config/portal.json).
    await waitFor(() => expect(visited).toEqual(['http://localhost/sandbox/jump/paymentPlan?token=T%201']));
  });

  it('shows the token-failure toast when no payment-plan token comes back', async () => {
    const store = await makeStore({
      orch: fakeOrch({ [getPaymentPlanTokenPath]: () => ok({ statusCode: 0 }) }),
      decisions: {
        ...fixedDecisions,
        billingActions: { ...fixedDecisions.billingActions, 'view-payment-plan': true },
      },
    });
    renderAt(store, '/billing', <Billing />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'View Payment plan' }));
    await waitFor(() =>
      expect(store.ui.toasts.map((t) => t.text)).toEqual([
        'We are unable to provide this function at this time. Please try again later.',
      ]),
    );
  });
});

describe('payment history', () => {
  it('lists prepaid payments from the prepaid payment history', async () => {
    const orch = fakeOrch({
      [getPrepaidPaymentHistoryPath]: () =>
        ok({
          status: 'SUCCESS',
          invoice: [
            { invoiceNumber: 'P1', invoiceAmount: 55, invoiceDate: '2026-02-15', confirmationID: 'C-9' },
          ],
        }),
    });
    const store = await makeStore({ profile: prepaid, orch });
    renderAt(store, '/paymentHistory', <PaymentHistory />);
    expect(await screen.findByRole('table', { name: 'Payments' })).toHaveTextContent('C-9');
  });

  it('lists postpaid invoices from the invoice history searched by BAID', async () => {
    const orch = fakeOrch({
      [getInvoiceHistoryPath]: () =>
        ok({
          status: 'SUCCESS',
          invoice: [{ invoiceNumber: 'I-1', invoiceAmount: 80, invoiceDate: '2026-01-05' }],
        }),
    });
    const store = await makeStore({ orch });
    renderAt(store, '/paymentHistory', <PaymentHistory />);
    expect(await screen.findByRole('table', { name: 'Bills' })).toHaveTextContent('I-1');
    expect(orch.calls[0]?.body).toEqual({
      searchCriteria: 'BAID',
      searchCriteriaValue: '310111222',
      invoiceSearchCriteria: 'ALL',
    });
  });

  it('shows inline text when the history call fails', async () => {
    const store = await makeStore({ orch: fakeOrch({ [getInvoiceHistoryPath]: () => failed() }) });
    renderAt(store, '/paymentHistory', <PaymentHistory />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We are unable to retrieve your historical data at this time.',
    );
  });

  it('treats an answer with status FAILURE as a failed call: inline text and an issue-log record', async () => {
    const issues: Array<{ operation: string; message: string }> = [];
    const store = await makeStore({
      api: { logIssue: (entry) => void issues.push(entry) },
      orch: fakeOrch({ [getInvoiceHistoryPath]: () => ok({ status: 'FAILURE', invoice: [] }) }),
    });
    renderAt(store, '/paymentHistory', <PaymentHistory />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We are unable to retrieve your historical data at this time.',
    );
    expect(issues).toContainEqual(
      expect.objectContaining({
        operation: 'getInvoiceHistory',
        message: 'getInvoiceHistory reported a failure',
      }),
    );
  });

  it('shows a loading state first', async () => {
    const store = await makeStore({
      orch: fakeOrch({ [getInvoiceHistoryPath]: () => new Promise(() => {}) }),
    });
    renderAt(store, '/paymentHistory', <PaymentHistory />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your payment history');
  });
});

describe('bill detail', () => {
  it('shows the charges of the invoice named in the address', async () => {
    const orch = fakeOrch({
      [getInvoiceDetailsPath]: (req) =>
        ok({
          status: 'SUCCESS',
          invoiceNumber: (req.body as { invoiceNumber: string }).invoiceNumber,
          invoiceDate: '2026-02-15',
          invoiceAmount: 55,
          lineItems: [
            { description: 'Internet service', amount: 50.6 },
            { description: 'Taxes and fees', amount: 4.4 },
          ],
        }),
    });
    const store = await makeStore({ profile: prepaid, orch });
    renderAt(store, '/billDetail?invoiceNumber=INV-2', <BillDetail />);
    const table = await screen.findByRole('table', { name: 'Charges on bill INV-2' });
    expect(table).toHaveTextContent('Internet service$50.60');
    expect(orch.calls[0]?.body).toEqual({
      invoiceNumber: 'INV-2',
      billingAccountNumber: 'PPB10020030',
      sourceSystem: 'BRIM',
    });
  });

  it('shows the newest bill without an invoice number', async () => {
    const orch = fakeOrch({
      [getPrepaidInvoiceHistoryPath]: () =>
        ok({
          status: 'SUCCESS',
          invoices: [
            { invoiceNumber: 'INV-1', invoiceAmount: 50, invoiceDate: '2026-01-15' },
            { invoiceNumber: 'INV-2', invoiceAmount: 55, invoiceDate: '2026-02-15' },
            { invoiceNumber: 'NextPayment', invoiceAmount: 55, invoiceDate: '2026-03-15' },
          ],
        }),
      [getInvoiceDetailsPath]: (req) =>
        ok({
          status: 'SUCCESS',
          invoiceNumber: (req.body as { invoiceNumber: string }).invoiceNumber,
          invoiceAmount: 55,
          lineItems: [],
        }),
    });
    const store = await makeStore({ profile: prepaid, orch });
    renderAt(store, '/billDetail', <BillDetail />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Bill INV-2' })).toBeInTheDocument();
  });

  it("shows the spec's toast (typo kept) when the details cannot be fetched, and tries again on request", async () => {
    let answers = 0;
    const store = await makeStore({
      orch: fakeOrch({
        [getInvoiceDetailsPath]: () => {
          answers += 1;
          return failed();
        },
      }),
    });
    renderAt(store, '/billDetail?invoiceNumber=X', <BillDetail />);
    await waitFor(() =>
      expect(store.ui.toasts.map((t) => t.text)).toEqual([
        'Error while fetching bill deatils. Please try again later.',
      ]),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(answers).toBe(2));
  });

  it('logs each failing call of the bill detail under its own name: the history without an invoice number, the details answering other than SUCCESS', async () => {
    const logged: string[] = [];
    const logIssue = ({ page, operation }: { page: string; operation: string }) =>
      void logged.push(`${page} ${operation}`);
    const store = await makeStore({
      profile: prepaid,
      api: { logIssue },
      orch: fakeOrch({ [getPrepaidInvoiceHistoryPath]: () => failed() }),
    });
    renderAt(store, '/billDetail', <BillDetail />);
    await waitFor(() => expect(logged).toEqual(['billDetail getPrepaidInvoiceHistory']));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    cleanup();

    logged.length = 0;
    const refusing = await makeStore({
      profile: prepaid,
      api: { logIssue },
      orch: fakeOrch({
        [getInvoiceDetailsPath]: () =>
          ok({ status: 'FAILURE', invoiceNumber: 'INV-2', invoiceAmount: 0, lineItems: [] }),
      }),
    });
    renderAt(refusing, '/billDetail?invoiceNumber=INV-2', <BillDetail />);
    await waitFor(() => expect(logged).toEqual(['billDetail invoiceDetails']));
    // The call's failure is logged as it answers; the toast comes with the render that shows the failure.
    await waitFor(() =>
      expect(refusing.ui.toasts.map((t) => t.text)).toEqual([
        'Error while fetching bill deatils. Please try again later.',
      ]),
    );
  });
});
