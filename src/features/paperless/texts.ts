/**
 * The paperless cards' copy. Texts the spec quotes are kept exactly as it writes them (home spec §2.5: 'EMAIL
 * Only', 'EMAIL and SMS', 'Turn On', 'Confirm Email', Yes and No); the rest is plain wording for what the spec
 * describes without quoting. The flow's toasts and messages are in machines/messages.ts.
 */
export const PAPERLESS_TEXT = {
  // Paper charge (home spec §5 and §2.5; fee from rules/constants.json).
  paperChargeHeading: 'Avoid the paper bill fee',
  paperChargeBody: (fee: string) =>
    `A ${fee} fee applies to each paper bill. Switch to paperless billing and get your bill by email instead.`,
  paperChargeSubmit: 'Go paperless',
  emailRequired: 'Enter your email address.',
  emailInvalid: 'Enter an email address in the format name@example.com.',

  // The paperless dialog (home spec §2.5).
  dialogTitle: 'Paperless Billing',
  billReady: 'How should we tell you your bill is ready?',
  emailOnly: 'EMAIL Only',
  emailAndSms: 'EMAIL and SMS',
  emailLabel: 'Email address',
  phoneLabel: 'Mobile number for SMS',
  phoneHint: (digits: number) => `${digits} digits, numbers only.`,
  turnOn: 'Turn On',
  cancel: 'Cancel',
  saving: 'Saving…',
  checking: 'Checking your email address…',

  // 'Confirm Email' buttons (home spec §2.5: Yes or No).
  yes: 'Yes',
  no: 'No',

  // Turning off (the spec: 'turning off works the same way'; the confirm copy is ours).
  turnOff: 'Turn Off',
  turnOffTitle: 'Turn Off Paperless Billing',
  turnOffBody: 'Your bills will come by mail instead of by email.',
  keepPaperless: 'Keep Paperless',

  // Status lines.
  statusHeading: 'Paperless billing',
  on: 'On: your bill comes by email',
  off: 'Off: your bill comes by mail',
  goPaperless: 'Go paperless',
} as const;
