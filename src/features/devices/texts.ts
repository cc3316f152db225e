/**
 * The devices cards' copy: the modem replacement offer (plain wording for what the spec describes). Flow
 * messages (toasts and dialogs of the machines) live in machines/messages.ts, not here.
 */
export const DEVICES_TEXT = {
  // Modem replacement (shell spec §4; dialog texts from machines/messages.ts).
  modemReplacementHeading: 'Get a new modem',
  replace: 'Replace',
  decline: 'Decline',
  addressConfirmTitle: 'Confirm your service address',
  addressConfirmBody: 'We will send your new modem to your service address:',
  confirmAddress: 'Confirm address',
  modemReplacementTitle: 'Modem replacement',
  declineReplacementTitle: 'Decline modem replacement',
  declineReplacementBody: 'Are you sure you want to decline the modem replacement?',
  confirmDecline: 'Yes, decline',
  keepOffer: 'No, keep the offer',
  chatWithAgent: 'Chat with an agent',
} as const;
