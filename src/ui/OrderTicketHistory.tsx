import type { HistoryOrder, OrderHistory, RepairTickets, TroubleReport } from '../generated/types';
import { formatDate, formatDateTime } from './format';
import {
  historyDate,
  historyLabel,
  installType,
  listedTickets,
  mergedOrders,
  technicianStatus,
  ticketLabel,
} from './order-history';

/** Home spec §2.3 texts, verbatim. */
export const HISTORY_TEXTS = {
  empty: 'No current orders/tickets found for your account.',
  error:
    'We are currently unable to retrieve your orders/tickets information at this time. Please try again later.',
} as const;

/** Where a per-account call stands (the same shape as the stores' account-call state). */
export type CallView<T> =
  { status: 'loading' } | { status: 'skipped' } | { status: 'failed' } | { status: 'ok'; data: T };

/**
 * The order and ticket history (home spec §2.3): one table per order (INACTIVE hidden), then the listed
 * repair tickets; the spec's empty text, and its error text when the order lookup failed (FAILURERESP) and the
 * ticket lookup did not succeed. Shared by the home's history view and /support.
 */
export function OrderTicketHistory({
  orders,
  tickets,
}: {
  orders: CallView<OrderHistory>;
  tickets: CallView<RepairTickets>;
}) {
  if (orders.status === 'loading' || tickets.status === 'loading') {
    return <p role="status">Loading your orders and tickets…</p>;
  }
  if (orders.status === 'skipped' && tickets.status === 'skipped') {
    return <p>Order and ticket history is not available for this account.</p>;
  }
  const orderList = orders.status === 'ok' ? mergedOrders(orders.data) : null;
  const ticketsOk = tickets.status === 'ok' && tickets.data.statusInfo?.status?.toUpperCase() !== 'FAILURE';
  const ticketList = tickets.status === 'ok' && ticketsOk ? listedTickets(tickets.data) : [];
  if (orderList === null && !ticketsOk) return <p role="alert">{HISTORY_TEXTS.error}</p>;
  if ((orderList?.length ?? 0) + ticketList.length === 0) return <p>{HISTORY_TEXTS.empty}</p>;
  return (
    <>
      {(orderList ?? []).map((o) => (
        <OrderTable key={o.orderNumber} order={o} />
      ))}
      {ticketList.map((t) => (
        <TicketTable key={t.nativeTroubleReportIdentifier} ticket={t} />
      ))}
    </>
  );
}

function OrderTable({ order: o }: { order: HistoryOrder }) {
  const date = historyDate(o);
  const products = (o.products ?? []).map((p) => p.productName).join(', ');
  return (
    <table className="history-table">
      <caption>Order {o.orderNumber}</caption>
      <tbody>
        <tr>
          <th scope="row">Status</th>
          <td>{o.orderStatus}</td>
        </tr>
        <tr>
          <th scope="row">{historyLabel(o.orderStatus)}</th>
          <td>{date ? formatDate(date) : '—'}</td>
        </tr>
        <tr>
          <th scope="row">Install type</th>
          <td>{installType(o)}</td>
        </tr>
        <tr>
          <th scope="row">Products</th>
          <td>{products || '—'}</td>
        </tr>
      </tbody>
    </table>
  );
}

function TicketTable({ ticket: t }: { ticket: TroubleReport }) {
  const tech = technicianStatus(t.appointmentInfo?.clickStatusValue);
  return (
    <table className="history-table">
      <caption>Repair ticket {t.nativeTroubleReportIdentifier}</caption>
      <tbody>
        <tr>
          <th scope="row">Status</th>
          <td>{ticketLabel(t.troubleReportStatus)}</td>
        </tr>
        <tr>
          <th scope="row">Install type</th>
          <td>Repair</td>
        </tr>
        {t.productName ? (
          <tr>
            <th scope="row">Product</th>
            <td>{t.productName}</td>
          </tr>
        ) : null}
        <tr>
          <th scope="row">Appointment</th>
          <td>{t.commitmentDateTime ? formatDateTime(t.commitmentDateTime) : '—'}</td>
        </tr>
        {tech ? (
          <tr>
            <th scope="row">Technician</th>
            <td>{tech}</td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}
