import { InternetPlanCard } from './InternetPlanCard';
import { SelfInstallApp } from './SelfInstallApp';
import type { SectionRegistry } from '../../ui/section';

/** The home cards this feature owns (section id of rules/home-sections.json -> component). */
export const homeSections = {
  'internet-wifi': InternetPlanCard,
  'self-install-app': SelfInstallApp,
} satisfies SectionRegistry;
