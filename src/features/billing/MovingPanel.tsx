import { observer } from 'mobx-react-lite';
import { jumpOutMoversUrl } from '../../api/calls/jump-out';
import { useStores } from '../../stores/context';
import { BILLING_HOME_TEXT as T } from './home-texts';

/**
 * 'Moving panel: Moving?' (home spec §2.8) with the movers jump-out; 'the link differs for holders of EBBP or
 * ACP discount' (rules/billing-actions.json 'movers-discount').
 */
export const MovingPanel = observer(function MovingPanel() {
  const store = useStores();
  const discount = store.decisions.current?.billingActions['movers-discount'] === true;
  return (
    <section className="panel" aria-labelledby="moving-title">
      <h2 id="moving-title">{T.moving}</h2>
      <p>{T.movingBody}</p>
      <a className="btn btn--secondary" href={jumpOutMoversUrl(discount)}>
        {T.movingLink}
      </a>
    </section>
  );
});
