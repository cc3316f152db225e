import { RewardsSection } from './RewardsSection';
import type { SectionRegistry } from '../../ui/section';

/** The home cards this feature owns (section id of rules/home-sections.json -> component). */
export const homeSections = {
  rewards: RewardsSection,
} satisfies SectionRegistry;
