import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { getHistoricalSpeeds, historicalSpeedsSucceeded } from '../../../api/calls/historical-speeds';
import { jumpOut } from '../../../config';
import type { HistoricalSpeeds, Profile } from '../../../generated/types';
import { useStores } from '../../../stores/context';
import { useCall } from '../../../stores/use-call';
import { ExternalLink } from '../../../ui/ExternalLink';
import { formatDate } from '../../../ui/format';
import { internetFacts, NA_NOTE } from '../services-data';
import { useServices } from '../use-services';
import { ServicesBody } from '../unavailable';
import { LongText } from '../../../ui/LongText';

/** Home spec §8 inline text for the speed trend. */
const HISTORY_UNAVAILABLE = 'We are unable to retrieve your historical data at this time.';

/** /services (default child): the internet plan from the services answer, and the speeds of the past 7 days. */
export const Component = observer(function Internet() {
  const store = useStores();
  const services = useServices();
  const p = store.profile.data;

  const body = (
    <ServicesBody services={services}>
      {(data) => {
        const internet = internetFacts(data);
        return !internet.owned ? (
          <p>There is no internet service on this account.</p>
        ) : (
          <>
            <dl className="definition-list">
              <dt>Download speed</dt>
              <dd>{internet.speed ?? 'Not available'}</dd>
              {internet.availableSpeed ? (
                <>
                  <dt>Fastest speed at your address</dt>
                  <dd>{internet.availableSpeed}</dd>
                </>
              ) : null}
              {internet.modemClass ? (
                <>
                  <dt>Modem</dt>
                  <dd>{internet.modemClass}</dd>
                </>
              ) : null}
            </dl>
            {internet.speed === 'NA' || internet.availableSpeed === 'NA' ? <p>{NA_NOTE}</p> : null}
            <ul className="link-list">
              <li>
                <Link to="/broadbandFacts">View broadband facts</Link>
              </li>
              <li>
                <Link to="/ModemDetails">Modem details</Link>
              </li>
              <li>
                <Link to="/connectedDevices">Connected devices</Link>
              </li>
              <li>
                <ExternalLink href={jumpOut('speedTestHelp')}>Run Speed Test</ExternalLink>
              </li>
              <li>
                <ExternalLink href={jumpOut('troubleshooter')}>Troubleshoot service</ExternalLink>
              </li>
            </ul>
            {p ? <SpeedTrend profile={p} /> : null}
          </>
        );
      }}
    </ServicesBody>
  );

  return (
    <section className="panel" aria-labelledby="internet-title">
      <h2 id="internet-title">Internet</h2>
      {body}
    </section>
  );
});

/**
 * The past 7 days of measured speeds (historical speeds, an adapt call: it needs the OAuth token first).
 * Speeds are strings; 0 means not measured and shows as NA with the spec's footnote.
 */
function SpeedTrend({ profile: p }: { profile: Profile }) {
  const store = useStores();
  const call = useCall<HistoricalSpeeds>(
    'historicalSpeeds',
    async () => {
      const token = await store.adaptToken();
      if (!token.ok) return token;
      return getHistoricalSpeeds(store.orch, {
        wtn: p.wtn ?? '',
        sourceSystem: p.billingSource ?? 'DIGIHOME',
        token: token.data,
      });
    },
    'services',
    historicalSpeedsSucceeded,
  );
  let body;
  if (call.status === 'loading') body = <p role="status">Loading your speed history…</p>;
  else if (call.status === 'failed') {
    body = <p role="alert">{HISTORY_UNAVAILABLE}</p>;
  } else {
    const days = call.data.sevenDaysHistoricalSpeed;
    const na = (speed: string) => parseFloat(speed) === 0 || Number.isNaN(parseFloat(speed));
    body = (
      <>
        <table className="history-table">
          <caption>Measured speeds, past 7 days (Mbps)</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Download</th>
              <th scope="col">Upload</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d, i) => (
              <tr key={`${i}:${d.analysisDay}`}>
                <td>{formatDate(d.analysisDay)}</td>
                <td>{na(d.downloadSpeed) ? 'NA' : <LongText text={d.downloadSpeed} />}</td>
                <td>{na(d.uploadSpeed) ? 'NA' : <LongText text={d.uploadSpeed} />}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {days.some((d) => na(d.downloadSpeed) || na(d.uploadSpeed)) ? <p>{NA_NOTE}</p> : null}
      </>
    );
  }
  return (
    <>
      <h3>Speed trend</h3>
      {body}
    </>
  );
}
