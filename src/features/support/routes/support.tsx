import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { config, jumpOut } from '../../../config';
import type { HistoryOrder, TroubleReport } from '../../../generated/types';
import { useStores } from '../../../stores/context';
import { ExternalLink } from '../../../ui/ExternalLink';
import { formatDate, formatDateTime } from '../../../ui/format';
import { accountCall } from '../../../stores/account-call';
import {
  historyDate,
  historyLabel,
  installType,
  listedTickets,
  mergedOrders,
  technicianStatus,
  ticketLabel,
} from '../history';

/** Home spec §2.3 texts, verbatim. */
export const HISTORY_TEXTS = {
  empty: 'No current orders/tickets found for your account.',
  error:
    'We are currently unable to retrieve your orders/tickets information at this time. Please try again later.',
} as const;

/**
 * /support (and /orderHistory, which redirects here): the order and ticket history of the account, help topics
 * and the ways to reach an agent. The loading overlay is hidden on /support, so the page shows its own
 * loading state while the account loads.
 */
export const Component = observer(function Support() {
  return (
    <div className="page">
      <h1>Support</h1>
      <OrderAndTicketHistory />
      <section className="panel" aria-labelledby="help-topics-title">
        <h2 id="help-topics-title">Help topics</h2>
        <ul className="link-list link-list--grid">
          <li>
            <ExternalLink href={jumpOut('troubleshooter')}>Troubleshoot your service</ExternalLink>
          </li>
          <li>
            <ExternalLink href={jumpOut('speedTestHelp')}>Test your internet speed</ExternalLink>
          </li>
          <li>
            <ExternalLink href={jumpOut('wifiHelp')}>WiFi help</ExternalLink>
          </li>
          <li>
            <ExternalLink href={jumpOut('modemRestartHelp')}>Restart your modem</ExternalLink>
          </li>
          <li>
            <ExternalLink href={jumpOut('selfInstallHelp')}>Install your own equipment</ExternalLink>
          </li>
          <li>
            <ExternalLink href={jumpOut('ownModemHelp')}>Use your own modem</ExternalLink>
          </li>
          <li>
            <ExternalLink href={jumpOut('modemReturnHelp')}>Return a modem</ExternalLink>
          </li>
          <li>
            <ExternalLink href={jumpOut('billingHelp')}>Billing help</ExternalLink>
          </li>
        </ul>
      </section>
      <section className="panel" aria-labelledby="reach-us-title">
        <h2 id="reach-us-title">Reach us</h2>
        <ul className="link-list">
          <li>
            <Link to="/login/chat">Chat with us</Link>
          </li>
          <li>
            <Link to="/contactus">Contact Us</Link>
          </li>
          <li>
            <Link to="/outageNotification">Outages in your area</Link>
          </li>
          <li>
            <ExternalLink href={config.provider.supportUrl}>Help articles</ExternalLink>
          </li>
        </ul>
      </section>
    </div>
  );
});

const OrderAndTicketHistory = observer(function OrderAndTicketHistory() {
  const store = useStores();
  const profileStatus = store.profile.status;
  let body;
  if (profileStatus === 'idle' || profileStatus === 'loading') {
    body = <p role="status">Loading your orders and tickets…</p>;
  } else if (!store.profile.data) {
    body = <p role="alert">{HISTORY_TEXTS.error}</p>;
  } else {
    const orders = accountCall(store, 'orderHistory');
    const tickets = accountCall(store, 'tickets');
    if (orders.status === 'loading' || tickets.status === 'loading') {
      body = <p role="status">Loading your orders and tickets…</p>;
    } else {
      const orderList = orders.status === 'ok' ? mergedOrders(orders.data) : null;
      const ticketsOk =
        tickets.status === 'ok' && tickets.data.statusInfo?.status?.toUpperCase() !== 'FAILURE';
      const ticketList = tickets.status === 'ok' && ticketsOk ? listedTickets(tickets.data) : [];
      // Spec: the error shows when the order lookup failed (FAILURERESP) and the ticket lookup did not succeed.
      if (orders.status === 'skipped' && tickets.status === 'skipped') {
        body = <p>Order and ticket history is not available for this account.</p>;
      } else if (orderList === null && !ticketsOk) {
        body = <p role="alert">{HISTORY_TEXTS.error}</p>;
      } else if ((orderList?.length ?? 0) + ticketList.length === 0) {
        body = <p>{HISTORY_TEXTS.empty}</p>;
      } else {
        body = (
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
    }
  }
  return (
    <section className="panel" aria-labelledby="history-title">
      <h2 id="history-title">Order &amp; Ticket History</h2>
      {body}
    </section>
  );
});

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
