import type { ReactNode } from 'react';
import { historyOrders, historyTickets, mergedHistory, type HistoryItem } from '../facts/history';
import type { HistoryOrder, OrderHistory, RepairTickets, TroubleReport } from '../generated/types';
import { formatDate } from './format';
import {
  historyDate,
  historyLabel,
  installType,
  technicianStatus,
  ticketDate,
  ticketLabel,
} from './order-history';
import { LongText } from './LongText';
import { HISTORY_TEXTS } from './history-texts';

export { HISTORY_TEXTS };

/** Where a per-account call stands (the same shape as the stores' account-call state). */
export type CallView<T> =
  { status: 'loading' } | { status: 'skipped' } | { status: 'failed' } | { status: 'ok'; data: T };

/**
 * The order and ticket history (home spec §2.3, §4): one table per order (INACTIVE hidden) and per repair
 * ticket, merged in the spec's order (src/facts/history.ts); the spec's empty text; its error text when the
 * order lookup failed (FAILURERESP) and the ticket lookup did not succeed; the inline order-lookup message
 * when only the order lookup failed. `actions` adds what each item offers (the orders feature's links and
 * buttons, decided by rules); /support shows the history without them.
 */
export function OrderTicketHistory({
  orders,
  tickets,
  orderNumber,
  actions,
}: {
  orders: CallView<OrderHistory>;
  tickets: CallView<RepairTickets>;
  /** The account's order, named by the inline message when the order lookup fails. */
  orderNumber?: string | undefined;
  actions?: (item: HistoryItem) => ReactNode;
}) {
  if (orders.status === 'loading' || tickets.status === 'loading') {
    return <p role="status">Loading your orders and tickets…</p>;
  }
  if (orders.status === 'skipped' && tickets.status === 'skipped') {
    return <p>Order and ticket history is not available for this account.</p>;
  }
  const orderList = orders.status === 'ok' ? historyOrders(orders.data) : null;
  const ticketsOk = tickets.status === 'ok' && tickets.data.statusInfo?.status?.toUpperCase() !== 'FAILURE';
  const ticketList = tickets.status === 'ok' && ticketsOk ? historyTickets(tickets.data) : [];
  if (orderList === null && !ticketsOk) return <p role="alert">{HISTORY_TEXTS.error}</p>;
  const items = mergedHistory(orderList ?? [], ticketList);
  const lookupFailed = orderList === null && orders.status !== 'skipped';
  return (
    <>
      {lookupFailed ? (
        <p role="alert" className="inline-error">
          {HISTORY_TEXTS.orderLookupFailed(orderNumber)}
        </p>
      ) : null}
      {items.length === 0 && !lookupFailed ? <p>{HISTORY_TEXTS.empty}</p> : null}
      {/* Index in the key: Orch may list the same order or ticket twice, and each must render once. */}
      {items.map((item, i) =>
        item.kind === 'order' ? (
          <OrderTable key={`${i}:${item.key}`} order={item.order} actions={actions?.(item)} />
        ) : (
          <TicketTable key={`${i}:${item.key}`} ticket={item.ticket} actions={actions?.(item)} />
        ),
      )}
    </>
  );
}

function dateText(value: string | undefined): string {
  return value ? formatDate(value.slice(0, 10)) : '—';
}

function OrderTable({ order: o, actions }: { order: HistoryOrder; actions: ReactNode }) {
  const products = (o.products ?? []).map((p) => p.productName).join(', ');
  return (
    <div className="history-item">
      <table className="history-table">
        <caption>Order {o.orderNumber}</caption>
        <tbody>
          <tr>
            <th scope="row">Status</th>
            <td>
              <LongText text={o.orderStatus} />
            </td>
          </tr>
          <tr>
            <th scope="row">{historyLabel(o.orderStatus)}</th>
            <td>{dateText(historyDate(o))}</td>
          </tr>
          <tr>
            <th scope="row">Install type</th>
            <td>{installType(o)}</td>
          </tr>
          <tr>
            <th scope="row">Products</th>
            <td>{products ? <LongText text={products} /> : '—'}</td>
          </tr>
        </tbody>
      </table>
      {actions ? <div className="history-item__actions">{actions}</div> : null}
    </div>
  );
}

function TicketTable({ ticket: t, actions }: { ticket: TroubleReport; actions: ReactNode }) {
  const tech = technicianStatus(t.appointmentInfo?.clickStatusValue);
  return (
    <div className="history-item">
      <table className="history-table">
        <caption>Repair ticket {t.nativeTroubleReportIdentifier}</caption>
        <tbody>
          <tr>
            <th scope="row">Status</th>
            <td>
              <LongText text={ticketLabel(t.troubleReportStatus)} />
            </td>
          </tr>
          <tr>
            <th scope="row">{historyLabel(t.troubleReportStatus)}</th>
            <td>{dateText(ticketDate(t))}</td>
          </tr>
          <tr>
            <th scope="row">Install type</th>
            <td>Repair</td>
          </tr>
          {t.productName ? (
            <tr>
              <th scope="row">Product</th>
              <td>
                <LongText text={t.productName} />
              </td>
            </tr>
          ) : null}
          {tech && t.troubleReportStatus.toUpperCase() === 'OPN' ? (
            <tr>
              <th scope="row">Technician</th>
              <td>{tech}</td>
            </tr>
          ) : null}
        </tbody>
      </table>
      {actions ? <div className="history-item__actions">{actions}</div> : null}
    </div>
  );
}
