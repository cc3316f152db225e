import { observer } from 'mobx-react-lite';
import { jumpOut } from '../../config';
import { parseCardExpiry } from '../../facts';
import { useStores } from '../../stores/context';
import { Alert } from '../../ui/Alert';
import { dayText, paymentMethodText } from '../../ui/display';
import { useFocusHome } from '../../ui/focus';
import { BILLING_HOME_TEXT as T } from './home-texts';

/**
 * Prepaid card status (rules/prepaid-card.json): 1 'Payment method expired', 2 'Payment method almost
 * expired', each with Update Payment Method (an external redirect) and a close button; closing is remembered
 * for the session (prepaidCardAlertClosed, which the rules read).
 */
export const PrepaidCardAlert = observer(function PrepaidCardAlert() {
  const store = useStores();
  const focusHome = useFocusHome();
  const status = store.decisions.current?.prepaidCard.status ?? 0;
  if (status === 0) return null;
  const p = store.profile.data;
  const expiry = parseCardExpiry(p?.creditCardExpiryDate);
  const card = paymentMethodText(p) || 'The card on your account';
  const expired = status === 1;
  return (
    <Alert
      tone={expired ? 'error' : 'warning'}
      heading={expired ? T.cardExpiredHeading : T.cardAlmostExpiredHeading}
      closeLabel={`Close ${expired ? T.cardExpiredHeading : T.cardAlmostExpiredHeading}`}
      onClose={() => {
        store.ui.setFlag('prepaidCardAlertClosed', true);
        focusHome();
      }}
      actions={
        <a className="btn" href={jumpOut('updatePaymentMethod')}>
          {T.updatePaymentMethod}
        </a>
      }
    >
      <p>
        {card} {expired ? 'expired' : 'expires'}
        {expiry ? ` on ${dayText(expiry)}` : ''}. Update your payment method to keep your service without
        interruption.
      </p>
    </Alert>
  );
});
