import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { jumpOut } from '../../config';
import { useStores } from '../../stores/context';
import { Alert } from '../../ui/Alert';
import { ExternalLink } from '../../ui/ExternalLink';
import { ACCOUNT_TEXT as T } from './texts';

/** Spec: 'No services' with 'You currently do not have any products associated to your account.' */
export function NoServicesAlert() {
  return (
    <Alert tone="info" heading={T.noServicesHeading}>
      <p>{T.noServicesBody}</p>
    </Alert>
  );
}

/**
 * Network status image: a picture of the line between the network and the home, with its state in words.
 * It follows the outage decision (rules/outage.json): an outage alert means trouble on the line.
 */
export const NetworkStatus = observer(function NetworkStatus() {
  const store = useStores();
  const alert = store.decisions.current?.outage.alert ?? 'none';
  const trouble = alert === 'eta' || alert === 'eta-past' || alert === 'eta-unknown';
  return (
    <section className="network-status" aria-labelledby="network-status-title">
      <h2 id="network-status-title">Network status</h2>
      <div
        className={`network-status__image network-status__image--${trouble ? 'outage' : 'ok'}`}
        aria-hidden="true"
      >
        <span className="network-status__node">Network</span>
        <span className="network-status__line" />
        <span className="network-status__node">Home</span>
      </div>
      <p>{trouble ? 'We are working on an outage in your area.' : 'No known network issues in your area.'}</p>
    </section>
  );
});

export function QuickLinks() {
  return (
    <nav aria-labelledby="quick-links-title" className="panel quick-links">
      <h2 id="quick-links-title">Quick links</h2>
      <ul className="link-list link-list--grid">
        <li>
          <Link to="/billing">View and pay your bill</Link>
        </li>
        <li>
          <Link to="/paymentHistory">Payment history</Link>
        </li>
        <li>
          <Link to="/services">Your services</Link>
        </li>
        <li>
          <Link to="/settings/accountInfo">Account info</Link>
        </li>
        <li>
          <Link to="/settings/notifications">Notifications and paperless</Link>
        </li>
        <li>
          <ExternalLink href={jumpOut('troubleshooter')}>Troubleshoot your service</ExternalLink>
        </li>
      </ul>
    </nav>
  );
}
