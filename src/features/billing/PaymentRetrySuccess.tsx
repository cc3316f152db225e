import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { constantOf } from '../../stores/decided';
import { Alert } from '../../ui/Alert';
import { formatMoney } from '../../ui/format';
import { paymentMethodText } from '../../ui/display';
import { useFocusOnMount } from '../../ui/focus';
import { paymentReceipt } from './receipt';
import { BILLING_HOME_TEXT as T } from './home-texts';
import type { SectionProps } from '../../ui/section';

/**
 * The payment success box (rules: retry success, variant by the soft-guard payment success flag): the
 * amount, the last four card digits or a PayPal account, and the confirmation number, from the payment's
 * record when the payment was made here, else from the profile and the saved payment id.
 * It appears right after a payment the user just made, so it takes focus.
 */
export const PaymentRetrySuccess = observer(function PaymentRetrySuccess({ params }: SectionProps) {
  const store = useStores();
  const p = store.profile.data;
  const softGuard = params?.variant === 'soft-guard';
  const receipt = paymentReceipt(store);
  const amount = receipt?.paymentAmount ?? p?.nextPaymentAmount ?? p?.currentAmountDue;
  const method = receipt?.lastFourDigits
    ? paymentMethodText({
        creditCardType: receipt.paymentMethod,
        creditCardLastFourDigits: receipt.lastFourDigits,
      })
    : paymentMethodText(p);
  const confirmation = receipt?.confirmationNumber ?? store.accountData.paymentId;
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <div ref={ref} tabIndex={-1} className="home-focus-target">
      <Alert tone="success" heading={T.paymentSuccessHeading}>
        <p>
          {softGuard
            ? T.paymentSuccessSoftGuard
            : T.paymentSuccessStandard(constantOf(store, 'serviceRestoreHours'))}
        </p>
        <dl className="home-facts">
          {amount !== undefined ? (
            <>
              <dt>Amount</dt>
              <dd>{formatMoney(amount)}</dd>
            </>
          ) : null}
          {method ? (
            <>
              <dt>Paid with</dt>
              <dd>{method}</dd>
            </>
          ) : null}
          {confirmation ? (
            <>
              <dt>Confirmation number</dt>
              <dd>{confirmation}</dd>
            </>
          ) : null}
        </dl>
      </Alert>
    </div>
  );
});
