import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { jumpOut } from '../../config';
import { useStores } from '../../stores/context';
import { ExternalLink } from '../../ui/ExternalLink';
import { formatDateTime } from '../../ui/format';
import { accountCall } from '../../stores/account-call';
import { ChatLink } from '../../ui/chat';

/**
 * /outageNotification: the outage on the account (store.accountData.outage, loaded with the account) and
 * how to hear when it is resolved. The wording follows the rules' outage decision (rules/outage.json: an
 * estimated time, one already past, one still unknown); the page only fills in the data. The spec links here 'to be notified on resolution' but shows no call
 * that signs up for a notice, so the page does not pretend to: it shows the contacts on the account, where
 * to change them, and the chat.
 */
export const Component = observer(function OutageNotification() {
  const store = useStores();
  const outage = accountCall(store, 'outage');
  const alert = store.decisions.current?.outage.alert ?? 'none';
  const p = store.profile.data;

  return (
    <div className="page">
      <h1>Outage Notification</h1>
      <section className="panel" aria-labelledby="outage-status-title">
        <h2 id="outage-status-title">Outage status</h2>
        {outage.status === 'loading' ? (
          <p role="status">Checking for outages in your area…</p>
        ) : outage.status === 'failed' ? (
          <p role="alert">We are unable to check for outages at this time. Please try again later.</p>
        ) : outage.status === 'skipped' ? (
          <p>Outage information is not available for this account.</p>
        ) : outage.data.currentOutage ? (
          <>
            <p>There is an outage affecting your service. We are working to restore it.</p>
            <dl className="definition-list">
              {outage.data.outageId ? (
                <>
                  <dt>Outage reference</dt>
                  <dd>{outage.data.outageId}</dd>
                </>
              ) : null}
              <dt>Estimated repair time</dt>
              <dd>
                <RepairTime alert={alert} dateTime={outage.data.estRepairTime?.dateTime ?? null} />
              </dd>
            </dl>
          </>
        ) : outage.data.outageHangover ? (
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
          the outage: <ChatLink>Chat with us</ChatLink>.
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

/**
 * The repair time in the wording the rules chose: 'eta-past' is the spec's softer wording for a time already
 * gone by; without a time (or 'eta-unknown') the duration is still being determined.
 */
function RepairTime({ alert, dateTime }: { alert: string; dateTime: string | null }) {
  if (!dateTime || alert === 'eta-unknown')
    return <>The duration of this outage is still being determined.</>;
  if (alert === 'eta-past') {
    return <>We expected to fix this by {formatDateTime(dateTime)} and are still working on it.</>;
  }
  return <>{formatDateTime(dateTime)}</>;
}
