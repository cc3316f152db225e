import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { useFlow } from '../../stores/use-flow';
import { BILLING_HOME_TEXT as T } from './home-texts';

/**
 * Pay (machines/pay-bill.machine.ts): the payment jump-out token, then jumpOutPayBill. While it runs the button
 * stays focusable but inert and the step is announced; a failure ends in the machine's toast. Offered where
 * rules/billing-actions.json decides 'pay-bill'.
 */
export const PayBill = observer(function PayBill({ label = T.pay }: { label?: string }) {
  const store = useStores();
  const logic = () => import('./pay-flows').then((flows) => flows.providePayBill(store));
  const [snapshot, send] = useFlow('pay-bill', logic);
  const busy = !snapshot.matches('idle');
  return (
    <>
      <button
        type="button"
        className="btn"
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) send({ type: 'BILL.PAY' });
        }}
      >
        {label}
      </button>
      {busy ? (
        <p role="status" className="billing-busy">
          <span className="billing-spinner" aria-hidden="true" /> {T.paying}
        </p>
      ) : null}
    </>
  );
});
