import type { SectionComponent } from './types';
import { Greeting } from './Greeting';
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

/** Section id (rules/home-sections.json) -> component. The rules decide which show and in what order. */
export const homeSections: Partial<Record<string, SectionComponent>> = {
  'first-bill-alert': FirstBillAlert,
  'no-email-alert': NoEmailAlert,
  'invalid-email-alert': InvalidEmailAlert,
  greeting: Greeting,
  'network-status': NetworkStatus,
  'order-history-link': OrderHistoryLink,
  'quick-links': QuickLinks,
  'early-life-billing': EarlyLifeBilling,
  support: SupportSection,
  rewards: RewardsSection,
  'no-services': NoServicesAlert,
};
