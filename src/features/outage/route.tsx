import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { jumpOut } from '../../config';
import { useStores } from '../../stores/context';
import { ExternalLink } from '../../ui/ExternalLink';
import { formatDateTime } from '../../ui/format';

/**
 * /outageNotification: the outage on the account (store.accountData.outage, loaded with the account) and
 * how to hear when it is resolved. The spec links here 'to be notified on resolution' but shows no call
 * that signs up for a notice, so the page does not pretend to: it shows the contacts on the account, where
 * to change them, and the chat.
 */
export const Component = observer(function OutageNotification() {
  const store = useStores();
  const outage = store.accountData.outage;
  const p = store.profile.data;
  const repair = outage?.estRepairTime?.dateTime;

  return (
    <div className="page">
      <h1>Outage Notification</h1>
      <section className="panel" aria-labelledby="outage-status-title">
        <h2 id="outage-status-title">Outage status</h2>
        {outage === undefined ? (
          <p role="status">Checking for outages in your area…</p>
        ) : outage === null ? (
          <p role="alert">We are unable to check for outages at this time. Please try again later.</p>
        ) : outage.currentOutage ? (
          <>
            <p>There is an outage affecting your service. We are working to restore it.</p>
            <dl className="definition-list">
              {outage.outageId ? (
                <>
                  <dt>Outage reference</dt>
                  <dd>{outage.outageId}</dd>
                </>
              ) : null}
              <dt>Estimated repair time</dt>
              <dd>
                {repair ? formatDateTime(repair) : 'The duration of this outage is still being determined.'}
              </dd>
            </dl>
          </>
        ) : outage.outageHangover ? (
          <>
            <p>The outage in your area is over. If your service is still not working, restart your modem.</p>
            <p>
              <ExternalLink href={jumpOut('modemRestartHelp')}>How to restart your modem</ExternalLink>
            </p>
          </>
        ) : (
          <p>There is no known outage affecting your service.</p>
        )}
      </section>

      <section className="panel" aria-labelledby="outage-notify-title">
        <h2 id="outage-notify-title">Hearing when it is resolved</h2>
        <p>
          Signing up for a resolution notice is not available online. Our agents can tell you the latest on
          the outage: <Link to="/login/chat">Chat with us</Link>.
        </p>
        {p ? (
          <>
            <p>These are the contacts on your account; keep them up to date so we can reach you.</p>
            <dl className="definition-list">
              <dt>Email</dt>
              <dd>{p.emailAddress || 'No official account email address on record.'}</dd>
              <dt>Contact number</dt>
              <dd>
                {p.altTelephoneNumbers?.find((n) => n.telephoneNumber)?.telephoneNumber ?? 'Not on file'}
              </dd>
            </dl>
            <ul className="link-list">
              <li>
                <Link to="/settings/notifications?focusEmailid=true">Update your email address</Link>
              </li>
              <li>
                <Link to="/settings/accountInfo?focusContactNumber=true">Update your contact number</Link>
              </li>
            </ul>
          </>
        ) : null}
      </section>
    </div>
  );
});
