import { observer } from 'mobx-react-lite';
import type { ScheduledPayment } from '../../generated/types';
import { useStores } from '../../stores/context';
import { useFlow } from '../../stores/use-flow';
import { ConfirmActions, Dialog } from '../../ui/Dialog';
import { byId, handFocusTo } from '../../ui/focus';
import { formatDate, formatMoney } from '../../ui/format';
import { LongText } from '../../ui/LongText';
import { soonestFirst } from './billing-data';
import { BILLING_HOME_TEXT as T } from './home-texts';

/** The id of the scheduled payments' heading (BillingPanel), where a cancel hands the focus. */
export const SCHEDULED_HEADING_ID = 'scheduled-payments-heading';

/** The id cancelPayment names a payment by: its payment id, else its confirmation number. */
const idOf = (s: ScheduledPayment): string | null => s.paymentId ?? s.confirmationNumber ?? null;

/**
 * The scheduled payments (home spec §2.7, §3): amount, date, masked account, confirmation number, method, and
 * per payment a Cancel Payment button with its dialog (machines/cancel-scheduled-payment.machine.ts).
 */
export const ScheduledPayments = observer(function ScheduledPayments({
  payments,
}: {
  payments: readonly ScheduledPayment[];
}) {
  if (payments.length === 0) return <p>{T.noScheduledPayments}</p>;
  const rows = soonestFirst(payments, (s) => s.paymentDate);
  const seen = new Map<string, number>();
  return (
    <table className="history-table scheduled-table">
      {/* Named for assistive technology; the panel's heading above says it on screen. */}
      <caption className="visually-hidden">{T.scheduledPayments}</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Amount</th>
          <th scope="col">Paid from</th>
          <th scope="col">Confirmation number</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((s) => {
          // An answer may repeat an id: each row keeps a key of its own.
          const base = idOf(s) ?? `${s.paymentDate}-${s.paymentAmount}`;
          const n = (seen.get(base) ?? 0) + 1;
          seen.set(base, n);
          const id = idOf(s);
          return (
            <tr key={n === 1 ? base : `${base}#${n}`}>
              <td data-label="Date">{formatDate(s.paymentDate)}</td>
              <td data-label="Amount">{formatMoney(s.paymentAmount)}</td>
              <td data-label="Paid from">
                <LongText
                  text={[s.paymentMethod, s.maskedPaymentAccountID].filter(Boolean).join(' ') || '—'}
                />
              </td>
              <td data-label="Confirmation number">
                <LongText text={s.confirmationNumber ?? '—'} />
              </td>
              <td>{id ? <CancelScheduledPayment payment={s} paymentId={id} /> : null}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
});

const CancelScheduledPayment = observer(function CancelScheduledPayment({
  payment,
  paymentId,
}: {
  payment: ScheduledPayment;
  paymentId: string;
}) {
  const store = useStores();
  // A cancelled payment leaves the list with this button: the focus goes to the list's heading.
  const focusOutcome = () => handFocusTo(byId(SCHEDULED_HEADING_ID));
  const logic = () =>
    import('./pay-flows').then((flows) =>
      flows.provideCancelScheduledPayment(store, paymentId, focusOutcome),
    );
  const [snapshot, send] = useFlow('cancel-scheduled-payment', logic);
  const cancelling = snapshot.matches('cancelling');
  const open = snapshot.matches('confirming') || cancelling;
  const amount = formatMoney(payment.paymentAmount);
  const date = formatDate(payment.paymentDate);
  const keep = () => {
    if (!cancelling) send({ type: 'PAYMENT.KEEP' });
  };
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary"
        aria-disabled={cancelling || snapshot.matches('cancelled') || undefined}
        onClick={() => {
          if (snapshot.matches('idle')) send({ type: 'PAYMENT.CANCEL' });
        }}
      >
        {T.cancelPayment}
        <span className="visually-hidden">
          {' '}
          of {amount} on {date}
        </span>
      </button>
      <Dialog
        open={open}
        title={T.cancelPaymentTitle}
        onClose={keep}
        // Home spec §9: 'cancel payment 30vw' (90 % under 960 px, by the dialog's own rule).
        width="30vw"
        actions={
          <ConfirmActions
            busy={cancelling}
            keepLabel={T.keepPayment}
            confirmLabel={T.confirmCancelPayment}
            onKeep={keep}
            onConfirm={() => send({ type: 'PAYMENT.CONFIRM' })}
          />
        }
      >
        <p>{T.cancelPaymentBody(amount, date)}</p>
        {payment.confirmationNumber ? (
          <p>
            Confirmation number <LongText text={payment.confirmationNumber} />
          </p>
        ) : null}
        {cancelling ? (
          <p role="status" className="billing-busy">
            <span className="billing-spinner" aria-hidden="true" /> {T.cancellingPayment}
          </p>
        ) : null}
      </Dialog>
    </>
  );
});
