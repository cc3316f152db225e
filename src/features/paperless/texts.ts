/**
 * The paperless cards' copy: the paper-charge alert. Texts the spec quotes are kept exactly as it writes them
 * (its typos included: 'recieve', 'unavailable.Please'); the rest is plain wording for what the spec
 * describes without quoting.
 */
export const PAPERLESS_TEXT = {
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
} as const;
