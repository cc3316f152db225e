/**
 * Per item of the order and ticket history: decided for each order and repair ticket, on the item's own
 * facts, the toggles and what the home's pending-order alert offers (orderActions.cancelOrder).
 */
import { bareYesNo, declare, flags, paramsOf } from '../declare';

import { HISTORY_ACTIONS } from '../names';

export { HISTORY_ACTIONS, type HistoryAction } from '../names';

export const appointmentMessages = declare({
  id: 'appointment-messages',
  key: 'appointmentMessages',
  kind: 'first-match',
  eventType: 'appointment-messages',
  stage: 'order',
  params: paramsOf('show', 'boolean'),
  description: "Per order of the history: whether the 'Appointment Messages' link shows.",
  outcome: bareYesNo('show', false),
});

export const historyActions = declare({
  id: 'history-actions',
  key: 'actions',
  kind: 'all-ordered',
  eventType: 'history-action',
  stage: 'order',
  params: paramsOf('action', HISTORY_ACTIONS),
  description:
    "Per order or repair ticket: Cancel Order, the technician's location, a missed repair appointment, Reschedule and Cancel of a repair.",
  outcome: flags('action', HISTORY_ACTIONS),
});
