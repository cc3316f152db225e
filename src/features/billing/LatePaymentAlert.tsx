import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { useStores } from '../../stores/context';
import { Alert } from '../../ui/Alert';
import { formatMoney } from '../../ui/format';
import { shownDueDate } from './billing-data';
import { BILLING_HOME_TEXT as T } from './home-texts';
import { PayBill } from './PayBill';
import { PaymentPlanButton } from './PaymentPlanButton';

/**
 * Home section 4, the late-payment alert: shown when rules/payment.json decides the payment is late ('amount due
 * over 10 and today is past the due date plus one day'). The balance, the due date shown (the bill due date plus
 * one day), Pay and, where the rules offer it, Set up Payment plan.
 */
export const LatePaymentAlert = observer(function LatePaymentAlert() {
  const store = useStores();
  const p = store.profile.data;
  const offers = store.decisions.current?.billingActions;
  const amount = formatMoney(p?.currentAmountDue);
  const due = shownDueDate(p?.billDueDate);
  return (
    <Alert
      tone="error"
      heading={T.latePaymentHeading}
      actions={
        <>
          {offers?.['pay-bill'] ? <PayBill /> : null}
          {offers?.['set-up-payment-plan'] ? <PaymentPlanButton label={T.setUpPaymentPlan} /> : null}
          <Link to="/billing">Billing details</Link>
        </>
      }
    >
      <p>{due ? T.latePaymentBody(amount, due) : T.latePaymentBodyNoDate(amount)}</p>
    </Alert>
  );
});
