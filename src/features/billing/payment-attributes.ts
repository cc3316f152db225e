import { billingEntityOf, isPrepaidAccount } from '../../facts/derive';
import type { Profile } from '../../generated/types';

/** One attribute of createJumpOutToken's list. */
export interface Attribute {
  name: string;
  value: string;
}

/** Home spec §9: 'Payment source code DIGIHOME. Payment option DSSP.' */
export const PAYMENT_SOURCE = 'DIGIHOME';
export const PAYMENT_OPTION = 'DSSP';

const amount = (n: number | undefined): string =>
  typeof n === 'number' && Number.isFinite(n) ? n.toFixed(2) : '0.00';
const flag = (b: boolean | undefined): string => (b === true ? 'true' : 'false');

/**
 * What the payment site is asked to take: the amount due (a prepaid account's next payment) less the
 * payments already scheduled, never below 0, so a customer is not asked to pay twice.
 */
export function adjustedAmount(p: Profile): number {
  const owed = isPrepaidAccount(p.currentlyManagedAccount) ? p.nextPaymentAmount : p.currentAmountDue;
  const scheduled = (p.scheduledPayments ?? []).reduce(
    (sum, s) => sum + (Number.isFinite(s.paymentAmount) ? s.paymentAmount : 0),
    0,
  );
  const left = (typeof owed === 'number' && Number.isFinite(owed) ? owed : 0) - scheduled;
  return Math.max(0, Math.round(left * 100) / 100);
}

/**
 * The payment variant of the jump-out token's attribute list (shell spec §7: 'biller, names, account number,
 * autoPay, due date, adjusted amount, confirmation email, billing address parts, company owner, ACH and card
 * flags, fees'), with the names docs/contracts.md gives. Every value is text; an absent one is empty.
 */
export function paymentAttributes(p: Profile): Attribute[] {
  const a = p.billingAddress ?? {};
  const pairs: [string, string][] = [
    ['biller', billingEntityOf(p.currentlyManagedAccount, p.c2e, p.territory) ?? p.billingSource ?? ''],
    ['firstName', p.firstName ?? ''],
    ['lastName', p.lastName ?? ''],
    ['accountNumber', p.currentlyManagedAccount],
    ['autoPay', flag(p.autoPay)],
    ['dueDate', p.billDueDate ?? ''],
    ['adjustedAmount', amount(adjustedAmount(p))],
    ['confirmationEmail', p.billingEmailAddress || p.emailAddress || ''],
    ['billingAddressLine1', a.addressLine1 ?? a.primaryLine ?? ''],
    ['billingAddressLine2', a.addressLine2 ?? ''],
    ['billingCity', a.city ?? ''],
    ['billingState', a.stateCode ?? ''],
    ['billingZip', a.zip ?? ''],
    ['companyOwner', p.companyIdentifier],
    ['achAllowed', flag(p.achAllowedFlag)],
    ['cardAllowed', flag(p.cardAllowedFlag)],
    ['convenienceFeeAch', amount(p.convenienceFeeAmtAch ?? 0)],
    ['convenienceFeeCard', amount(p.convenienceFeeAmtCard ?? 0)],
    ['paymentSource', PAYMENT_SOURCE],
    ['paymentOption', PAYMENT_OPTION],
  ];
  return pairs.map(([name, value]) => ({ name, value }));
}
