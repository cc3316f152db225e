import type { HomeViewId } from '../../../engine/decisions';
import type { ViewComponent } from './types';
import { FullHome } from '../FullHome';
import { OrderHistoryView } from './OrderHistoryView';
import {
  AccountMessagingView,
  ArchivedView,
  BlockedView,
  ClosedView,
  EmbargoView,
  PrepaidInactiveView,
  ProfileErrorView,
  SuspendedView,
} from './simple-views';

/** Home view id (rules/home-view.json) -> component: the ten views of the spec's 'Home page' list. */
export const homeViews: Record<HomeViewId, ViewComponent> = {
  'account-messaging': AccountMessagingView,
  'profile-error': ProfileErrorView,
  blocked: BlockedView,
  'order-history': OrderHistoryView,
  embargo: EmbargoView,
  suspended: SuspendedView,
  archived: ArchivedView,
  closed: ClosedView,
  'prepaid-inactive': PrepaidInactiveView,
  full: FullHome,
};
