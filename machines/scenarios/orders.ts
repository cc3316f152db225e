/** The path scenarios of orders and repair appointments: cancel an order, reschedule or cancel a repair, tech tracker. */
import { cancelOrderMachine, cancelOrderMessages } from '../cancel-order.machine';
import { cancelRepairMachine, cancelRepairMessages } from '../cancel-repair.machine';
import { rescheduleRepairMachine, rescheduleRepairMessages } from '../reschedule-repair.machine';
import { techTrackerMachine, techTrackerMessages } from '../tech-tracker.machine';
import { done, failed, type PathMachine } from './scenario';

export const cancelOrder: PathMachine = {
  id: 'cancel-order',
  machine: cancelOrderMachine,
  messages: cancelOrderMessages,
  scenarios: [
    {
      id: 'home',
      given: "The home's pending-order alert offers Cancel Order",
      input: { from: 'home' },
      events: [
        { type: 'ORDER.CANCEL' },
        { type: 'ORDER.CONFIRM' },
        { type: 'ORDER.KEEP' },
        done('cancelOrder'),
        failed('cancelOrder', "reasonCode '500'"),
      ],
    },
    {
      id: 'history',
      given: 'The Order & Ticket History offers cancel on the pending order',
      input: { from: 'history' },
      events: [
        { type: 'ORDER.CANCEL' },
        { type: 'ORDER.CONFIRM' },
        { type: 'ORDER.KEEP' },
        done('cancelOrder'),
        failed('cancelOrder', 'HTTP 500'),
      ],
    },
  ],
};

export const rescheduleRepair: PathMachine = {
  id: 'reschedule-repair',
  machine: rescheduleRepairMachine,
  messages: rescheduleRepairMessages,
  scenarios: [
    {
      id: 'ticket',
      given: 'An open repair ticket offers Reschedule (canReschedule)',
      events: [
        { type: 'RESCHEDULE.OPEN' },
        done('fetchSlots', {
          slots: [
            { appointmentId: 'APT-1', startTime: '2026-03-12T08:00:00', endTime: '2026-03-12T12:00:00' },
            { appointmentId: 'APT-2', startTime: '2026-03-12T13:00:00', endTime: '2026-03-12T17:00:00' },
          ],
          customerProductId: 'CP-1001',
          sessionId: 'RX-SESSION-1',
        }),
        failed('fetchSlots', 'no appointment slots'),
        { type: 'DATE.SELECT', date: '2026-03-12' },
        { type: 'TIME.SELECT', appointmentId: 'APT-2' },
        { type: 'SAVE' },
        done('rescheduleTicket'),
        failed('rescheduleTicket', 'message FAILURE'),
        { type: 'DIALOG.CLOSE' },
      ],
    },
  ],
};

export const cancelRepair: PathMachine = {
  id: 'cancel-repair',
  machine: cancelRepairMachine,
  messages: cancelRepairMessages,
  scenarios: [
    {
      id: 'ticket',
      given: 'An open repair ticket offers Cancel (canCancel)',
      events: [
        { type: 'REPAIR.CANCEL' },
        { type: 'REPAIR.CONFIRM' },
        { type: 'DIALOG.CLOSE' },
        done('cancelTicket'),
        failed('cancelTicket', "type 'fail'"),
      ],
    },
  ],
};

export const techTracker: PathMachine = {
  id: 'tech-tracker',
  machine: techTrackerMachine,
  messages: techTrackerMessages,
  scenarios: [
    {
      id: 'link',
      given: "The technician's location link is offered (tech tracker toggle on)",
      events: [
        { type: 'TRACKER.OPEN' },
        done('findTracker', { present: true }),
        done('findTracker', { present: false }),
        failed('findTracker', 'HTTP 500'),
      ],
    },
  ],
};
