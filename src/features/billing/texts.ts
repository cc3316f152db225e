/** The billing texts the spec quotes, verbatim (home spec §4 and §8, typos included: 'deatils'). */
export const BILLING_TEXTS = {
  previousBillsUnavailable: 'Previous bills are not available',
  noBillsYet: "You don't have any bills for your account yet.",
  currentAmountUnavailable: 'Current amount is not available. Please try again later. Already tried again?',
  historicalDataUnavailable: 'We are unable to retrieve your historical data at this time.',
  billDetailsError: 'Error while fetching bill deatils. Please try again later.',
  // Home spec §8: token failure toast (4 s), used when the payment-plan token cannot be had.
  tokenFailed: 'We are unable to provide this function at this time. Please try again later.',
} as const;
