import { NetworkStatus, NoServicesAlert, QuickLinks } from './AccountSections';
import { Greeting } from './Greeting';
import type { SectionRegistry } from '../../ui/section';

/** The home cards this feature owns (section id of rules/home-sections.json -> component). */
export const homeSections = {
  'no-services': NoServicesAlert,
  greeting: Greeting,
  'network-status': NetworkStatus,
  'quick-links': QuickLinks,
} satisfies SectionRegistry;
