import { ContactNumberAlerts } from './ContactNumberAlerts';
import { InvalidEmailAlert, NoEmailAlert } from './EmailAlerts';
import type { SectionRegistry } from '../../ui/section';

/** The home cards this feature owns (section id of rules/home-sections.json -> component). */
export const homeSections = {
  'alternate-phone-alerts': ContactNumberAlerts,
  'no-email-alert': NoEmailAlert,
  'invalid-email-alert': InvalidEmailAlert,
} satisfies SectionRegistry;
