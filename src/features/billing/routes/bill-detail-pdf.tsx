import { observer } from 'mobx-react-lite';
import { Link, useSearchParams } from 'react-router-dom';
import { getBillDates, billDatesSucceeded } from '../../../api/calls/bill-dates';
import { billPdfFileName, getBillPdfPath } from '../../../api/calls/bill-pdf';
import { jumpOut } from '../../../config';
import type { BillDates, Profile } from '../../../generated/types';
import { useStores } from '../../../stores/context';
import { useCall } from '../../../stores/use-call';
import { ExternalLink } from '../../../ui/ExternalLink';
import { formatDate, formatMoney } from '../../../ui/format';
import { recordLink } from '../../../ui/links';
import { newestFirst } from '../billing-data';
import { BILLING_TEXTS } from '../texts';
import { ProfileUnavailable } from '../unavailable';

/**
 * /billDetailPdf?billDate: a postpaid bill (home spec 2.11, 'postpaid bill PDF'). The bill dates call
 * (GET postpaid/getBillDates, errorNo 0) gives the bill's date, amount and invoice number; the PDF itself is a
 * download from GET postpaid/getBillPdf (ours: the spec's 'bill download' shows no call). A download, not the
 * PDF inside the page: the CSP's object-src 'none' and frame-ancestors 'none' (every response's) keep a PDF
 * out of the page, and a download behaves the same on every phone (docs/decisions/035-bill-pdf.md).
 */
export const Component = observer(function BillDetailPdf() {
  const store = useStores();
  const p = store.profile.data;
  return (
    <div className="page">
      <h1>Bill PDF</h1>
      {p ? <BillPdfContent profile={p} /> : <ProfileUnavailable />}
    </div>
  );
});

function BillPdfContent({ profile }: { profile: Profile }) {
  const store = useStores();
  const [params] = useSearchParams();
  const wanted = params.get('billDate');
  const call = useCall<BillDates>(
    'getBillDates',
    () => getBillDates(store.orch, { acctNo: profile.currentlyManagedAccount }),
    'billDetailPdf',
    billDatesSucceeded,
  );
  if (call.status === 'loading') return <p role="status">Loading your bill…</p>;
  if (call.status === 'failed') {
    return <p role="alert">{BILLING_TEXTS.previousBillsUnavailable}</p>;
  }
  const bills = newestFirst(call.data.details, (d) => d.billDate);
  const bill = wanted ? bills.find((d) => d.billDate === wanted) : bills[0];
  if (!bill) {
    return (
      <>
        <p>
          {wanted
            ? `There is no bill dated ${formatDate(wanted)} on your account.`
            : BILLING_TEXTS.noBillsYet}
        </p>
        <p>
          <Link to="/billing">Back to Billing</Link>
        </p>
      </>
    );
  }
  const pdf = recordLink(getBillPdfPath, {
    acctNo: profile.currentlyManagedAccount,
    billDate: bill.billDate,
  });
  const chargesLink = bill.invoiceNumber
    ? recordLink('/billDetail', { invoiceNumber: bill.invoiceNumber })
    : null;
  return (
    <section className="panel" aria-labelledby="bill-pdf-title">
      <h2 id="bill-pdf-title">Bill of {formatDate(bill.billDate)}</h2>
      <dl className="definition-list">
        <dt>Bill date</dt>
        <dd>{formatDate(bill.billDate)}</dd>
        {bill.billAmount !== undefined ? (
          <>
            <dt>Amount</dt>
            <dd>{formatMoney(bill.billAmount)}</dd>
          </>
        ) : null}
        {bill.invoiceNumber ? (
          <>
            <dt>Invoice number</dt>
            <dd>{bill.invoiceNumber}</dd>
          </>
        ) : null}
      </dl>
      {pdf ? (
        <p>
          <a className="btn" href={pdf} download={billPdfFileName(bill.billDate)}>
            Download this bill (PDF)
          </a>
        </p>
      ) : null}
      <ul className="link-list">
        {chargesLink ? (
          <li>
            <Link to={chargesLink}>See the charges on this bill</Link>
          </li>
        ) : null}
        <li>
          <ExternalLink href={jumpOut('billingHelp')}>Billing help</ExternalLink>
        </li>
        <li>
          <Link to="/billing">Back to Billing</Link>
        </li>
      </ul>
    </section>
  );
}
