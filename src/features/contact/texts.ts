/**
 * The contact cards' copy: contact number and email alerts. Texts the spec quotes are kept exactly as it
 * writes them; the rest is plain wording for what the spec describes without quoting. Flow messages (toasts
 * of the machines) live in machines/messages.ts, not here.
 */
export const CONTACT_TEXT = {
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
  decline: 'Decline',

  // Email alerts (home spec §2.8, quoted headings).
  noEmailHeading: 'No official account email address on record.',
  invalidEmailHeading: 'Do we have your correct email address?',
} as const;
