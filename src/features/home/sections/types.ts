import type { ComponentType } from 'react';

export interface SectionProps {
  params?: Record<string, unknown> | undefined;
}
export type SectionComponent = ComponentType<SectionProps>;
