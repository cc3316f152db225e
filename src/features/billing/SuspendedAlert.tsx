import { useFlow } from '../../stores/use-flow';
import { PaymentActions } from './PaymentActions';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { jumpOut } from '../../config';
import { useStores } from '../../stores/context';
import { constantOf } from '../../stores/decided';
import { Alert } from '../../ui/Alert';
import { formatMoney } from '../../ui/format';
import { paymentMethodText } from '../../ui/display';
import { PayBill } from './PayBill';
import { PaymentPlanButton } from './PaymentPlanButton';
import { BILLING_HOME_TEXT as T } from './home-texts';
import type { SectionProps } from '../../ui/section';

/**
 * The suspended notice (rules/home-sections.json, variants): for a suspended prepaid account 'Your service
 * has been suspended!'. The card-expired variant offers 'Update payment Method' (external redirect); the
 * failed-payment variant offers Retry Payment (machines/retry-payment.machine.ts) when rules/billing-actions.json
 * decides 'retry-payment', Edit Payment Method and Pay with new Payment Method. The postpaid variant
 * 'Suspended Account' (SUSP, SUSPENDED or S) shows the balance with Pay and, where offered, Set up Payment plan.
 */
export const SuspendedAlert = observer(function SuspendedAlert({ params }: SectionProps) {
  const store = useStores();
  const variant = params?.variant;
  if (variant === 'postpaid') return <SuspendedPostpaid />;
  if (variant !== 'prepaid-card-expired' && variant !== 'prepaid-failed-payment') return null;
  const p = store.profile.data;
  const amount = p?.nextPaymentAmount;
  const method = paymentMethodText(p);
  const expired = variant === 'prepaid-card-expired';
  const retryAllowed = store.decisions.current?.billingActions['retry-payment'] === true;
  return (
    <Alert
      tone="error"
      heading={T.suspendedPrepaidHeading}
      actions={
        expired ? (
          <a className="btn" href={jumpOut('updatePaymentMethod')}>
            {T.suspendedUpdatePaymentMethod}
          </a>
        ) : undefined
      }
    >
      <p>{expired ? T.suspendedCardExpiredBody : T.suspendedFailedPaymentBody}</p>
      {amount !== undefined || method ? (
        <dl className="home-facts">
          {amount !== undefined ? (
            <>
              <dt>{T.nextPayment}</dt>
              <dd>{formatMoney(amount)}</dd>
            </>
          ) : null}
          {method ? (
            <>
              <dt>Payment method</dt>
              <dd>{method}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <p>{T.suspendedRestoreInfo(constantOf(store, 'serviceRestoreHours'))}</p>
      {/* The machine takes the rules' verdict as input: a new verdict starts a new machine. */}
      {expired ? null : <RetryButtons key={String(retryAllowed)} retryAllowed={retryAllowed} />}
    </Alert>
  );
});

const RetryButtons = observer(function RetryButtons({ retryAllowed }: { retryAllowed: boolean }) {
  const store = useStores();
  const navigate = useNavigate();
  // The flow's machine and xstate load on its first event (src/stores/use-flow.ts).
  const logic = () =>
    import('./flows').then((flows) => flows.provideRetryPayment(store, () => void navigate('/home')));
  const [snapshot, send] = useFlow('retry-payment', logic, { retryAllowed });
  if (snapshot.matches('succeeded')) {
    return <p role="status">{T.retrySucceeded(constantOf(store, 'serviceRestoreHours'))}</p>;
  }
  const busy = snapshot.matches('authorizing');
  return (
    <PaymentActions
      busy={busy}
      pay={retryAllowed ? { label: T.retryPayment, onPress: () => send({ type: 'PAYMENT.RETRY' }) } : null}
      others={[
        { label: T.editPaymentMethod, onPress: () => send({ type: 'PAYMENT.EDIT_METHOD' }) },
        { label: T.payWithNewPaymentMethod, onPress: () => send({ type: 'PAYMENT.NEW_METHOD' }) },
      ]}
    />
  );
});

/** 'Suspended: postpaid Suspended Account': the balance that restores service, Pay, a payment plan. */
const SuspendedPostpaid = observer(function SuspendedPostpaid() {
  const store = useStores();
  const p = store.profile.data;
  const offers = store.decisions.current?.billingActions;
  return (
    <Alert
      tone="error"
      heading={T.suspendedPostpaid}
      actions={
        <>
          {offers?.['pay-bill'] ? <PayBill /> : null}
          {offers?.['set-up-payment-plan'] ? <PaymentPlanButton label={T.setUpPaymentPlan} /> : null}
          {offers?.['view-payment-plan'] ? <PaymentPlanButton label={T.viewPaymentPlan} /> : null}
        </>
      }
    >
      <p>{T.suspendedPostpaidBody}</p>
      {p?.currentAmountDue !== undefined ? (
        <dl className="home-facts">
          <dt>{T.amountDue}</dt>
          <dd>{formatMoney(p.currentAmountDue)}</dd>
        </dl>
      ) : null}
    </Alert>
  );
});
