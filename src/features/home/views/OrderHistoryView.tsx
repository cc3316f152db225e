import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useStores } from '../../../stores/context';
import { accountOrderNumber } from '../../../facts/derive';
import { accountCall } from '../../../stores/account-call';
import { OrderTicketHistory } from '../../../ui/OrderTicketHistory';
import { byId, handFocusTo, HISTORY_HEADING_ID, HISTORY_LINK_ID, HomeFocusProvider } from '../../../ui/focus';
import type { ViewProps } from './types';

/**
 * Order & Ticket History (home document 2.3), opened from the full home's order-history link: the page frame
 * (back arrow, heading, focus) around the history the app layer hands in (the orders feature's, with its
 * actions), or the plain history without one.
 */
export const OrderHistoryView = observer(function OrderHistoryView({ history: History }: ViewProps) {
  const store = useStores();
  const view = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // Focus moves to what the user must read next: the page's heading.
  useEffect(() => heading.current?.focus(), []);

  // Back leaves with this view: the focus goes back to the home's button that opened it.
  const back = () => {
    handFocusTo(byId(HISTORY_LINK_ID));
    store.ui.setOrderHistoryOpen(false);
  };

  return (
    // An item whose action ends with its own button gone (a cancel) hands the focus to this view's heading.
    <HomeFocusProvider container={view} headingId={HISTORY_HEADING_ID}>
      <section className="panel" aria-labelledby={HISTORY_HEADING_ID} ref={view}>
        <button type="button" className="back-button" onClick={back}>
          <span aria-hidden="true">←</span> Back
        </button>
        <h1 id={HISTORY_HEADING_ID} ref={heading} tabIndex={-1}>
          Order &amp; Ticket History
        </h1>
        {History ? (
          <History />
        ) : (
          <OrderTicketHistory
            orders={accountCall(store, 'orderHistory')}
            tickets={accountCall(store, 'tickets')}
            orderNumber={accountOrderNumber(store.profile.data ?? undefined)}
          />
        )}
      </section>
    </HomeFocusProvider>
  );
});
