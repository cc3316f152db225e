/**
 * The outage cards' copy: outage alert, modem restart, out-of-service credit. Texts the spec quotes are kept
 * exactly as it writes them; the rest is plain wording for what the spec describes without quoting. Flow
 * messages (toasts and dialogs of the machines) live in machines/messages.ts, not here.
 */
export const OUTAGE_TEXT = {
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

  // Out-of-service credit (shell spec §4; dialog title 'Bill Credit' comes from machines/messages.ts).
  creditHeading: 'Out of service credit',
  accept: 'Accept',
  decline: 'Decline',
  declineCreditTitle: 'Decline your credit',
  declineCreditBody: 'If you have questions about your out of service credit, please chat with an agent.',
  chatWithAgent: 'Chat with an agent',
} as const;
