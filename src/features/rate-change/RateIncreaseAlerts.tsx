import { observer } from 'mobx-react-lite';
import { jumpOut } from '../../config';
import type { RateIncrease } from '../../generated/types';
import { useStores } from '../../stores/context';
import { Alert } from '../../ui/Alert';
import { ExternalLink } from '../../ui/ExternalLink';
import { dateText, formatMoney } from '../../ui/format';
import { useFocusHome } from '../../ui/focus';
import { productLabel, RATE_TEXT as T } from './texts';

type Notification = RateIncrease['rateChangeNotification'][number];

/**
 * Rate-increase alerts (home item 5, home spec §2.10 and §4 'Rate-change'): one alert per product of
 * getRateIncreaseData (Blue Marble accounts only; rules/data-loading.json and rules/home-sections.json decide
 * that, from the rate-change start date on), with the current and next tier rate and the effective date,
 * worded for a change still to come or one in the recent past (recentPast), a Learn more link and a close
 * button per alert. A closed alert stays closed for the session.
 */
export const RateIncreaseAlerts = observer(function RateIncreaseAlerts() {
  const store = useStores();
  const focusHome = useFocusHome();
  const data = store.accountData.data.rateIncrease;
  const closed = store.ui.closedRateAlerts;
  const open = (data?.rateChangeNotification ?? []).filter((n) => !closed.includes(n.productId));
  if (open.length === 0) return null;
  return (
    <div className="rate-alerts">
      {/* Index in the key: an answer may list a product twice. */}
      {open.map((n, i) => (
        <RateAlert
          key={`${i}:${n.productId}`}
          notification={n}
          onClose={() => {
            store.ui.closeRateAlert(n.productId);
            focusHome();
          }}
        />
      ))}
    </div>
  );
});

function RateAlert({ notification: n, onClose }: { notification: Notification; onClose: () => void }) {
  const product = productLabel(n.productType);
  const past = n.recentPast === true;
  const from = formatMoney(n.currentTierRate);
  const to = formatMoney(n.nextTierRate);
  const date = n.nextTierEffectiveDate ? dateText(n.nextTierEffectiveDate) : null;
  const text = date
    ? (past ? T.past : T.upcoming)(product, date, from, to)
    : (past ? T.pastNoDate : T.upcomingNoDate)(product, from, to);
  return (
    <Alert
      tone="info"
      heading={past ? T.pastHeading(product) : T.upcomingHeading(product)}
      onClose={onClose}
      closeLabel={T.close(product)}
      actions={<ExternalLink href={jumpOut('rateChangeHelp')}>{T.learnMore}</ExternalLink>}
    >
      <p>{text}</p>
    </Alert>
  );
}
