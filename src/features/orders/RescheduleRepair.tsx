import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useId } from 'react';
import { shownMessages } from '../../../machines/messages';
import { selectableDays, slotsOn } from '../../facts';
import type { TroubleReport } from '../../generated/types';
import { useStores } from '../../stores/context';
import { useFlow } from '../../stores/use-flow';
import { Dialog } from '../../ui/Dialog';
import { calendarDate, timeOf, windowOf } from './format';
import { ORDER_TEXT as T } from './texts';

// The date picker loads on the click that opens the dialog, never with /home.
const RescheduleCalendar = lazy(() => import('./RescheduleCalendar'));

/**
 * Reschedule of a repair appointment (machines/reschedule-repair.machine.ts): the dialog shows the current
 * appointment, a calendar of the days that have slots and 'Select a time' with that day's slots; Save is
 * enabled only after a time is picked and not while saving. All of it works with the keyboard alone.
 */
export const RescheduleRepair = observer(function RescheduleRepair({ ticket }: { ticket: TroubleReport }) {
  const store = useStores();
  // The flow's machine and xstate load on its first event (src/stores/use-flow.ts).
  const logic = () => import('./flows').then((flows) => flows.provideRescheduleRepair(store, ticket));
  const [snapshot, send] = useFlow('reschedule-repair', logic);
  const ids = { calendar: useId(), time: useId() };
  const { slots, date, appointmentId } = snapshot.context;
  const saving = snapshot.matches('saving');
  const open = !snapshot.matches('closed');
  const { days } = selectableDays(slots);
  const times = slotsOn(slots, date);
  const current = windowOf(
    ticket.appointmentInfo?.startDateTime ?? ticket.commitmentDateTime,
    ticket.appointmentInfo?.endDateTime,
  );
  const inline = shownMessages(snapshot)[0];
  const close = () => {
    if (!saving) send({ type: 'DIALOG.CLOSE' });
  };
  return (
    <>
      <button
        type="button"
        className="btn"
        aria-label={`${T.reschedule} appointment ${ticket.nativeTroubleReportIdentifier}`}
        onClick={() => send({ type: 'RESCHEDULE.OPEN' })}
      >
        {T.reschedule}
      </button>
      <Dialog
        open={open}
        title={T.rescheduleTitle}
        onClose={close}
        width="45vw"
        actions={
          <>
            <button
              type="button"
              className="btn"
              disabled={appointmentId === null || saving || !snapshot.matches('choosing')}
              onClick={() => send({ type: 'SAVE' })}
            >
              {saving ? T.saving : T.save}
            </button>
            <button type="button" className="btn btn--secondary" disabled={saving} onClick={close}>
              {T.cancel}
            </button>
          </>
        }
      >
        <p>
          <strong>{T.currentAppointment}:</strong> {current ?? '—'}
        </p>
        {snapshot.matches('loading') ? <p role="status">{T.loadingTimes}</p> : null}
        {inline ? (
          <p role="alert" className="inline-error">
            {inline.text}
          </p>
        ) : null}
        {snapshot.matches('choosing') || saving ? (
          <>
            <p id={ids.calendar} className="field-label">
              {T.chooseDate}
            </p>
            <Suspense fallback={<p role="status">{T.loadingTimes}</p>}>
              <RescheduleCalendar
                days={days}
                selected={date}
                labelledBy={ids.calendar}
                onSelect={(day) => send({ type: 'DATE.SELECT', date: day })}
              />
            </Suspense>
            {date ? (
              <p>
                <strong>{T.chosenDate}:</strong> {calendarDate(new Date(`${date}T00:00:00`))}
              </p>
            ) : null}
            <label htmlFor={ids.time} className="field-label">
              {T.selectTime}
            </label>
            <select
              id={ids.time}
              className="reschedule-time"
              value={appointmentId ?? ''}
              disabled={!date || saving}
              onChange={(e) => {
                if (e.target.value) send({ type: 'TIME.SELECT', appointmentId: e.target.value });
              }}
            >
              <option value="">{T.selectTime}</option>
              {times.map((s) => (
                <option key={s.appointmentId} value={s.appointmentId}>
                  {`${timeOf(s.startTime) ?? s.startTime} - ${timeOf(s.endTime) ?? s.endTime}`}
                </option>
              ))}
            </select>
          </>
        ) : null}
      </Dialog>
    </>
  );
});
