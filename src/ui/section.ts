import type { ComponentType } from 'react';
import type { SectionId } from '../engine/decisions';

/** What a home section receives: the params its rule in rules/home-sections.json decided (its variant). */
export interface SectionProps {
  params?: Record<string, unknown> | undefined;
}
export type SectionComponent = ComponentType<SectionProps>;

/**
 * Section id -> component. Each feature exports the cards it owns (its `home.ts`); the app layer
 * (src/app/home-sections.ts) composes them into the one registry the home renders from.
 */
export type SectionRegistry = Partial<Record<SectionId, SectionComponent>>;
