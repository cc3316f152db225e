import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useStores } from '../../../stores/context';
import { accountCall } from '../../../stores/account-call';
import { OrderTicketHistory } from '../../../ui/OrderTicketHistory';
import type { ViewProps } from './types';

/**
 * Order & Ticket History (home document 2.3), opened from the full home's order-history link: the page frame
 * (back arrow, heading, focus) around the history the app layer hands in (the orders feature's, with its
 * actions), or the plain history without one.
 */
export const OrderHistoryView = observer(function OrderHistoryView({ history: History }: ViewProps) {
  const store = useStores();
  const heading = useRef<HTMLHeadingElement>(null);

  // Focus moves to what the user must read next: the page's heading.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section className="panel" aria-labelledby="history-title">
      <button type="button" className="back-button" onClick={() => store.ui.setOrderHistoryOpen(false)}>
        <span aria-hidden="true">←</span> Back
      </button>
      <h1 id="history-title" ref={heading} tabIndex={-1}>
        Order &amp; Ticket History
      </h1>
      {History ? (
        <History />
      ) : (
        <OrderTicketHistory
          orders={accountCall(store, 'orderHistory')}
          tickets={accountCall(store, 'tickets')}
        />
      )}
    </section>
  );
});
