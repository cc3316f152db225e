import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { jumpOut } from '../../config';
import { useStores } from '../../stores/context';

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
