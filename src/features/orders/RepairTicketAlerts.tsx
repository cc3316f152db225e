import { observer } from 'mobx-react-lite';
import { alertTickets, missedFirst } from '../../facts';
import type { TroubleReport } from '../../generated/types';
import { useStores } from '../../stores/context';
import { constantOf } from '../../stores/decided';
import { ticketKey } from '../../stores/item-decisions';
import { Alert } from '../../ui/Alert';
import { technicianStatus } from '../../ui/order-history';
import type { SectionProps } from '../../ui/section';
import { CancelRepair } from './CancelRepair';
import { windowOf } from './format';
import { RescheduleRepair } from './RescheduleRepair';
import { TechLocation } from './TechLocation';
import { ORDER_TEXT as T } from './texts';
import './orders.css';

/**
 * Repair-ticket alerts (home spec §2.4): CAN, CLD and tickets without a completion date skipped, newest
 * commitment first, missed ones (rules/history-actions.json: open and in the past) listed first as the error
 * alert 'Missed Repair Appointment', the others as the info alert 'Repair Appointment'. Reschedule, Cancel and
 * the technician's location show where the same rules offer them.
 */
export const RepairTicketAlerts = observer(function RepairTicketAlerts(_: SectionProps) {
  const store = useStores();
  const data = store.accountData.tickets;
  if (!data) return null;
  const decided = (t: TroubleReport) => store.items.of(ticketKey(t));
  const tickets = missedFirst(alertTickets(data), (t) => decided(t).actions.missed);
  if (tickets.length === 0) return null;
  return (
    <div className="repair-alerts">
      {tickets.map((t) => (
        <RepairAlert key={t.nativeTroubleReportIdentifier} ticket={t} />
      ))}
    </div>
  );
});

const RepairAlert = observer(function RepairAlert({ ticket }: { ticket: TroubleReport }) {
  const store = useStores();
  const number = ticket.nativeTroubleReportIdentifier;
  const { actions } = store.items.of(ticketKey(ticket));
  const when = windowOf(
    ticket.appointmentInfo?.startDateTime ?? ticket.commitmentDateTime,
    ticket.appointmentInfo?.endDateTime,
  );
  const tech = technicianStatus(ticket.appointmentInfo?.clickStatusValue);
  const rescheduled = store.accountData.rescheduledTickets.includes(number);
  return (
    <Alert
      tone={actions.missed ? 'error' : 'info'}
      heading={actions.missed ? T.missedRepairHeading : T.repairHeading}
      actions={
        actions.reschedule || actions['cancel-appointment'] || actions['tech-location'] ? (
          <>
            {actions.reschedule ? <RescheduleRepair ticket={ticket} /> : null}
            {actions['cancel-appointment'] ? <CancelRepair ticket={ticket} /> : null}
            {actions['tech-location'] ? (
              <TechLocation target={{ kind: 'ticket', ticketNumber: number }} />
            ) : null}
          </>
        ) : undefined
      }
    >
      <p className="muted">
        {T.ticket(number)}
        {ticket.productName ? ` · ${ticket.productName}` : ''}
      </p>
      {when ? <p>{actions.missed ? T.repairWas(when) : T.repairIs(when)}</p> : null}
      {tech && !actions.missed ? <p>{tech}</p> : null}
      {rescheduled ? (
        <div className="notice" role="status">
          <h3 className="notice__heading">{T.rescheduledHeading}</h3>
          <p>
            {T.rescheduledBody(
              constantOf(store, 'rescheduleApplyMinutesMin'),
              constantOf(store, 'rescheduleApplyMinutes'),
            )}
          </p>
        </div>
      ) : null}
    </Alert>
  );
});
