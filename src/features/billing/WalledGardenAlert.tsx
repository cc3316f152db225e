import { useFlow } from '../../stores/use-flow';
import { PaymentActions } from './PaymentActions';
import { addDays } from 'date-fns';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { Alert } from '../../ui/Alert';
import { parseDate } from '../../facts';
import { formatMoney } from '../../ui/format';
import { graceDaysOf } from '../../stores/decided';
import { dayText } from '../../ui/display';
import { BILLING_HOME_TEXT as T } from './home-texts';

/**
 * Soft walled garden (rules/walled-garden.json): 'Avoid a service interruption', the date the last payment
 * failed and the day service is suspended unless paid, with Pay now and Pay with new card
 * (machines/walled-garden-pay.machine.ts). Pay now is offered when rules/billing-actions.json offers it
 * ('walled-garden-pay-now': not when the card is expired).
 */
export const WalledGardenAlert = observer(function WalledGardenAlert() {
  const store = useStores();
  const p = store.profile.data;
  const payNowAllowed = store.decisions.current?.billingActions['walled-garden-pay-now'] === true;
  const graceDays = graceDaysOf(store);
  const failedOn = parseDate(p?.failedPaymentDate);
  const amount = p?.nextPaymentAmount ?? p?.currentAmountDue;
  return (
    <Alert tone="warning" heading={T.walledGardenHeading}>
      {failedOn ? (
        <p>
          Your last payment failed on <strong>{dayText(failedOn)}</strong>. Your service will be suspended{' '}
          {graceDays} days after the failed payment, on{' '}
          <strong>{dayText(addDays(failedOn, graceDays))}</strong>, unless a payment is made.
        </p>
      ) : (
        <p>
          Your last payment failed. Your service will be suspended {graceDays} days after the failed payment
          unless a payment is made.
        </p>
      )}
      {amount !== undefined ? <p>Amount due: {formatMoney(amount)}</p> : null}
      {/* The machine takes the rules' verdict as input: a new verdict starts a new machine. */}
      <PayButtons key={String(payNowAllowed)} payNowAllowed={payNowAllowed} />
    </Alert>
  );
});

const PayButtons = observer(function PayButtons({ payNowAllowed }: { payNowAllowed: boolean }) {
  const store = useStores();
  // The flow's machine and xstate load on its first event (src/stores/use-flow.ts).
  const logic = () => import('./flows').then((flows) => flows.provideWalledGardenPay(store));
  const [snapshot, send] = useFlow('walled-garden-pay', logic, { payNowAllowed });
  const busy = snapshot.matches('authorizing');
  return (
    <PaymentActions
      busy={busy}
      pay={payNowAllowed ? { label: T.payNow, onPress: () => send({ type: 'PAY.NOW' }) } : null}
      others={[{ label: T.payWithNewCard, onPress: () => send({ type: 'PAY.NEW_CARD' }) }]}
    />
  );
});
