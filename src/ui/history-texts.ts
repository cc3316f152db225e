/** Home spec §2.3 texts, verbatim: the order and ticket history's, and the order lookup's message. */
export const HISTORY_TEXTS = {
  empty: 'No current orders/tickets found for your account.',
  error:
    'We are currently unable to retrieve your orders/tickets information at this time. Please try again later.',
  /** With no order number known, the sentence closes on 'your order' (never 'your order .'). */
  orderLookupFailed: (orderNumber: string | undefined) =>
    `We're sorry, we are unable to retrieve details about your order${orderNumber ? ` ${orderNumber}` : ''}. Please try again later.`,
} as const;
