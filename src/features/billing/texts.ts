/**
 * The billing pages' texts: the ones the spec quotes verbatim (home spec §4 and §8), and the bill detail
 * page's own line under the spec's toast (ours).
 */
export const BILLING_TEXTS = {
  previousBillsUnavailable: 'Previous bills are not available',
  noBillsYet: "You don't have any bills for your account yet.",
  historicalDataUnavailable: 'We are unable to retrieve your historical data at this time.',
  billDetailsUnavailable: 'The details of this bill cannot be shown right now.',
} as const;
