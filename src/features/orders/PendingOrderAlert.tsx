import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { jumpOutChangeDueDateUrl } from '../../api/calls/jump-out';
import { jumpOut } from '../../config';
import { isTechInstall, pendingOrderOf } from '../../facts';
import { useStores } from '../../stores/context';
import { accountNumberOf } from '../../stores/flow-effects';
import { Alert } from '../../ui/Alert';
import { ExternalLink } from '../../ui/ExternalLink';
import { HISTORY_TEXTS } from '../../ui/history-texts';
import type { SectionProps } from '../../ui/section';
import { useFocusHome, useTakeHandedFocus } from '../../ui/focus';
import { CancelOrder, ORDER_CANCELLED_ID } from './CancelOrder';
import { dayOf, messagesLink, timeOf } from './format';
import { TechLocation } from './TechLocation';
import { ORDER_TEXT as T } from './texts';
import './orders.css';
import { encodeParam } from '../../api/url';
import { ChatLink } from '../../ui/chat';

/**
 * The early-life order block (home spec §2.2): the pending-order alert in its self-install, disconnect or
 * technician-install layout, or the cancelled alert after a cancel (variant 'cancelled' / 'cancelled-prepaid').
 * Whether it shows, and every button and line in it, is decided by rules (rules/home-sections.json,
 * rules/appointment-timing.json, rules/order-actions.json); this card only lays out what they offer.
 */
export const PendingOrderAlert = observer(function PendingOrderAlert({ params }: SectionProps) {
  const store = useStores();
  const focusHome = useFocusHome();
  const variant = params?.variant;
  const close = () => {
    store.ui.setFlag('pendingOrderAlertClosed', true);
    focusHome();
  };
  if (variant === 'cancelled' || variant === 'cancelled-prepaid') {
    return <OrderCancelledAlert prepaid={variant === 'cancelled-prepaid'} onClose={close} />;
  }
  const order = pendingOrderOf(store.profile.data ?? undefined);
  const decided = store.decisions.current;
  if (!order || !decided) return null;
  const offers = decided.orderActions;
  const timing = decided.appointmentTiming.timing;
  // The layout follows the order's kind (spec §2.2 'Order display by techInstall').
  const tech = isTechInstall(order.techInstall) === true;
  const missed = tech && timing === 'missed';
  const disconnect = (order.orderActivityType ?? '').toUpperCase() === 'DISCONNECT';
  const orderNumber = order.orderNumber ?? '';
  const day = dayOf(order.apptDate ?? order.orderDueDate);
  const serviceDay = dayOf(order.orderDueDate ?? order.apptDate);
  const start = timeOf(order.apptStartTime);
  const end = timeOf(order.apptEndTime);
  const appointmentMessages = messagesLink(order.orderStatus, order.apptDate ?? order.orderDueDate);

  const actions = (
    <>
      {offers['change-date'] ? (
        <a className="btn" href={jumpOutChangeDueDateUrl(accountNumberOf(store))}>
          {T.changeDate}
        </a>
      ) : null}
      {offers['edit-appointment-time'] ? (
        <a className="btn" href={jumpOutChangeDueDateUrl(accountNumberOf(store))}>
          {T.editAppointmentTime}
        </a>
      ) : null}
      {offers['track-shipment'] && order.cpeShipmentsTrackingNumber ? (
        <ExternalLink
          className="btn btn--secondary"
          href={`${jumpOut('shipmentTracking')}${encodeParam(order.cpeShipmentsTrackingNumber)}`}
        >
          {T.trackShipment}
        </ExternalLink>
      ) : null}
      {offers['appointment-messages'] ? (
        <Link className="btn btn--secondary" to={appointmentMessages}>
          {T.appointmentMessages}
        </Link>
      ) : null}
      {offers['tech-location'] ? (
        <TechLocation target={{ kind: 'order', order: { orderCreatedDate: order.orderCreatedDate } }} />
      ) : null}
      {offers['cancel-order'] && orderNumber ? <CancelOrder orderNumber={orderNumber} from="home" /> : null}
      {offers['chat-to-modify'] ? <ChatLink className="btn btn--secondary">{T.chatToModify}</ChatLink> : null}
    </>
  );

  return (
    <div className={missed ? 'order-alert order-alert--missed' : 'order-alert'}>
      <Alert
        tone={missed ? 'error' : 'info'}
        heading={missed ? T.missedHeading : T.pendingHeading}
        onClose={close}
        closeLabel={T.closeAlert}
        actions={actions}
      >
        {offers['details-unavailable'] ? (
          <p>{HISTORY_TEXTS.orderLookupFailed(orderNumber)}</p>
        ) : (
          <>
            {offers.calendar && day ? <CalendarBadge date={order.apptDate ?? ''} label={day} /> : null}
            {disconnect ? (
              <>
                <p>{T.disconnectPending}</p>
                {serviceDay ? <p>{T.disconnectCommences(serviceDay)}</p> : null}
              </>
            ) : tech ? (
              <TechInstallLines timing={timing} day={day} start={start} end={end} />
            ) : serviceDay ? (
              <p>{T.selfInstallPending(serviceDay)}</p>
            ) : null}
            {orderNumber ? <p className="muted">{T.orderNumber(orderNumber)}</p> : null}
          </>
        )}
        {/* Spec §2.2: 'A link opens the own-modem help page; a disconnect order also offers ...': that order. */}
        {offers['own-modem-help'] ? (
          <p>
            <ExternalLink href={jumpOut('ownModemHelp')}>
              {disconnect ? T.ownModemHelpDisconnect : T.ownModemHelp}
            </ExternalLink>
          </p>
        ) : null}
        {offers['return-modem'] ? (
          <p>
            <ExternalLink href={jumpOut('modemReturnHelp')}>{T.returnModem}</ExternalLink>
          </p>
        ) : null}
        {offers['chat-to-reschedule'] ? (
          <p>
            {T.needToReschedule} <ChatLink>{T.chatWithUs}</ChatLink>
          </p>
        ) : null}
        {offers['chat-to-cancel'] ? (
          <p>
            {T.needToCancel} <ChatLink>{T.chatWithUs}</ChatLink>
          </p>
        ) : null}
      </Alert>
    </div>
  );
});

