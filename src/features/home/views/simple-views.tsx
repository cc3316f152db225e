import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { config, jumpOut } from '../../../config';
import { useStores } from '../../../stores/context';
import { ExternalLink } from '../../../ui/ExternalLink';
import { constantOf } from '../../../stores/decided';
import { HOME_TEXT as T } from '../texts';
import type { ViewProps } from './types';
import { ChatLink } from '../../../ui/chat';

/** BGS or federal account: only an account-messaging panel. */
export function AccountMessagingView({ params }: ViewProps) {
  const bgs = params?.messageKind !== 'fed';
  return (
    <section className="panel" aria-labelledby="messaging-title">
      <h1 id="messaging-title">Account messages</h1>
      {bgs ? (
        <>
          <p>This portal does not support your account type.</p>
          <p>
            Please use the{' '}
            <ExternalLink href={config.provider.bgsControlCenterUrl}>Business Control Center</ExternalLink> to
            manage your account.
          </p>
        </>
      ) : (
        <p>
          Your federal account is managed by your account team. This portal does not support your account
          type.
        </p>
      )}
    </section>
  );
}

/** Profile load failed: the account error view. */
export function ProfileErrorView() {
  return (
    <section className="error-page" aria-labelledby="profile-error-title">
      <h1 id="profile-error-title">We&apos;re sorry</h1>
      <p>We&apos;re unable to show your account info.</p>
      <p>Please try again later.</p>
      <p>
        Already tried again? <ChatLink>Chat With Us</ChatLink>
      </p>
    </section>
  );
}

/** blockedAccount true (spec error catalogue). */
export function BlockedView() {
  return (
    <section className="panel panel--error" aria-labelledby="blocked-title">
      <h1 id="blocked-title">{T.blockedHeading}</h1>
      <p>{T.blockedBody}</p>
      <p>
        <ChatLink>Chat with us</ChatLink>
      </p>
    </section>
  );
}

/** Active with embargo 1: the embargo alert plus early-live support (the registry's support section). */
export const EmbargoView = observer(function EmbargoView({ sections }: ViewProps) {
  const store = useStores();
  const SupportSection = sections.support;
  return (
    <>
      <section className="alert alert--warning" aria-labelledby="embargo-title">
        <div className="alert__body">
          <h1 id="embargo-title" className="alert__heading">
            {T.embargoHeading}
          </h1>
          <p>{T.embargoBody(constantOf(store, 'embargoMaintenanceHours'))}</p>
          <ExternalLink href={jumpOut('embargoLearnMore')}>{T.learnMore}</ExternalLink>
        </div>
      </section>
      {SupportSection ? <SupportSection /> : null}
    </>
  );
});

/** Hard walled garden: the suspended-account view (prepaid wording, spec 2.8). */
export const SuspendedView = observer(function SuspendedView() {
  const store = useStores();
  const p = store.profile.data;
  return (
    <section className="panel panel--error" aria-labelledby="suspended-title">
      <h1 id="suspended-title">Your service has been suspended!</h1>
      {p?.failedPaymentDate ? (
        <p>Your last payment failed and your service is suspended until it is paid.</p>
      ) : null}
      <p>Service is restored within {constantOf(store, 'serviceRestoreHours')} hours of a payment.</p>
      <p>
        <a href={jumpOut('manageAutoPay')}>Pay with new card</a>
      </p>
      <p>
        <ChatLink>Chat with us</ChatLink>
      </p>
    </section>
  );
});

/** ARCHIVED with Active life cycle. */
export const ArchivedView = observer(function ArchivedView() {
  const store = useStores();
  return (
    <section className="panel" aria-labelledby="archived-title">
      <h1 id="archived-title">This account has been archived</h1>
      <p>
        Account {store.profile.accountNumber} was closed and has been archived. Closed accounts are archived
        about {constantOf(store, 'archiveAfterDays')} days after the disconnect date.
      </p>
      <p>
        Questions about a past bill? <ChatLink>Chat with us</ChatLink> or visit{' '}
        <ExternalLink href={config.provider.supportUrl}>Support</ExternalLink>.
      </p>
    </section>
  );
});

/** FINAL with Active life cycle: the account-closed view with a greeting (the registry's greeting section). */
export const ClosedView = observer(function ClosedView({ sections }: ViewProps) {
  const store = useStores();
  const Greeting = sections.greeting;
  return (
    <>
      {Greeting ? <Greeting /> : null}
      <section className="panel" aria-labelledby="closed-title">
        <h2 id="closed-title">{T.closedHeading}</h2>
        <p>{T.closedBody(constantOf(store, 'archiveAfterDays'))}</p>
        <p>You can still view your final bill and payment history.</p>
        <ul className="link-list">
          <li>
            <Link to="/billing">View your final bill</Link>
          </li>
          <li>
            <Link to="/paymentHistory">View Payment History</Link>
          </li>
        </ul>
      </section>
    </>
  );
});

/** INACTIVE prepaid: 'This account is inactive', with links to view statement, visit the site, return the modem, chat. */
export function PrepaidInactiveView() {
  return (
    <section className="panel" aria-labelledby="inactive-title">
      <h1 id="inactive-title">This account is inactive</h1>
      <ul className="link-list">
        <li>
          <Link to="/billDetail">View statement</Link>
        </li>
        <li>
          <ExternalLink href={config.provider.siteUrl}>Visit {config.provider.name}</ExternalLink>
        </li>
        <li>
          <ExternalLink href={jumpOut('modemReturnHelp')}>Return your modem</ExternalLink>
        </li>
        <li>
          <ChatLink>Chat with us</ChatLink>
        </li>
      </ul>
    </section>
  );
}
