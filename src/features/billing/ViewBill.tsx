import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { shownMessages } from '../../../machines/messages';
import { useStores } from '../../stores/context';
import { useFlow } from '../../stores/use-flow';
import { BILLING_HOME_TEXT as T } from './home-texts';

/**
 * View Bill (machines/view-bill.machine.ts), on the home's billing panel only: the newest bill's detail page
 * after 'Fetching Bill details', or inline 'You don't have any bills for your account yet.' (early life or
 * tenure 0, decided by rules/billing-actions.json, no call) or 'Previous bills are not available'.
 */
export const ViewBill = observer(function ViewBill({ noBillsYet }: { noBillsYet: boolean }) {
  const store = useStores();
  const navigate = useNavigate();
  const logic = () =>
    import('./pay-flows').then((flows) => flows.provideViewBill(store, (to) => void navigate(to)));
  const [snapshot, send] = useFlow('view-bill', logic, { noBillsYet });
  const loading = snapshot.matches('loading');
  const message = shownMessages(snapshot)[0];
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary"
        aria-disabled={loading || undefined}
        onClick={() => {
          if (!loading) send({ type: 'BILL.VIEW' });
        }}
      >
        {T.viewBill}
      </button>
      {loading ? (
        <p role="status" className="billing-busy">
          <span className="billing-spinner" aria-hidden="true" /> {T.viewBillLoading}
        </p>
      ) : null}
      {message ? <p role={message.tone === 'error' ? 'alert' : 'status'}>{message.text}</p> : null}
    </>
  );
});
