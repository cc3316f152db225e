import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { config } from '../../config';
import type { MyServices } from '../../generated/types';
import { useStores } from '../../stores/context';
import { ExternalLink } from '../../ui/ExternalLink';
import { accountCall } from '../../stores/account-call';
import { speedFromKbps } from '../../ui/format';
import { ProfileUnavailable } from '../../ui/AccountError';
import { ChatLink } from '../../ui/chat';

/** Home spec §4 'Speed display': kbps / 1000; 1000 Mbps or more is '1 Gig'; 0 is not available. */
const isTrue = (v: { isOwned?: string } | undefined) => v?.isOwned?.toLowerCase() === 'true';

interface ShopFacts {
  internet: string | null;
  phone: boolean;
  tv: boolean;
  availableSpeed: string | null;
  technology: string | null;
}

/** What the services answer says the account has, and the fastest internet at its address. */
function shopFacts(s: MyServices): ShopFacts {
  const dio = s.dioProductEligibility;
  if (dio) {
    return {
      internet: dio.hasHsi ? (speedFromKbps(dio.ownedHsiSpeedInKbps) ?? 'Yes') : null,
      phone: dio.hasPhone === true,
      tv: dio.hasDtv === true,
      availableSpeed: speedFromKbps(dio.availableHsiSpeedInKbps),
      technology: null,
    };
  }
  const o = s.servicesAndOffersResponse;
  return {
    internet: isTrue(o?.internet) ? (o?.internet.downloadSpeed ?? 'Yes') : null,
    phone: isTrue(o?.phone),
    tv: isTrue(o?.directv),
    availableSpeed: o?.internet.maxSpeedHSIAvailable ?? null,
    technology: o?.internet.maxSpeedHSITechTypeAvailable ?? null,
  };
}

/**
 * /shop: what the account has today and what its address can get, from the services answer, with the
 * provider's plan pages. Which upgrade or shop button an account gets (Upgrade Now, the fiber shop, the
 * second provider's shop) is the rules' decision and is not made here.
 */
export const Component = observer(function Shop() {
  const store = useStores();
  const services = accountCall(store, 'services');
  let body;
  if (!store.profile.data) {
    body = <ProfileUnavailable />;
  } else if (services.status === 'loading') {
    body = <p role="status">Loading your services…</p>;
  } else if (services.status === 'skipped') {
    body = <p>Service details are not available for this account.</p>;
  } else if (services.status === 'failed' || services.data.statusInfo.status.toUpperCase() === 'FAILURE') {
    body = (
      <p role="alert">
        We are unable to show your services right now. Please try again later. Already tried again?{' '}
        <ChatLink>Chat with us</ChatLink>
      </p>
    );
  } else {
    const f = shopFacts(services.data);
    body = (
      <dl className="definition-list">
        <dt>Internet</dt>
        <dd>{f.internet ?? 'Not on your account'}</dd>
        <dt>Phone</dt>
        <dd>{f.phone ? 'Yes' : 'Not on your account'}</dd>
        <dt>TV</dt>
        <dd>{f.tv ? 'Yes' : 'Not on your account'}</dd>
        {f.availableSpeed ? (
          <>
            <dt>Fastest internet at your address</dt>
            <dd>{f.technology ? `${f.availableSpeed} (${f.technology})` : f.availableSpeed}</dd>
          </>
        ) : null}
      </dl>
    );
  }
  return (
    <div className="page">
      <h1>Shop</h1>
      <section className="panel" aria-labelledby="shop-current-title">
        <h2 id="shop-current-title">Your services</h2>
        {body}
        <p>
          <Link to="/services">Service details</Link>
        </p>
      </section>
      <section className="panel" aria-labelledby="shop-browse-title">
        <h2 id="shop-browse-title">Browse plans</h2>
        <ul className="link-list">
          <li>
            <ExternalLink href={config.provider.forHomeUrl}>Plans for home</ExternalLink>
          </li>
          <li>
            <ExternalLink href={config.provider.forBusinessUrl}>Plans for business</ExternalLink>
          </li>
          <li>
            <ChatLink>Chat with us about changing your plan</ChatLink>
          </li>
        </ul>
      </section>
    </div>
  );
});
