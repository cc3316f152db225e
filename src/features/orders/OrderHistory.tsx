import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { accountOrderNumber, type HistoryItem } from '../../facts';
import { accountCall } from '../../stores/account-call';
import { useStores } from '../../stores/context';
import { orderKey, ticketKey } from '../../stores/item-decisions';
import { OrderTicketHistory } from '../../ui/OrderTicketHistory';
import { CancelOrder } from './CancelOrder';
import { CancelRepair } from './CancelRepair';
import { messagesLink } from './format';
import { RescheduleRepair } from './RescheduleRepair';
import { TechLocation } from './TechLocation';
import { ORDER_TEXT as T } from './texts';
import './orders.css';

/**
 * The Order & Ticket History's items with what each offers (home spec §2.3, §4): the Appointment Messages link
 * (rules/appointment-messages.json), the technician's location, Cancel Order on the pending order, Reschedule
 * and Cancel of an open repair (rules/history-actions.json). Rendered inside the home's history view.
 */
export const OrderHistory = observer(function OrderHistory() {
  const store = useStores();
  return (
    <OrderTicketHistory
      orders={accountCall(store, 'orderHistory')}
      tickets={accountCall(store, 'tickets')}
      orderNumber={accountOrderNumber(store.profile.data ?? undefined)}
      actions={(item) => <ItemActions item={item} />}
    />
  );
});

const ItemActions = observer(function ItemActions({ item }: { item: HistoryItem }) {
  const store = useStores();
  if (item.kind === 'order') {
    const o = item.order;
    const decided = store.items.of(orderKey(o));
    const link = messagesLink(o.orderStatus, o.apptmtDate ?? o.orderCreatedDate);
    if (!decided.appointmentMessages && !decided.actions['tech-location'] && !decided.actions['cancel-order'])
      return null;
    return (
      <>
        {decided.appointmentMessages ? (
          <Link to={link} aria-label={`${T.appointmentMessages} for order ${o.orderNumber}`}>
            {T.appointmentMessages}
          </Link>
        ) : null}
        {decided.actions['tech-location'] ? (
          <TechLocation target={{ kind: 'order', order: { orderCreatedDate: o.orderCreatedDate } }} />
        ) : null}
        {decided.actions['cancel-order'] ? <CancelOrder orderNumber={o.orderNumber} from="history" /> : null}
      </>
    );
  }
  const t = item.ticket;
  const { actions } = store.items.of(ticketKey(t));
  if (!actions.reschedule && !actions['cancel-appointment'] && !actions['tech-location']) return null;
  return (
    <>
      {actions.reschedule ? <RescheduleRepair ticket={t} /> : null}
      {actions['cancel-appointment'] ? <CancelRepair ticket={t} /> : null}
      {actions['tech-location'] ? (
        <TechLocation target={{ kind: 'ticket', ticketNumber: t.nativeTroubleReportIdentifier }} />
      ) : null}
    </>
  );
});
