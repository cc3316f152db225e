import { CreditOfferAlert } from './CreditOfferAlert';
import { OutageAlert } from './OutageAlert';
import type { SectionRegistry } from '../../ui/section';

/** The home cards this feature owns (section id of rules/home-sections.json -> component). */
export const homeSections = {
  'outage-alert': OutageAlert,
  'outage-credit-alert': CreditOfferAlert,
} satisfies SectionRegistry;
