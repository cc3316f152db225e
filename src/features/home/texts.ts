/**
 * The home page's own copy. Texts the spec quotes are kept exactly as it writes them (its typos included:
 * 'upto', 'recieve', 'unavailable.Please'); the rest is plain wording for what the spec describes without
 * quoting. Flow messages (toasts and dialogs of the machines) live in machines/messages.ts, not here.
 */
export const HOME_TEXT = {
  // Shell spec §4 'Account status banners', item 3 (quoted).
  embargoHeading: 'Your account is currently unavailable',
  embargoBody: (hours: number) => `This planned maintenance period may take upto ${hours} hours.`,
  learnMore: 'Learn more',
  // Shell spec §8 'Blocked account' (quoted).
  blockedHeading: 'Online access blocked',
  blockedBody:
    'Your account has been blocked from online access. If you believe this is an error, please chat with us.',
  // Home spec §2.8 'Closed' (quoted) and shell §4 'Closed accounts are archived about 90 days after ...'.
  closedHeading: 'This account is Closed',
  closedBody: (days: number) => `Closed accounts are archived about ${days} days after the disconnect date.`,
  accountChangeHeading: 'Your account number has changed',
  maintenanceHeading: 'Scheduled maintenance',
  maintenanceBody:
    'Some of our systems will be unavailable during scheduled maintenance. You may not be able to view or pay your bill online during that time.',

  // Outage (shell spec §4 'Outage': wording described, not quoted).
  outageHeading: 'Service outage in your area',
  outageEta: 'We are working to restore your service. Estimated resolution time:',
  outageEtaPast:
    'We are still working to restore your service. It is taking longer than we estimated, and we appreciate your patience.',
  outageEtaUnknown:
    'We are working to restore your service. The time needed for the repair is still being determined.',
  outageNotify: 'Get notified when service is restored',
  hangoverHeading: 'Still having trouble with your service?',
  hangoverBody:
    'The outage in your area has been resolved. If your service is still not working, restarting your modem may help.',
  restartModem: 'Restart modem',
  restartDialogTitle: 'Restart your modem',
  restartConfirm: 'Restart now',
  restarting: 'Restarting…',
  restartInstructions: 'How to restart your modem',

  // Walled garden (shell spec §4: heading quoted; the rest described).
  walledGardenHeading: 'Avoid a service interruption',
  payNow: 'Pay now',
  payWithNewCard: 'Pay with new card',
  submittingPayment: 'Submitting your payment…',

  // Prepaid card status (shell spec §4, quoted headings and action).
  cardExpiredHeading: 'Payment method expired',
  cardAlmostExpiredHeading: 'Payment method almost expired',
  updatePaymentMethod: 'Update Payment Method',

  // Out-of-service credit (shell spec §4; dialog title 'Bill Credit' comes from machines/messages.ts).
  creditHeading: 'Out of service credit',
  accept: 'Accept',
  decline: 'Decline',
  declineCreditTitle: 'Decline your credit',
  declineCreditBody: 'If you have questions about your out of service credit, please chat with an agent.',
  chatWithAgent: 'Chat with an agent',

  // Modem replacement (shell spec §4; dialog texts from machines/messages.ts).
  modemReplacementHeading: 'Get a new modem',
  replace: 'Replace',
  addressConfirmTitle: 'Confirm your service address',
  addressConfirmBody: 'We will send your new modem to your service address:',
  confirmAddress: 'Confirm address',
  modemReplacementTitle: 'Modem replacement',
  declineReplacementTitle: 'Decline modem replacement',
  declineReplacementBody: 'Are you sure you want to decline the modem replacement?',
  confirmDecline: 'Yes, decline',
  keepOffer: 'No, keep the offer',

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

  // Contact number alerts (shell spec §4).
  noContactHeading: 'Add a contact number',
  noContactBody:
    'There is no contact number on your account. Add one so we can reach you about your service and appointments.',
  addContactNumber: 'Add a contact number',
  reverifyHeading: 'Is your contact number up to date?',
  reverifyBody: (number: string) =>
    number
      ? `The contact number ${number} on your account is out of date. Please verify it.`
      : 'A contact number on your account is out of date. Please verify it.',
  verifyContactNumber: 'Verify your contact number',

  // Email alerts (home spec §2.8, quoted headings).
  noEmailHeading: 'No official account email address on record.',
  invalidEmailHeading: 'Do we have your correct email address?',

  // Paper charge (home spec §5 and §2.5; fee from rules/constants.json).
  paperChargeHeading: 'Avoid the paper bill fee',
  paperChargeBody: (fee: string) =>
    `A ${fee} fee applies to each paper bill. Switch to paperless billing and get your bill by email instead.`,
  paperChargeSubmit: 'Go paperless',
  emailRequired: 'Enter your email address.',
  emailInvalid: 'Enter an email address in the format name@example.com.',
  // Home spec §8 (quoted, typos kept).
  paperlessOn: "You'll now recieve your bill by email",
  paperlessFailed: 'Unable to save changes.Please try again later.',

  // Spec 2.1 (quoted).
  noServicesHeading: 'No services',
  noServicesBody: 'You currently do not have any products associated to your account.',
} as const;
