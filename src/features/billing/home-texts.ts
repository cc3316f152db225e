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
  // capitalisation) quoted; the rest is our wording (§9 says service is restored within 24 hours of a payment:
  // rules/constants.json, serviceRestoreHours).
  suspendedPrepaidHeading: 'Your service has been suspended!',
  suspendedFailedPaymentBody:
    'Your last payment did not go through, so your service has been suspended. Make a payment to restore it.',
  suspendedCardExpiredBody:
    'The payment method on your account has expired, so your service has been suspended. Update your payment method to restore it.',
  suspendedRestoreInfo: (hours: number) =>
    `After your payment, your service is restored within ${hours} hours.`,
  nextPayment: 'Next payment:',
  suspendedUpdatePaymentMethod: 'Update payment Method',
  retryPayment: 'Retry Payment',
  editPaymentMethod: 'Edit Payment Method',
  payWithNewPaymentMethod: 'Pay with new Payment Method',
  retrySucceeded: (hours: number) =>
    `Your payment was received. Your service is restored within ${hours} hours.`,

  // Payment retry success box (shell spec §4 'Payment retry').
  paymentSuccessHeading: 'Payment successful',
  paymentSuccessSoftGuard: 'Thank you. Your payment was received and your service will not be interrupted.',
  paymentSuccessStandard: (hours: number) =>
    `Thank you. Your payment was received. Service is restored within ${hours} hours of a payment.`,

  // Billing panel (home spec §2.7, §2.8, §4; shell spec §8). Quoted: the headings ACCOUNT BALANCE / NEXT PAYMENT,
  // the state notices, the AutoPay 'nothing due' note, the buttons; the rest is our wording.
  accountBalanceHeading: 'ACCOUNT BALANCE',
  nextPaymentHeading: 'NEXT PAYMENT',
  amountDue: 'Amount due',
  finalBill: 'Final bill',
  dueDate: 'Due date',
  paymentDate: 'Payment date',
  closed: 'This account is Closed',
  closedBody: 'Your service has ended.',
  finalBody: 'Your service has ended. Please pay what is left on your final bill.',
  suspendedPostpaid: 'Suspended Account',
  suspendedPostpaidBody:
    'Your services are suspended because your balance is past due. Pay your balance to restore them.',
  suspendedPrepaid: 'Your service has been suspended!',
  vacation: 'Your account is on vacation service',
  vacationRestore: 'Restore Service',
  vacationChat: 'To restore your service, chat with us.',
  paymentPlan: 'You are on a payment plan.',
  autoPayOn: 'AutoPay is on.',
  autoPayReminder: (amount: string, date: string) =>
    `AutoPay reminder: your payment of ${amount} will be processed on ${date}.`,
  autoPayNothingDue: 'You currently do not have an amount due. No payment will be processed.',
  currentAmountUnavailable: 'Current amount is not available. Please try again later. Already tried again?',
  chatWithUs: 'Chat with us',
  pay: 'Pay Now',
  paying: 'Taking you to the payment site…',
  viewBill: 'View Bill',
  viewBillLoading: 'Loading your bill…',
  viewPaymentHistory: 'View Payment History',
  setUpPaymentPlan: 'Set up Payment plan',
  viewPaymentPlan: 'View Payment plan',
  planLoading: 'Opening the payment plan site…',
  paymentPlanPromptHeading: 'Need more time to pay?',
  paymentPlanPrompt:
    'Your payment is late. You can spread what you owe over several payments with a payment plan.',
  manageAutoPay: 'Manage AutoPay',
  cancelService: 'Cancel Service',

  // Scheduled payments and their cancel dialog (home spec §2.7, §4; §9 width 30vw). The spec quotes no copy.
  scheduledPayments: 'Scheduled payments',
  noScheduledPayments: 'You have no scheduled payments.',
  cancelPayment: 'Cancel Payment',
  cancelPaymentTitle: 'Cancel Scheduled Payment',
  cancelPaymentBody: (amount: string, date: string) =>
    `Do you want to cancel your payment of ${amount} scheduled for ${date}?`,
  keepPayment: 'Keep Payment',
  confirmCancelPayment: 'Yes, Cancel Payment',
  cancellingPayment: 'Cancelling your payment…',

  // Late-payment alert (home spec §5 'Payment late ...'; heading and body are ours).
  latePaymentHeading: 'Your payment is past due',
  latePaymentBody: (amount: string, date: string) => `Your balance of ${amount} was due on ${date}.`,
  latePaymentBodyNoDate: (amount: string) => `Your balance of ${amount} is past due.`,

  // 'Moving?' panel (home spec §2.8; the link differs for EBBP or ACP discount holders).
  moving: 'Moving?',
  movingBody: 'Take your service with you. Tell us your new address and we will help you plan the move.',
  movingLink: 'Plan your move',

  // Blue Marble section (home §2.1 item 23; built from the services answer).
  blueMarbleHeading: 'Your account on our new billing system',
} as const;
