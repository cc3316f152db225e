import { EarlyLifeBilling } from './EarlyLifeBilling';
import { PaperChargeAlert } from './PaperChargeAlert';
import type { SectionRegistry } from '../../ui/section';

/** The home cards this feature owns (section id of rules/home-sections.json -> component). */
export const homeSections = {
  'paper-charge-alert': PaperChargeAlert,
  'early-life-billing': EarlyLifeBilling,
} satisfies SectionRegistry;

/** Paperless on and off, for the pages of other features (handed in by the app layer: /billing, settings). */
export { PaperlessSettings } from './PaperlessSettings';
