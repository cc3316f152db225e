import { observer } from 'mobx-react-lite';
import { getInvoiceHistory, invoiceHistorySucceeded } from '../../../api/calls/invoice-history';
import {
  getPrepaidPaymentHistory,
  prepaidPaymentHistorySucceeded,
} from '../../../api/calls/prepaid-payment-history';
import type { InvoiceHistory, PrepaidPaymentHistory, Profile } from '../../../generated/types';
import { useStores } from '../../../stores/context';
import { useCall } from '../../../stores/use-call';
import { formatDate, formatMoney } from '../../../ui/format';
import { isPrepaid, NEXT_PAYMENT, newestFirst } from '../billing-data';
import { BILLING_TEXTS } from '../texts';
import { ProfileUnavailable } from '../unavailable';
import { LongText } from '../../../ui/LongText';

/**
 * /paymentHistory: prepaid accounts list their payments (GET pbs/prepaid/paymentHistory), other accounts
 * their invoices (POST aos/getInvoiceHistory, searched by BAID). Both answer status 'SUCCESS' when they worked.
 */
export const Component = observer(function PaymentHistory() {
  const store = useStores();
  const p = store.profile.data;
  return (
    <div className="page">
      <h1>Payment History</h1>
      {!p ? (
        <ProfileUnavailable />
      ) : isPrepaid(p) ? (
        <PrepaidPayments profile={p} />
      ) : (
        <Invoices profile={p} />
      )}
    </div>
  );
});

function Unavailable() {
  return <p role="alert">{BILLING_TEXTS.historicalDataUnavailable}</p>;
}

function PrepaidPayments({ profile }: { profile: Profile }) {
  const store = useStores();
  const call = useCall<PrepaidPaymentHistory>(
    'getPrepaidPaymentHistory',
    () => getPrepaidPaymentHistory(store.orch, { accountNumber: profile.currentlyManagedAccount }),
    'paymentHistory',
    prepaidPaymentHistorySucceeded,
  );
  if (call.status === 'loading') return <p role="status">Loading your payment history…</p>;
  if (call.status === 'failed') return <Unavailable />;
  const payments = call.data.invoice.filter((i) => i.invoiceNumber !== NEXT_PAYMENT);
  if (payments.length === 0) return <p>There are no payments on your account yet.</p>;
  return (
    <table className="history-table">
      <caption>Payments</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Amount</th>
          <th scope="col">Confirmation number</th>
        </tr>
      </thead>
      <tbody>
        {newestFirst(payments, (i) => i.invoiceDate).map((i, n) => (
          <tr key={`${n}:${i.invoiceNumber}`}>
            <td>{formatDate(i.invoiceDate)}</td>
            <td>{formatMoney(i.invoiceAmount)}</td>
            <td>{i.confirmationID ? <LongText text={i.confirmationID} /> : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Invoices({ profile }: { profile: Profile }) {
  const store = useStores();
  const call = useCall<InvoiceHistory>(
    'getInvoiceHistory',
    () => getInvoiceHistory(store.orch, { searchCriteriaValue: profile.currentlyManagedAccount }),
    'paymentHistory',
    invoiceHistorySucceeded,
  );
  if (call.status === 'loading') return <p role="status">Loading your payment history…</p>;
  if (call.status === 'failed') return <Unavailable />;
  if (call.data.invoice.length === 0) return <p>{BILLING_TEXTS.noBillsYet}</p>;
  return (
    <table className="history-table">
      <caption>Bills</caption>
      <thead>
        <tr>
          <th scope="col">Bill date</th>
          <th scope="col">Invoice number</th>
          <th scope="col">Amount</th>
          <th scope="col">Due date</th>
        </tr>
      </thead>
      <tbody>
        {newestFirst(call.data.invoice, (i) => i.invoiceDate).map((i, n) => (
          <tr key={`${n}:${i.invoiceNumber}`}>
            <td>{formatDate(i.invoiceDate)}</td>
            <td>
              <LongText text={i.invoiceNumber} />
            </td>
            <td>{formatMoney(i.invoiceAmount)}</td>
            <td>{i.dueDate ? formatDate(i.dueDate) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
