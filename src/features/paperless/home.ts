import { lazySection } from '../../ui/lazy-section';
import type { SectionRegistry } from '../../ui/section';

/**
 * The home cards this feature owns (section id of rules/home-sections.json -> component). Both run the paperless
 * flow; they load when the rules show them, not with /home's first load.
 */
export const homeSections = {
  'paper-charge-alert': lazySection(() => import('./PaperChargeAlert').then((m) => m.PaperChargeAlert)),
  'early-life-billing': lazySection(() => import('./EarlyLifeBilling').then((m) => m.EarlyLifeBilling)),
} satisfies SectionRegistry;
