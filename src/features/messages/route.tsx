import { observer } from 'mobx-react-lite';
import { useSearchParams } from 'react-router-dom';
import { useStores } from '../../stores/context';
import { NOT_AVAILABLE } from '../../ui/format';
import { appointmentMessages, dayText, pendingOrder, technicianInstall, timeText } from './appointment';
import { ProfileUnavailable } from '../../ui/AccountError';
import { ChatLink } from '../../ui/chat';

/**
 * /messages?orderStatus&date: the appointment messages of the pending order (home spec 2.2, 'Appointment
 * Messages (goes to /messages with params orderStatus and date)'). The order is the profile's
 * earlyAccessProductOrderResponse; the params say which status and date the link was made for.
 */
export const Component = observer(function MessagesPage() {
  const store = useStores();
  const [params] = useSearchParams();
  const p = store.profile.data;
  const order = pendingOrder(p);
  const statusParam = params.get('orderStatus');
  const dateParam = params.get('date');
  const status = statusParam ?? order?.orderStatus ?? null;
  const messages = order ? appointmentMessages(order, dateParam) : [];
  const start = timeText(order?.apptStartTime);
  const end = timeText(order?.apptEndTime);
  const tech = technicianInstall(order?.techInstall);

  return (
    <div className="page">
      <h1>Messages</h1>
      {!p ? (
        <ProfileUnavailable />
      ) : !order ? (
        <section className="panel" aria-labelledby="appointment-messages-title">
          <h2 id="appointment-messages-title">Appointment messages</h2>
          <p>You have no pending service order, so there are no appointment messages.</p>
        </section>
      ) : (
        <section className="panel" aria-labelledby="appointment-messages-title">
          <h2 id="appointment-messages-title">Appointment messages</h2>
          <dl className="definition-list">
            {order.orderNumber ? (
              <>
                <dt>Order number</dt>
                <dd>{order.orderNumber}</dd>
              </>
            ) : null}
            {status ? (
              <>
                <dt>Order status</dt>
                <dd>{status}</dd>
              </>
            ) : null}
            {tech !== null ? (
              <>
                <dt>Install type</dt>
                <dd>{tech ? 'Technician install' : 'Self-install'}</dd>
              </>
            ) : null}
            {dateParam || order.apptDate ? (
              <>
                <dt>Date</dt>
                <dd>{dayText(dateParam ?? order.apptDate) ?? NOT_AVAILABLE}</dd>
              </>
            ) : null}
            {start && end ? (
              <>
                <dt>Appointment window</dt>
                <dd>
                  {start} to {end}
                </dd>
              </>
            ) : null}
          </dl>
          {messages.length > 0 ? (
            <ul
              className="message-list"
              aria-label={`Messages about order ${order.orderNumber ?? ''}`.trim()}
            >
              {messages.map((m, i) => (
                <li key={`${i}:${m}`}>{m}</li>
              ))}
            </ul>
          ) : (
            <p>There are no messages about this order yet.</p>
          )}
          <p>
            Questions about your order? <ChatLink>Chat with us</ChatLink>
          </p>
        </section>
      )}
    </div>
  );
});
