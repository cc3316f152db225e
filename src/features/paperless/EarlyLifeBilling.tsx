import { observer } from 'mobx-react-lite';
import { jumpOut } from '../../config';
import { useStores } from '../../stores/context';
import { PaperlessSettings } from './PaperlessSettings';
import { PAPERLESS_TEXT as T } from './texts';

/**
 * Early-life billing settings: tenure below 10, AutoPay or paperless off, non-prepaid (rules decide). AutoPay
 * goes to the manage-AutoPay jump-out; paperless turns on through the paperless dialog (the paperless flow).
 */
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
          <PaperlessSettings turnOnLabel={T.goPaperless} allowTurnOff={false} />
        </li>
      </ul>
    </section>
  );
});
