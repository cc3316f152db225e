import { ModemReplacementOffer } from './ModemReplacementOffer';
import type { SectionRegistry } from '../../ui/section';

/** The home cards this feature owns (section id of rules/home-sections.json -> component). */
export const homeSections = {
  'modem-replacement-offer': ModemReplacementOffer,
} satisfies SectionRegistry;
