import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { config, jumpOut } from '../../../config';
import { useStores } from '../../../stores/context';
import { Alert } from '../../../ui/Alert';
import { ExternalLink } from '../../../ui/ExternalLink';
import { useFocusHome } from '../focus';
import { HOME_TEXT as T } from '../texts';

/** Spec: 'No services' with 'You currently do not have any products associated to your account.' */
export function NoServicesAlert() {
  return (
    <Alert tone="info" heading={T.noServicesHeading}>
      <p>{T.noServicesBody}</p>
    </Alert>
  );
}

/** First-bill alert (tenure 0 or 1, decided by rules). */
export function FirstBillAlert() {
  return (
    <Alert tone="info" heading="Your first bill">
      <p>Your first bill is ready. See what is included and when it is due.</p>
      <Link to="/billing">View your bill</Link>
    </Alert>
  );
}

/** Spec 2.8: both email alerts lead to /settings/notifications?focusEmailid=true. */
const EMAIL_SETTINGS = '/settings/notifications?focusEmailid=true';

export function NoEmailAlert() {
  return (
    <Alert tone="warning" heading={T.noEmailHeading}>
      <p>Add an email address so we can reach you about your account.</p>
      <Link to={EMAIL_SETTINGS}>Add email address</Link>
    </Alert>
  );
}

/** 'Do we have your correct email address?' is dismissed per browser (the emailvalidshow flag). */
export const InvalidEmailAlert = observer(function InvalidEmailAlert() {
  const store = useStores();
  const focusHome = useFocusHome();
  return (
    <Alert
      tone="warning"
      heading={T.invalidEmailHeading}
      onClose={() => {
        store.dismissEmailValidAlert();
        focusHome();
      }}
      closeLabel="Dismiss email address alert"
    >
      <p>{store.profile.data?.emailAddress ?? ''}</p>
      <Link to={EMAIL_SETTINGS}>Update email address</Link>
    </Alert>
  );
});

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

export function OrderHistoryLink() {
  const store = useStores();
  return (
    <p className="order-history-link">
      <button type="button" className="link-button" onClick={() => store.ui.setOrderHistoryOpen(true)}>
        View Order &amp; Ticket History
      </button>
    </p>
  );
}

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

export function SupportSection() {
  return (
    <section className="panel" aria-labelledby="home-support-title">
      <h2 id="home-support-title">Support</h2>
      <ul className="link-list">
        <li>
          <Link to="/support">Visit Support</Link>
        </li>
        <li>
          <Link to="/login/chat">Chat with us</Link>
        </li>
        <li>
          <ExternalLink href={config.provider.supportUrl}>Help articles</ExternalLink>
        </li>
      </ul>
    </section>
  );
}

/**
 * Rewards: whether the section shows is a rule (accountType I, CX or H and company owner 1). Referral opens
 * only for company owner 1, which the section's rule already requires, so the referral link comes with it.
 * Its label mentions rewards up to $100.
 */
export function RewardsSection() {
  return (
    <section className="panel" aria-labelledby="rewards-title">
      <h2 id="rewards-title">Rewards</h2>
      <p>Earn rewards for being a customer.</p>
      <ul className="link-list">
        <li>
          <ExternalLink href={jumpOut('rewards')}>See your rewards</ExternalLink>
        </li>
        <li>
          <ExternalLink href={jumpOut('referral')}>Refer a friend and earn rewards up to $100</ExternalLink>
        </li>
      </ul>
    </section>
  );
}

/** Early-life billing settings: tenure below 10, AutoPay or paperless off, non-prepaid (rules decide). */
export const EarlyLifeBilling = observer(function EarlyLifeBilling() {
  const store = useStores();
  const p = store.profile.data;
  return (
    <section className="panel" aria-labelledby="early-billing-title">
      <h2 id="early-billing-title">Set up your billing</h2>
      <ul className="checklist">
        <li>
          AutoPay: {p?.autoPay ? 'on' : 'off'}{' '}
          {p?.autoPay ? null : <a href={jumpOut('manageAutoPay')}>Turn on AutoPay</a>}
        </li>
        <li>
          Paperless billing: {p?.paperlessBilling ? 'on' : 'off'}{' '}
          {p?.paperlessBilling ? null : <Link to="/settings/notifications">Go paperless</Link>}
        </li>
      </ul>
    </section>
  );
});
