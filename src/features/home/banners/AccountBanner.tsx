import { observer } from 'mobx-react-lite';
import type { ComponentType } from 'react';
import { config, jumpOut } from '../../../config';
import { formatDateTime } from '../../../ui/format';
import type { BannerId, HomeViewId } from '../../../engine';
import { useStores } from '../../../stores/context';
import { Alert } from '../../../ui/Alert';
import { ExternalLink } from '../../../ui/ExternalLink';
import { constantOf } from '../../../stores/decided';
import { HOME_TEXT as T } from '../texts';
import { ChatLink } from '../../../ui/chat';

/** blockedAccount true: the blocked-account message (spec error catalogue). */
export function BlockedBanner() {
  return (
    <Alert tone="error" heading={T.blockedHeading}>
      <p>{T.blockedBody}</p>
      <ChatLink>Chat with us</ChatLink>
    </Alert>
  );
}

/** accountStatus FINAL: the account is closed and will be archived. */
export const AccountClosedBanner = observer(function AccountClosedBanner() {
  const store = useStores();
  return (
    <Alert tone="info" heading={T.closedHeading}>
      <p>{T.closedBody(constantOf(store, 'archiveAfterDays'))}</p>
    </Alert>
  );
});

/** embargo 1: 'Your account is currently unavailable' with the planned maintenance length and Learn more. */
export const EmbargoBanner = observer(function EmbargoBanner() {
  const store = useStores();
  return (
    <Alert tone="warning" heading={T.embargoHeading}>
      <p>{T.embargoBody(constantOf(store, 'embargoMaintenanceHours'))}</p>
      <ExternalLink href={jumpOut('embargoLearnMore')}>{T.learnMore}</ExternalLink>
    </Alert>
  );
});

/** Conversion status c or o within the notice window (rules decide): the new and the old account numbers. */
export const AccountChangeBanner = observer(function AccountChangeBanner() {
  const store = useStores();
  const p = store.profile.data;
  const info = p?.conversionInfo;
  const newNumber = info?.convertedBan || p?.currentlyManagedAccount || '';
  const oldNumber = info?.convertedCrisAccount ?? '';
  return (
    <Alert tone="info" heading={T.accountChangeHeading}>
      <dl className="home-facts">
        <dt>New account number</dt>
        <dd>{newNumber}</dd>
        {oldNumber ? (
          <>
            <dt>Previous account number</dt>
            <dd>{oldNumber}</dd>
          </>
        ) : null}
      </dl>
      <p>Use your new account number when you contact us or pay your bill.</p>
    </Alert>
  );
});

/** The fixed maintenance notice, shown while the maintenance toggle is on. */
export function MaintenanceBanner() {
  return (
    <Alert tone="warning" heading={T.maintenanceHeading}>
      <p>{T.maintenanceBody}</p>
      <p>
        Systems are unavailable from {formatDateTime(config.maintenanceNotice.from)} to{' '}
        {formatDateTime(config.maintenanceNotice.to)}.
      </p>
    </Alert>
  );
}

/** Banner id (rules/account-banners.json, first match in priority order) -> component. */
export const accountBanners: Record<BannerId, ComponentType> = {
  blocked: BlockedBanner,
  'account-closed': AccountClosedBanner,
  embargo: EmbargoBanner,
  'account-change': AccountChangeBanner,
  maintenance: MaintenanceBanner,
};

/**
 * A banner whose message is already the whole of the decided home view (the blocked, closed and embargo
 * views say the same thing at full size) is not repeated above it.
 */
const SAME_AS_VIEW: Partial<Record<BannerId, HomeViewId>> = {
  blocked: 'blocked',
  'account-closed': 'closed',
  embargo: 'embargo',
};

/** The account status banner the rules decided, above the home view. */
export const AccountBanner = observer(function AccountBanner() {
  const store = useStores();
  const banner = store.decisions.current?.banner?.banner;
  const view = store.decisions.homeView?.view;
  if (!banner || SAME_AS_VIEW[banner] === view) return null;
  const Banner = accountBanners[banner];
  return (
    <div className="home-banner">
      <Banner />
    </div>
  );
});
