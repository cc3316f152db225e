import { useStores } from '../../stores/context';
import { HISTORY_LINK_ID, useTakeHandedFocus } from '../../ui/focus';

/** The home's way into the Order & Ticket History view; the view's Back hands the focus back to it. */
export function OrderHistoryLink() {
  const store = useStores();
  useTakeHandedFocus();
  return (
    <p className="order-history-link">
      <button
        type="button"
        id={HISTORY_LINK_ID}
        className="link-button"
        onClick={() => store.ui.setOrderHistoryOpen(true)}
      >
        View Order &amp; Ticket History
      </button>
    </p>
  );
}
