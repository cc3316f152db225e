/**
 * The copy of billing's home cards (walled garden, prepaid card, suspended notice, payment success). Texts the
 * spec quotes are kept exactly as it writes them (with its capitalisation); the rest is plain wording for what
 * the spec describes without quoting. Kept apart from the pages' texts.ts so the home's first load does not
 * carry the billing pages' copy. Flow messages (toasts of the machines) live in machines/messages.ts.
 */
export const BILLING_HOME_TEXT = {
  // Walled garden (shell spec §4: heading quoted; the rest described).
  walledGardenHeading: 'Avoid a service interruption',
  payNow: 'Pay now',
  payWithNewCard: 'Pay with new card',
  submittingPayment: 'Submitting your payment…',

  // Prepaid card status (shell spec §4, quoted headings and action).
  cardExpiredHeading: 'Payment method expired',
  cardAlmostExpiredHeading: 'Payment method almost expired',
  updatePaymentMethod: 'Update Payment Method',

  // Suspended prepaid notice: heading (home spec §2.8) and buttons (§4 'Billing panel states', with its
  // capitalisation) quoted; the rest is our wording (§9 says service is restored within 24 hours of a payment).
  suspendedPrepaidHeading: 'Your service has been suspended!',
  suspendedFailedPaymentBody:
    'Your last payment did not go through, so your service has been suspended. Make a payment to restore it.',
  suspendedCardExpiredBody:
    'The payment method on your account has expired, so your service has been suspended. Update your payment method to restore it.',
  suspendedRestoreInfo: 'After your payment, your service is restored within 24 hours.',
  nextPayment: 'Next payment:',
  suspendedUpdatePaymentMethod: 'Update payment Method',
  retryPayment: 'Retry Payment',
  editPaymentMethod: 'Edit Payment Method',
  payWithNewPaymentMethod: 'Pay with new Payment Method',
  retrySucceeded: 'Your payment was received. Your service is restored within 24 hours.',

  // Payment retry success box (shell spec §4 'Payment retry').
  paymentSuccessHeading: 'Payment successful',
  paymentSuccessSoftGuard: 'Thank you. Your payment was received and your service will not be interrupted.',
  paymentSuccessStandard:
    'Thank you. Your payment was received. Service is restored within 24 hours of a payment.',
} as const;
