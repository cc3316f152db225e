import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { config, jumpOut } from '../../../config';
import { useStores } from '../../../stores/context';
import { ExternalLink } from '../../../ui/ExternalLink';
import { accountOrderNumber } from '../../../facts/derive';
import { accountCall } from '../../../stores/account-call';
import { HISTORY_TEXTS, OrderTicketHistory } from '../../../ui/OrderTicketHistory';
import { ChatLink } from '../../../ui/chat';

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
            <ChatLink>Chat with us</ChatLink>
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
    body = (
      <OrderTicketHistory
        orders={accountCall(store, 'orderHistory')}
        tickets={accountCall(store, 'tickets')}
        orderNumber={accountOrderNumber(store.profile.data)}
      />
    );
  }
  return (
    <section className="panel" aria-labelledby="history-title">
      <h2 id="history-title">Order &amp; Ticket History</h2>
      {body}
    </section>
  );
});
