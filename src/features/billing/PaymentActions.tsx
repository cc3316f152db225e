import { BILLING_HOME_TEXT as T } from './home-texts';

interface Action {
  label: string;
  onPress: () => void;
}

/**
 * The buttons of a payment alert (walled-garden Pay now, suspended-prepaid Retry Payment): the payment button
 * only when the rules allow it, then the other ways to pay. While a payment is under way the payment button
 * stays focusable but inert (aria-disabled, so focus is not lost), the others are disabled, and the status is
 * announced.
 */
export function PaymentActions({
  busy,
  pay,
  others,
}: {
  busy: boolean;
  pay: Action | null;
  others: Action[];
}) {
  return (
    <div className="alert__actions">
      {pay ? (
        <button
          type="button"
          className="btn"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) pay.onPress();
          }}
        >
          {pay.label}
        </button>
      ) : null}
      {others.map((a) => (
        <button
          key={a.label}
          type="button"
          className="btn btn--secondary"
          disabled={busy}
          onClick={a.onPress}
        >
          {a.label}
        </button>
      ))}
      {busy ? <p role="status">{T.submittingPayment}</p> : null}
    </div>
  );
}
