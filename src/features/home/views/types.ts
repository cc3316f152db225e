import type { ComponentType } from 'react';
import type { SectionRegistry } from '../../../ui/section';

export type ViewParams = Record<string, unknown> | undefined;
export interface ViewProps {
  params?: ViewParams;
  /** The section registry the app composed from every feature's cards (views that show sections take them here). */
  sections: SectionRegistry;
  /** The order & ticket history with its actions (the orders feature's, composed by the app layer). */
  history?: ComponentType | undefined;
}
export type ViewComponent = ComponentType<ViewProps>;
