import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { jumpOut } from '../../config';
import { internetPlanFacts } from '../../facts';
import { accountCall } from '../../stores/account-call';
import { useStores } from '../../stores/context';
import { Dialog } from '../../ui/Dialog';
import { ExternalLink } from '../../ui/ExternalLink';
import { speedFromKbps } from '../../ui/format';
import { INTERNET_TEXT as T } from './texts';
import { UpgradeOffers } from './UpgradeOffers';
import './internet.css';

// The speed history, its chart library and its table load when View Trends is clicked, never with /home.
const SpeedTrends = lazy(() => import('./SpeedTrends'));

/**
 * The internet plan card (home item 18, home spec §2.6): the plan's speed ('kbps divided by 1000; 1000 Mbps
 * or more shown as '1 Gig', else 'N Mbps''), View broadband facts, Run Speed Test, Troubleshoot service, View
 * Trends, and the upgrade offers the rules decided. Shown by rules/home-sections.json when HSI is owned.
 */
export const InternetPlanCard = observer(function InternetPlanCard() {
  const store = useStores();
  const services = accountCall(store, 'services');
  const [trendsOpen, setTrendsOpen] = useState(false);
  if (services.status !== 'ok') return null;
  const plan = internetPlanFacts(services.data);
  const speed = plan.ownedSpeedKbps === null ? null : speedFromKbps(plan.ownedSpeedKbps);
  const [number, unit] = speed && speed !== 'NA' ? speed.split(' ') : [speed, null];
  return (
    <section className="panel internet-card" aria-labelledby="internet-card-title">
      <h2 id="internet-card-title">{T.heading}</h2>
      {speed ? (
        <p className="internet-card__speed">
          <span className="internet-card__label">{T.speedLabel}</span>{' '}
          <span className="internet-card__number">{number}</span>
          {unit ? <span className="internet-card__unit"> {unit}</span> : null}
          {speed === 'NA' ? <span>*</span> : null}
        </p>
      ) : (
        <p>{T.speedUnknown}</p>
      )}
      {speed === 'NA' ? <p className="internet-card__note">{T.naNote}</p> : null}
      <ul className="link-list internet-card__links">
        <li>
          <Link to="/broadbandFacts">{T.broadbandFacts}</Link>
        </li>
        <li>
          <ExternalLink href={jumpOut('speedTestHelp')}>{T.speedTest}</ExternalLink>
        </li>
        <li>
          <ExternalLink href={jumpOut('troubleshooter')}>{T.troubleshoot}</ExternalLink>
        </li>
        <li>
          <button type="button" className="link-button" onClick={() => setTrendsOpen(true)}>
            {T.viewTrends}
          </button>
        </li>
      </ul>
      <UpgradeOffers availableKbps={plan.availableSpeedKbps} />
      <Dialog
        open={trendsOpen}
        title={T.trendsTitle}
        onClose={() => setTrendsOpen(false)}
        width="40vw"
        actions={
          <button type="button" className="btn btn--secondary" onClick={() => setTrendsOpen(false)}>
            {T.close}
          </button>
        }
      >
        {trendsOpen ? (
          <Suspense fallback={<p role="status">{T.trendsLoading}</p>}>
            <SpeedTrends />
          </Suspense>
        ) : null}
      </Dialog>
    </section>
  );
});