/**
 * The cancelled alert: shown after a cancel on the home, and where that cancel hands the focus (CancelOrder),
 * since the button the customer pressed left with the alert this one replaces.
 */
function OrderCancelledAlert({ prepaid, onClose }: { prepaid: boolean; onClose: () => void }) {
  useTakeHandedFocus();
  return (
    <Alert
      tone="success"
      heading={T.cancelledHeading}
      onClose={onClose}
      closeLabel={T.closeCancelled}
      focusId={ORDER_CANCELLED_ID}
    >
      <p>{T.cancelled}</p>
      <p>{prepaid ? T.cancelledRefundPrepaid : T.cancelledRefund}</p>
    </Alert>
  );
}

/** Technician install: the date and window, or only the date without a start time; a past one says so. */
function TechInstallLines({
  timing,
  day,
  start,
  end,
}: {
  timing: string;
  day: string | null;
  start: string | null;
  end: string | null;
}) {
  if (timing === 'missed') return <p>{T.missedAppointment}</p>;
  if (!day) return null;
  const when =
    start && end
      ? T.appointmentWindow(day, start, end)
      : start
        ? T.appointmentWindowOpen(day, start)
        : T.appointmentDay(day);
  return (
    <>
      <p>{when}</p>
      {timing === 'near-term' ? <p>{T.appointmentSoon}</p> : null}
    </>
  );
}

/** The calendar control: the appointment's month and day as a calendar leaf (its date is read out in full). */
function CalendarBadge({ date, label }: { date: string; label: string }) {
  const [month, dayNumber] = label.split(' ');
  return (
    <div className="calendar-badge" role="img" aria-label={`Appointment date ${label}`} data-date={date}>
      <span className="calendar-badge__month" aria-hidden="true">
        {month?.slice(0, 3)}
      </span>
      <span className="calendar-badge__day" aria-hidden="true">
        {dayNumber?.replace(',', '')}
      </span>
    </div>
  );
}
