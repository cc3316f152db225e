/**
 * The section ids the home's registry (src/app/home-sections.ts) renders, as plain data: node scripts
 * (npm run rules:check) read it without loading React or CSS. A test keeps it equal to the registry's keys.
 */
import type { SectionId } from '../engine/decisions';

export const RENDERED_SECTIONS: readonly SectionId[] = [
  'outage-alert',
  'paper-charge-alert',
  'suspended-alert',
  'walled-garden-alert',
  'prepaid-card-alert',
  'payment-retry-success',
  'modem-replacement-offer',
  'outage-credit-alert',
  'alternate-phone-alerts',
  'first-bill-alert',
  'no-email-alert',
  'invalid-email-alert',
  'no-services',
  'greeting',
  'network-status',
  'order-history-link',
  'early-life-order',
  'repair-tickets',
  'quick-links',
  'early-life-billing',
  'support',
  'rewards',
  'internet-wifi',
  'wifi-devices',
  'self-install-app',
  'rate-increase-alert',
  'modem-migration-alert',
  'vacation-alert',
  'late-payment-alert',
  'billing-info',
  'cancel-service',
  'blue-marble',
];

/**
 * Sections the rules can decide whose feature is not built yet: rules:check prints a warning for each, not an
 * error. A feature that builds one exports its card, adds it to src/app/home-sections.ts and moves its id
 * from this list to RENDERED_SECTIONS.
 */
export const NOT_BUILT_YET: readonly SectionId[] = [];
