import { observer } from 'mobx-react-lite';
import { useStores } from '../../../stores/context';
import { accountCall } from '../../../stores/account-call';
import { ProfileUnavailable } from '../parts';
import { speedFromKbps } from '../../../ui/format';
import { ChatLink } from '../../../ui/chat';

/** Speed display of home spec §4: kbps / 1000; 1000 Mbps or more is '1 Gig'; 0 is NA. */
const NA_NOTE = '*NA - Not available at this time.';

/**
 * /broadbandFacts (the internet card's 'View broadband facts'): the facts of the internet plan that the services
 * answer carries: its speed and its broadband label id (newer billing system) or its download speed (others).
 */
export const Component = observer(function BroadbandFacts() {
  const store = useStores();
  const p = store.profile.data;
  return (
    <div className="page">
      <h1>Broadband Facts</h1>
      {p ? <FactsContent /> : <ProfileUnavailable />}
    </div>
  );
});

/** The services answer loaded with the account (the data-loading rules decide whether it is called). */
const FactsContent = observer(function FactsContent() {
  const store = useStores();
  const call = accountCall(store, 'services');
  if (call.status === 'loading') return <p role="status">Loading your plan…</p>;
  if (call.status === 'skipped') return <p>Plan details are not available for this account.</p>;
  if (call.status === 'failed' || call.data.statusInfo.status.toUpperCase() === 'FAILURE') {
    return (
      <p role="alert">
        We are unable to show your internet plan right now. Please try again later. Already tried again?{' '}
        <ChatLink>Chat with us</ChatLink>
      </p>
    );
  }
  const dio = call.data.dioProductEligibility;
  const internet = call.data.servicesAndOffersResponse?.internet;
  const hasInternet = dio ? dio.hasHsi : internet?.isOwned.toLowerCase() === 'true';
  if (!hasInternet) return <p>There is no internet service on this account.</p>;
  const speed = dio ? speedFromKbps(dio.ownedHsiSpeedInKbps) : (internet?.downloadSpeed ?? null);
  return (
    <section className="panel" aria-labelledby="facts-title">
      <h2 id="facts-title">Your internet plan</h2>
      <dl className="definition-list">
        <dt>Download speed</dt>
        <dd>{speed ?? 'Not available'}</dd>
        {dio?.ownedHsiBroadbandLabelId ? (
          <>
            <dt>Broadband label ID</dt>
            <dd>{dio.ownedHsiBroadbandLabelId}</dd>
          </>
        ) : null}
        {internet?.maxSpeedHSITechTypeAvailable ? (
          <>
            <dt>Technology at your address</dt>
            <dd>{internet.maxSpeedHSITechTypeAvailable}</dd>
          </>
        ) : null}
      </dl>
      {speed === 'NA' ? <p>{NA_NOTE}</p> : null}
      <p>
        Questions about your plan&apos;s price or terms? <ChatLink>Chat with us</ChatLink>
      </p>
    </section>
  );
});
