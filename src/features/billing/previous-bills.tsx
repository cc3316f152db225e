import { Link } from 'react-router-dom';
import { getBillDates, billDatesSucceeded } from '../../api/calls/bill-dates';
import { getPrepaidInvoiceHistory } from '../../api/calls/prepaid-invoice-history';
import type { BillDates, PrepaidInvoiceHistory, Profile } from '../../generated/types';
import { useStores } from '../../stores/context';
import { useCall } from '../../stores/use-call';
import { formatDate, formatMoney, NOT_AVAILABLE } from '../../ui/format';
import { recordLink } from '../../ui/links';
import { isPrepaid, NEXT_PAYMENT, newestFirst } from './billing-data';
import { BILLING_TEXTS } from './texts';

interface BillRow {
  date: string;
  amount: number | undefined;
  /** the bill's page, or null when its key cannot be put in an address (the row shows without a link) */
  to: string | null;
  key: string;
}

/**
 * The account's previous bills, newest first: prepaid accounts from the prepaid invoice history (each opens
 * /billDetail), others from the bill dates (each opens /billDetailPdf). On failure the spec's
 * 'Previous bills are not available'; an empty list is 'You don't have any bills for your account yet.'.
 */
export function PreviousBills({
  profile,
  page,
  noBillsYet = false,
}: {
  profile: Profile;
  page: string;
  /** rules/billing-actions.json 'no-bills-yet' (early life or tenure 0): the text, and no call. */
  noBillsYet?: boolean;
}) {
  if (noBillsYet) return <p>{BILLING_TEXTS.noBillsYet}</p>;
  return isPrepaid(profile) ? (
    <PrepaidBills accountNumber={profile.currentlyManagedAccount} page={page} />
  ) : (
    <PostpaidBills accountNumber={profile.currentlyManagedAccount} page={page} />
  );
}

function PrepaidBills({ accountNumber, page }: { accountNumber: string; page: string }) {
  const store = useStores();
  const call = useCall<PrepaidInvoiceHistory>(
    'getPrepaidInvoiceHistory',
    () => getPrepaidInvoiceHistory(store.orch, { accountNumber }),
    page,
  );
  if (call.status === 'loading') return <p role="status">Loading your bills…</p>;
  if (call.status === 'failed') return <p role="alert">{BILLING_TEXTS.previousBillsUnavailable}</p>;
  const rows = call.data.invoices
    .filter((i) => i.invoiceNumber !== NEXT_PAYMENT)
    .map((i) => ({
      date: i.invoiceDate,
      amount: i.invoiceAmount,
      to: recordLink('/billDetail', { invoiceNumber: i.invoiceNumber }),
      key: i.invoiceNumber,
    }));
  return <BillTable rows={rows} />;
}

function PostpaidBills({ accountNumber, page }: { accountNumber: string; page: string }) {
  const store = useStores();
  const call = useCall<BillDates>(
    'getBillDates',
    () => getBillDates(store.orch, { acctNo: accountNumber }),
    page,
    billDatesSucceeded,
  );
  if (call.status === 'loading') return <p role="status">Loading your bills…</p>;
  // errorNo 0 is success (spec §7); any other number is a failure the server reported.
  if (call.status === 'failed') {
    return <p role="alert">{BILLING_TEXTS.previousBillsUnavailable}</p>;
  }
  const rows = call.data.details.map((d) => ({
    date: d.billDate,
    amount: d.billAmount,
    to: recordLink('/billDetailPdf', { billDate: d.billDate }),
    key: d.billDate,
  }));
  return <BillTable rows={rows} />;
}

function BillTable({ rows }: { rows: BillRow[] }) {
  if (rows.length === 0) return <p>{BILLING_TEXTS.noBillsYet}</p>;
  return (
    <table className="history-table">
      <caption>Previous bills</caption>
      <thead>
        <tr>
          <th scope="col">Bill date</th>
          <th scope="col">Amount</th>
          <th scope="col">
            <span className="visually-hidden">Details</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {/* Index in the key: Orch may list the same bill twice, and each row must still render once. */}
        {newestFirst(rows, (r) => r.date).map((r, i) => (
          <tr key={`${i}:${r.key}`}>
            <td>{formatDate(r.date)}</td>
            <td>{r.amount === undefined ? '—' : formatMoney(r.amount)}</td>
            <td>
              {r.to ? (
                <Link to={r.to}>
                  View bill<span className="visually-hidden"> of {formatDate(r.date)}</span>
                </Link>
              ) : (
                <>Details {NOT_AVAILABLE.toLowerCase()}</>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
