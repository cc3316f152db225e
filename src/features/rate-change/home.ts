import { RateIncreaseAlerts } from './RateIncreaseAlerts';
import type { SectionRegistry } from '../../ui/section';

/** The home cards this feature owns (section id of rules/home-sections.json -> component). */
export const homeSections = {
  'rate-increase-alert': RateIncreaseAlerts,
} satisfies SectionRegistry;
