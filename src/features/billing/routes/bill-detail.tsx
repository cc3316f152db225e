import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { MESSAGES } from '../../../../machines/messages';
import { Link, useSearchParams } from 'react-router-dom';
import type { ApiClient } from '../../../api/client';
import { getInvoiceDetails } from '../../../api/calls/invoice-details';
import { getInvoiceHistory, invoiceHistorySucceeded } from '../../../api/calls/invoice-history';
import { getPrepaidInvoiceHistory } from '../../../api/calls/prepaid-invoice-history';
import type { InvoiceDetails, Profile } from '../../../generated/types';
import type { CallResult } from '../../../stores/api-port';
import { useStores } from '../../../stores/context';
import { useCall } from '../../../stores/use-call';
import { formatDate, formatMoney } from '../../../ui/format';
import { isPrepaid, NEXT_PAYMENT, newestFirst } from '../billing-data';
import { BILLING_TEXTS } from '../texts';
import { ProfileUnavailable } from '../unavailable';
import { LongText } from '../../../ui/LongText';

/**
 * The newest invoice number of the account: prepaid from the prepaid invoice history ('NextPayment' is not a
 * bill), others from the invoice history (status SUCCESS). `number` is null when the account has no bill.
 */
interface Newest {
  number: string | null;
  /** the history's own success rule (the invoice history's status SUCCESS) */
  succeeded: boolean;
}

async function newestInvoice(orch: ApiClient, p: Profile): Promise<CallResult<Newest>> {
  const accountNumber = p.currentlyManagedAccount;
  if (isPrepaid(p)) {
    const r = await getPrepaidInvoiceHistory(orch, { accountNumber });
    if (!r.ok) return r;
    const bills = r.data.invoices.filter((i) => i.invoiceNumber !== NEXT_PAYMENT);
    const number = newestFirst(bills, (i) => i.invoiceDate)[0]?.invoiceNumber ?? null;
    return { ok: true, data: { number, succeeded: true } };
  }
  const r = await getInvoiceHistory(orch, { searchCriteriaValue: accountNumber });
  if (!r.ok) return r;
  const number = newestFirst(r.data.invoice, (i) => i.invoiceDate)[0]?.invoiceNumber ?? null;
  return { ok: true, data: { number, succeeded: invoiceHistorySucceeded(r.data) } };
}

const detailsSucceeded = (d: InvoiceDetails) => d.status.toUpperCase() === 'SUCCESS';

/**
 * /billDetail?invoiceNumber: one bill (home spec 2.11, 'prepaid invoice detail') from POST
 * aos/brim/invoiceDetails. Without an invoice number it shows the newest bill, as the billing panel's View Bill
 * does. Failure: the toast 'Error while fetching bill deatils. Please try again later.' (the spec's text, typo
 * kept), and Try again.
 */
export const Component = observer(function BillDetail() {
  const store = useStores();
  const p = store.profile.data;
  return (
    <div className="page">
      <h1>Bill Detail</h1>
      {p ? <BillDetailContent profile={p} /> : <ProfileUnavailable />}
    </div>
  );
});

function BillDetailContent({ profile: p }: { profile: Profile }) {
  const store = useStores();
  const [params] = useSearchParams();
  const wanted = params.get('invoiceNumber');
  const [attempt, setAttempt] = useState(0);
  // Without an invoice number the newest one is looked up first, in the history call of the account kind;
  // each call is logged under its own name, and Try again runs both again.
  const history = useCall<Newest>(
    `${isPrepaid(p) ? 'getPrepaidInvoiceHistory' : 'getInvoiceHistory'}:${attempt}`,
    () => (wanted ? null : newestInvoice(store.orch, p)),
    'billDetail',
    (d) => d.succeeded,
  );
  const invoiceNumber = wanted ?? (history.status === 'ok' ? history.data.number : null);
  const call = useCall<InvoiceDetails>(
    `invoiceDetails:${invoiceNumber ?? ''}:${attempt}`,
    () =>
      invoiceNumber
        ? getInvoiceDetails(store.orch, {
            invoiceNumber,
            billingAccountNumber: p.currentlyManagedAccount,
            sourceSystem: p.billingSource ?? '',
          })
        : null,
    'billDetail',
    detailsSucceeded,
  );

  const noBills = !wanted && history.status === 'ok' && history.data.number === null;
  const failed = (!wanted && history.status === 'failed') || call.status === 'failed';
  // Home spec §8: 'Error while fetching bill deatils. Please try again later.' is a toast, once per attempt.
  useEffect(() => {
    if (failed) store.ui.showToast(MESSAGES.billDetailsError);
  }, [failed, attempt, store]);
  if (noBills) return <p>{BILLING_TEXTS.noBillsYet}</p>;
  if (failed) {
    return (
      <>
        <p>{BILLING_TEXTS.billDetailsUnavailable}</p>
        <p className="billing-actions">
          <button type="button" className="btn btn--secondary" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
          <Link to="/billing">Back to Billing</Link>
        </p>
      </>
    );
  }
  if (call.status !== 'ok') return <p role="status">Loading your bill…</p>;
  const bill = call.data;
  return (
    <section className="panel" aria-labelledby="bill-summary-title">
      <h2 id="bill-summary-title">Bill {bill.invoiceNumber}</h2>
      <dl className="definition-list">
        {bill.invoiceDate ? (
          <>
            <dt>Bill date</dt>
            <dd>{formatDate(bill.invoiceDate)}</dd>
          </>
        ) : null}
        {bill.dueDate ? (
          <>
            <dt>Due date</dt>
            <dd>{formatDate(bill.dueDate)}</dd>
          </>
        ) : null}
        <dt>Total</dt>
        <dd>{formatMoney(bill.invoiceAmount)}</dd>
      </dl>
      <table className="history-table">
        <caption>Charges on bill {bill.invoiceNumber}</caption>
        <thead>
          <tr>
            <th scope="col">Charge</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {bill.lineItems.map((item, i) => (
            // Two charges may share a description; their position tells them apart.
            <tr key={`${i}-${item.description}`}>
              <td>
                <LongText text={item.description} />
              </td>
              <td>{formatMoney(item.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>{formatMoney(bill.invoiceAmount)}</td>
          </tr>
        </tfoot>
      </table>
      <p>
        <Link to="/billing">Back to Billing</Link>
      </p>
    </section>
  );
}
