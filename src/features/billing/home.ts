import { BillingInfo } from './BillingInfo';
import { BlueMarbleSection } from './BlueMarbleSection';
import { FirstBillAlert } from './FirstBillAlert';
import { LatePaymentAlert } from './LatePaymentAlert';
import { VacationAlert } from './VacationAlert';
import { PaymentRetrySuccess } from './PaymentRetrySuccess';
import { PrepaidCardAlert } from './PrepaidCardAlert';
import { SuspendedAlert } from './SuspendedAlert';
import { WalledGardenAlert } from './WalledGardenAlert';
import type { SectionRegistry } from '../../ui/section';

/** The home cards this feature owns (section id of rules/home-sections.json -> component). */
export const homeSections = {
  'suspended-alert': SuspendedAlert,
  'walled-garden-alert': WalledGardenAlert,
  'prepaid-card-alert': PrepaidCardAlert,
  'payment-retry-success': PaymentRetrySuccess,
  'first-bill-alert': FirstBillAlert,
  'vacation-alert': VacationAlert,
  'late-payment-alert': LatePaymentAlert,
  'billing-info': BillingInfo,
  'blue-marble': BlueMarbleSection,
} satisfies SectionRegistry;
