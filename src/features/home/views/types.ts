import type { ComponentType } from 'react';

export type ViewParams = Record<string, unknown> | undefined;
export interface ViewProps {
  params?: ViewParams;
}
export type ViewComponent = ComponentType<ViewProps>;
