import type { SectionComponent } from './types';
import { ContactNumberAlerts } from './ContactNumberAlerts';
import { CreditOfferAlert } from './CreditOfferAlert';
import { Greeting } from './Greeting';
import { ModemReplacementOffer } from './ModemReplacementOffer';
import { OutageAlert } from './OutageAlert';
import { PaperChargeAlert } from './PaperChargeAlert';
import { PaymentRetrySuccess } from './PaymentRetrySuccess';
import { PrepaidCardAlert } from './PrepaidCardAlert';
import { SuspendedAlert } from './SuspendedAlert';
import { WalledGardenAlert } from './WalledGardenAlert';
import {
  EarlyLifeBilling,
  FirstBillAlert,
  InvalidEmailAlert,
  NetworkStatus,
  NoEmailAlert,
  NoServicesAlert,
  OrderHistoryLink,
  QuickLinks,
  RewardsSection,
  SupportSection,
} from './basic-sections';

/**
 * Section id (rules/home-sections.json) -> component. The rules decide which show and in what order.
 * Sections of features not built yet (billing-info, early-life-order, repair-tickets, internet-wifi,
 * rate-increase-alert, modem-migration-alert, vacation-alert, late-payment-alert, self-install-app,
 * cancel-service, blue-marble) have no entry and are not rendered; suspended-alert renders its prepaid
 * variants only.
 */
export const homeSections: Partial<Record<string, SectionComponent>> = {
  'outage-alert': OutageAlert,
  'paper-charge-alert': PaperChargeAlert,
  'suspended-alert': SuspendedAlert,
  'walled-garden-alert': WalledGardenAlert,
  'prepaid-card-alert': PrepaidCardAlert,
  'payment-retry-success': PaymentRetrySuccess,
  'modem-replacement-offer': ModemReplacementOffer,
  'outage-credit-alert': CreditOfferAlert,
  'alternate-phone-alerts': ContactNumberAlerts,
  'first-bill-alert': FirstBillAlert,
  'no-email-alert': NoEmailAlert,
  'invalid-email-alert': InvalidEmailAlert,
  'no-services': NoServicesAlert,
  greeting: Greeting,
  'network-status': NetworkStatus,
  'order-history-link': OrderHistoryLink,
  'quick-links': QuickLinks,
  'early-life-billing': EarlyLifeBilling,
  support: SupportSection,
  rewards: RewardsSection,
};
