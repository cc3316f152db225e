/**
 * The view and banner ids the home's registries render (views/index.ts `homeViews`, banners/AccountBanner.tsx
 * `accountBanners`), as plain data: npm run rules:check reads them without loading React or CSS, as it reads
 * src/app/rendered-sections.ts for the sections. A test keeps each equal to its registry's keys.
 */
import type { BannerId, HomeViewId } from '../../engine/decisions';

export const RENDERED_VIEWS: readonly HomeViewId[] = [
  'account-messaging',
  'profile-error',
  'blocked',
  'order-history',
  'embargo',
  'suspended',
  'archived',
  'closed',
  'prepaid-inactive',
  'full',
];

export const RENDERED_BANNERS: readonly BannerId[] = [
  'blocked',
  'account-closed',
  'embargo',
  'account-change',
  'maintenance',
];
