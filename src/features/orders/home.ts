import { OrderHistoryLink } from './OrderHistoryLink';
import type { SectionRegistry } from '../../ui/section';

/** The home cards this feature owns (section id of rules/home-sections.json -> component). */
export const homeSections = {
  'order-history-link': OrderHistoryLink,
} satisfies SectionRegistry;
