import { useStores } from '../../stores/context';

export function OrderHistoryLink() {
  const store = useStores();
  return (
    <p className="order-history-link">
      <button type="button" className="link-button" onClick={() => store.ui.setOrderHistoryOpen(true)}>
        View Order &amp; Ticket History
      </button>
    </p>
  );
}
