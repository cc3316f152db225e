/**
 * Which home section a component renders in (src/features/home/FullHome.tsx provides it): a flow a section
 * starts (useFlow) reports its completion for that section, for a rollout's live effect (issue 32 item 2).
 * Outside the full home (a page of its own) there is none, and nothing is reported.
 */
import { createContext, useContext } from 'react';

export const HomeSectionContext = createContext<string | null>(null);

export const useHomeSection = (): string | null => useContext(HomeSectionContext);

/** The tag of a final state that ends a flow without what it offered (an offer declined): not a completion. */
export const DECLINED_TAG = 'declined';
