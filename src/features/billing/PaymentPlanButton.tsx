import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { useFlow } from '../../stores/use-flow';
import { BILLING_HOME_TEXT as T } from './home-texts';

/**
 * Set up Payment plan or View Payment plan (machines/payment-plan.machine.ts): the payment-plan token, then
 * the payment-plan site with it; no token is the machine's 4 s toast. Which one shows is the rules' choice.
 */
export const PaymentPlanButton = observer(function PaymentPlanButton({ label }: { label: string }) {
  const store = useStores();
  const logic = () => import('./pay-flows').then((flows) => flows.providePaymentPlan(store));
  const [snapshot, send] = useFlow('payment-plan', logic);
  const busy = !snapshot.matches('idle');
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary"
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) send({ type: 'PLAN.OPEN' });
        }}
      >
        {label}
      </button>
      {busy ? (
        <p role="status" className="billing-busy">
          <span className="billing-spinner" aria-hidden="true" /> {T.planLoading}
        </p>
      ) : null}
    </>
  );
});
