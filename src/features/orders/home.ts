import { OrderHistoryLink } from './OrderHistoryLink';
import { PendingOrderAlert } from './PendingOrderAlert';
import { RepairTicketAlerts } from './RepairTicketAlerts';
import type { SectionRegistry } from '../../ui/section';

export { OrderHistory } from './OrderHistory';

/** The home cards this feature owns (section id of rules/home-sections.json -> component). */
export const homeSections = {
  'order-history-link': OrderHistoryLink,
  'early-life-order': PendingOrderAlert,
  'repair-tickets': RepairTicketAlerts,
} satisfies SectionRegistry;
