import { observer } from 'mobx-react-lite';
import { getHistoricalSpeeds, historicalSpeedsSucceeded } from '../../api/calls/historical-speeds';
import type { HistoricalSpeeds } from '../../generated/types';
import { useStores } from '../../stores/context';
import { constantOf } from '../../stores/decided';
import { useCall } from '../../stores/use-call';
import { formatDate } from '../../ui/format';
import { SpeedChart } from './SpeedChart';
import { hasNaDay, trendDays, type TrendDay } from './speed-trend';
import { INTERNET_TEXT as T } from './texts';

/**
 * The View Trends dialog's body (loaded with the dialog): the speeds of the past 7 days (historical speeds, an
 * adapt call with the OAuth token) as a chart and as the same figures in a table. A day with speed 0 is 'NA'
 * (home spec §4) with the note; a failed call shows 'We are unable to retrieve your historical data at this
 * time.' inline (home spec §8) and is logged.
 */
const SpeedTrends = observer(function SpeedTrends() {
  const store = useStores();
  const p = store.profile.data;
  const call = useCall<HistoricalSpeeds>(
    'historicalSpeeds',
    () =>
      p
        ? (async () => {
            const token = await store.adaptToken();
            if (!token.ok) return token;
            return getHistoricalSpeeds(store.orch, {
              wtn: p.wtn ?? '',
              sourceSystem: p.billingSource ?? 'DIGIHOME',
              token: token.data,
            });
          })()
        : Promise.resolve({ ok: false, kind: 'request', message: 'no profile' } as const),
    store.page,
    historicalSpeedsSucceeded,
  );
  if (call.status === 'loading') return <p role="status">{T.trendsLoading}</p>;
  if (call.status === 'failed') return <p role="alert">{T.trendsUnavailable}</p>;
  const days = trendDays(call.data);
  if (days.length === 0) return <p>{T.trendsEmpty}</p>;
  return (
    <>
      <p>{T.trendsIntro}</p>
      <SpeedChart days={days} step={constantOf(store, 'speedChartStep')} />
      <TrendTable days={days} />
      {hasNaDay(days) ? <p>{T.naNote}</p> : null}
    </>
  );
});

export default SpeedTrends;

const mbps = (speed: number | null): string => (speed === null ? 'NA' : String(speed));

function TrendTable({ days }: { days: readonly TrendDay[] }) {
  return (
    <table className="history-table">
      <caption>{T.tableCaption}</caption>
      <thead>
        <tr>
          <th scope="col">{T.day}</th>
          <th scope="col">{T.download}</th>
          <th scope="col">{T.upload}</th>
        </tr>
      </thead>
      <tbody>
        {days.map((d, i) => (
          <tr key={`${i}:${d.day}`}>
            <th scope="row">{formatDate(d.day)}</th>
            <td>{mbps(d.download)}</td>
            <td>{mbps(d.upload)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
