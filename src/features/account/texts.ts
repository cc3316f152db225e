/** The account cards' copy, quoted from the spec. */
export const ACCOUNT_TEXT = {
  // Spec 2.1 (quoted).
  noServicesHeading: 'No services',
  noServicesBody: 'You currently do not have any products associated to your account.',
} as const;
