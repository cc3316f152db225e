/**
 * The orders and appointments cards' copy (home spec §2.2, §2.3, §2.4, §4, §8). Texts the spec quotes are kept
 * exactly as it writes them; the rest is plain wording for what the spec describes without quoting (recorded in
 * docs/decisions/008-orders-and-appointments.md). Flow messages (dialogs and toasts of the machines) live in
 * machines/messages.ts.
 */
export const ORDER_TEXT = {
  // §2.2 pending-order alert.
  pendingHeading: 'Pending Service Order',
  missedHeading: 'Missed Service Order',
  selfInstallPending: (date: string) => `You have a pending service order for ${date}.`,
  disconnectPending: 'You have a pending service order.',
  disconnectCommences: (date: string) => `Disconnection of your service commences on ${date}.`,
  returnModem: 'Start return modem process.',
  ownModemHelp: 'Using your own modem? Get help setting it up',
  // A disconnect order sets nothing up: the same help page, in words that fit a service ending.
  ownModemHelpDisconnect: 'Using your own modem? See the own-modem help',
  appointmentWindow: (date: string, start: string, end: string) =>
    `Your technician appointment is on ${date} between ${start} and ${end}.`,
  appointmentWindowOpen: (date: string, start: string) =>
    `Your technician appointment is on ${date}, starting at ${start}.`,
  appointmentDay: (date: string) => `Your technician appointment is on ${date}.`,
  appointmentSoon: 'Your technician will arrive within the next day.',
  missedAppointment: 'Your service installation appointment was in past',
  orderNumber: (n: string) => `Order number ${n}`,
  changeDate: 'Change Date',
  editAppointmentTime: 'Edit Appointment Time',
  trackShipment: 'Track Your Shipment',
  appointmentMessages: 'Appointment Messages',
  techLocation: "View technician's location",
  cancelOrder: 'Cancel Order',
  chatToModify: 'Chat with us to modify your order',
  needToReschedule: 'Need to reschedule?',
  needToCancel: 'Need to cancel order?',
  chatWithUs: 'Chat with us',
  closeAlert: 'Close pending service order alert',
  noThanks: 'No Thanks',
  yesCancel: 'Yes, Cancel Order',
  cancelling: 'Cancelling your order…',
  // §2.2 'cancelled or closed orders show Your service order has been cancelled.'; §4 the refund wording the
  // spec leaves open (docs/decisions/008-orders-and-appointments.md).
  cancelledHeading: 'Order Cancelled',
  cancelled: 'Your service order has been cancelled.',
  cancelledRefund:
    'Any charges for this order will be removed from your account. You will see the change on your next bill.',
  cancelledRefundPrepaid:
    'Any amount you prepaid for this order will be refunded to your payment method on file within 7 to 10 business days.',
  closeCancelled: 'Close order cancelled alert',

  // §2.4 repair-ticket alerts.
  missedRepairHeading: 'Missed Repair Appointment',
  repairHeading: 'Repair Appointment',
  ticket: (n: string) => `Ticket ${n}`,
  repairWas: (when: string) => `Your repair appointment was ${when}.`,
  repairIs: (when: string) => `Your repair appointment is ${when}.`,
  rescheduledHeading: 'Appointment Rescheduled',
  rescheduledBody: (from: number, to: number) =>
    `Your appointment has been rescheduled. It may take ${from} to ${to} minutes for the change to show.`,
  reschedule: 'Reschedule',
  cancelAppointment: 'Cancel',
  rescheduleTitle: 'Reschedule Appointment',
  currentAppointment: 'Current appointment',
  chooseDate: 'Choose a date',
  selectTime: 'Select a time',
  chosenDate: 'Date',
  save: 'Save',
  saving: 'Saving…',
  cancel: 'Cancel',
  loadingTimes: 'Loading appointment times…',
  confirm: 'Confirm',
  cancellingAppointment: 'Cancelling your appointment…',
  locating: "Finding your technician's location…",

  // §2.3 Order & Ticket History.
  historyLoading: 'Loading your orders and tickets…',
} as const;
