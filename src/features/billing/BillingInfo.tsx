import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { BillingPanel } from './BillingPanel';
import { MovingPanel } from './MovingPanel';

/** Home section 17 'billing info': the billing panel, and the 'Moving?' panel under it. */
export const BillingInfo = observer(function BillingInfo() {
  const store = useStores();
  return (
    <>
      <BillingPanel profile={store.profile.data ?? null} />
      <MovingPanel />
    </>
  );
});
