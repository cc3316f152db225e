import { ModemMigrationAlert } from './ModemMigrationAlert';
import { ModemReplacementOffer } from './ModemReplacementOffer';
import { WifiPanel } from './WifiPanel';
import type { SectionRegistry } from '../../ui/section';

/** The home cards this feature owns (section id of rules/home-sections.json -> component). */
export const homeSections = {
  'modem-replacement-offer': ModemReplacementOffer,
  'modem-migration-alert': ModemMigrationAlert,
  'wifi-devices': WifiPanel,
} satisfies SectionRegistry;
