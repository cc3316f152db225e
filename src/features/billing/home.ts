import { FirstBillAlert } from './FirstBillAlert';
import { PaymentRetrySuccess } from './PaymentRetrySuccess';
import { PrepaidCardAlert } from './PrepaidCardAlert';
import { lazySection } from '../../ui/lazy-section';
import type { SectionRegistry } from '../../ui/section';

/**
 * The home cards this feature owns (section id of rules/home-sections.json -> component). Cards that run a
 * payment flow (its machines and calls) load beside the home's calls, so /home's first load carries none of it.
 */
export const homeSections = {
  'suspended-alert': lazySection(() => import('./SuspendedAlert').then((m) => m.SuspendedAlert)),
  'walled-garden-alert': lazySection(() => import('./WalledGardenAlert').then((m) => m.WalledGardenAlert)),
  'prepaid-card-alert': PrepaidCardAlert,
  'payment-retry-success': PaymentRetrySuccess,
  'first-bill-alert': FirstBillAlert,
  'vacation-alert': lazySection(() => import('./VacationAlert').then((m) => m.VacationAlert)),
  'late-payment-alert': lazySection(() => import('./LatePaymentAlert').then((m) => m.LatePaymentAlert)),
  'billing-info': lazySection(() => import('./BillingInfo').then((m) => m.BillingInfo)),
  'blue-marble': lazySection(() => import('./BlueMarbleSection').then((m) => m.BlueMarbleSection)),
} satisfies SectionRegistry;
