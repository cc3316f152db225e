import { CancelServiceSection } from './CancelServiceSection';
import type { SectionRegistry } from '../../ui/section';

/** The home cards this feature owns (section id of rules/home-sections.json -> component). */
export const homeSections = {
  'cancel-service': CancelServiceSection,
} satisfies SectionRegistry;
