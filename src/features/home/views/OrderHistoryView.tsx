import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useStores } from '../../../stores/context';
import { formatDate } from '../../../ui/format';
import { historyDate, historyLabel, installType, mergedHistory } from './order-history';

const EMPTY = 'No current orders/tickets found for your account.';
const ERROR =
  'We are currently unable to retrieve your orders/tickets information at this time. Please try again later.';

/** Order & Ticket History (home document 2.3), opened from the full home's order-history link. */
export const OrderHistoryView = observer(function OrderHistoryView() {
  const store = useStores();
  const heading = useRef<HTMLHeadingElement>(null);
  const { orderHistory, tickets } = store.accountData;

  // Focus moves to what the user must read next: the page's heading.
  useEffect(() => heading.current?.focus(), []);

  const orders = orderHistory ? mergedHistory(orderHistory) : null;
  const ticketList = (tickets?.troubleReports ?? []).filter(
    (t) => !['CAN', 'CLD'].includes(t.troubleReportStatus),
  );
  const ordersFailed = orderHistory === null || orders === null;
  const ticketsFailed = !tickets || tickets.statusInfo?.status === 'FAILURE';

  return (
    <section className="panel" aria-labelledby="history-title">
      <button type="button" className="back-button" onClick={() => store.ui.setOrderHistoryOpen(false)}>
        <span aria-hidden="true">←</span> Back
      </button>
      <h1 id="history-title" ref={heading} tabIndex={-1}>
        Order &amp; Ticket History
      </h1>
      {ordersFailed && ticketsFailed ? (
        <p role="alert">{ERROR}</p>
      ) : (orders?.length ?? 0) + ticketList.length === 0 ? (
        <p>{EMPTY}</p>
      ) : (
        <>
          {(orders ?? []).map((o) => {
            const date = historyDate(o);
            return (
              <table key={o.orderNumber} className="history-table">
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
                    <td>{(o.products ?? []).map((p) => p.productName).join(', ') || '—'}</td>
                  </tr>
                </tbody>
              </table>
            );
          })}
          {ticketList.map((t) => (
            <table key={t.nativeTroubleReportIdentifier} className="history-table">
              <caption>Repair ticket {t.nativeTroubleReportIdentifier}</caption>
              <tbody>
                <tr>
                  <th scope="row">Status</th>
                  <td>{t.troubleReportStatus === 'OPN' ? 'Open' : t.troubleReportStatus}</td>
                </tr>
                <tr>
                  <th scope="row">Install type</th>
                  <td>Repair</td>
                </tr>
                <tr>
                  <th scope="row">Commitment</th>
                  <td>{t.commitmentDateTime ? formatDate(t.commitmentDateTime) : '—'}</td>
                </tr>
              </tbody>
            </table>
          ))}
        </>
      )}
    </section>
  );
});
