/**
 * Every user-facing text a flow machine can produce, in one place, as the spec writes it (typos and the
 * missing space in 'unavailable.Please' included). Machines never inline a text: they name an entry here.
 *
 * How a machine shows a message (one rule for every machine, see machines/README.md):
 * - a toast is an effect: the machine runs its named action `showToast` with the toast entry as params
 *   (`{ display, id, text, durationMs, tone }`); the app provides `showToast` and pushes it to its toast area;
 * - a dialog or an inline message is a state: the state that shows it carries `meta: { message }`;
 *   `shownMessages(snapshot)` lists the entries of the active states, and the app renders them.
 */

export type Tone = 'success' | 'error' | 'info';

/** A toast: shown once, for `durationMs`, when the machine runs `showToast`. */
export interface ToastMessage {
  readonly display: 'toast';
  readonly id: string;
  readonly text: string;
  readonly durationMs: number;
  readonly tone: Tone;
}

/** A dialog or an inline message: shown for as long as the machine is in the state that carries it. */
export interface ShownMessage {
  readonly display: 'dialog' | 'message';
  readonly id: string;
  readonly title?: string;
  readonly text: string;
  readonly tone: Tone;
}

export type Message = ToastMessage | ShownMessage;

/** The `meta` every machine's states may carry. */
export interface StateMeta {
  readonly message?: ShownMessage;
}

const toast = (id: string, text: string, durationMs: number, tone: Tone): ToastMessage => ({
  display: 'toast',
  id,
  text,
  durationMs,
  tone,
});

/** Toast lifetimes of the spec (shell §9, home §9): 3 s general, 4 s payment and error toasts, 30 s credit. */
export const TOAST_MS = { general: 3000, error: 4000, credit: 30000 } as const;

export const MESSAGES = {
  // shell §8 'Account switch fails or no profile id', toast 4 s.
  accountSwitchFailed: toast(
    'accountSwitchFailed',
    'We were unable to switch accounts. Please try again later.',
    TOAST_MS.error,
    'error',
  ),
  // shell §4 Outage: the spec quotes no dialog copy; this is its sentence 'The restart takes up to five minutes.'
  // The minutes are the constant modemRestartMinutes of rules/constants.json (see fillConstants).
  modemRestartConfirm: {
    display: 'dialog',
    id: 'modemRestartConfirm',
    text: 'The restart takes up to {modemRestartMinutes} minutes.',
    tone: 'info',
  },
  // shell §8 'Reboot succeeds', toast (no lifetime given: the general 3 s of home §9).
  modemRebootComplete: toast('modemRebootComplete', 'Modem reboot complete', TOAST_MS.general, 'success'),
  // shell §8 'Reboot fails', toast 3 s.
  modemRebootFailed: toast(
    'modemRebootFailed',
    'We were unable to reboot your modem',
    TOAST_MS.general,
    'error',
  ),
  // shell §8 'Payment fails', toast 4 s.
  paymentFailed: toast(
    'paymentFailed',
    'An error occurred when submitting your payment. Your request was not submitted, please try again later.',
    TOAST_MS.error,
    'error',
  ),
  // shell §8 'Credit accepted', toast 30 s.
  creditAccepted: toast(
    'creditAccepted',
    'Credit will be applied to your account.',
    TOAST_MS.credit,
    'success',
  ),
  // shell §8 'Credit offer detail unavailable', dialog titled Bill Credit.
  creditDetailUnavailable: {
    display: 'dialog',
    id: 'creditDetailUnavailable',
    title: 'Bill Credit',
    text: 'We are unable to retrieve the necessary detail to complete the out of service credit. Please chat with an agent.',
    tone: 'error',
  },
  // shell §8 'Credit declined', message.
  creditDeclined: {
    display: 'message',
    id: 'creditDeclined',
    text: 'Your out of service credit has been declined',
    tone: 'success',
  },
  // shell §8 'Credit decline fails', message.
  creditNotDeclined: {
    display: 'message',
    id: 'creditNotDeclined',
    text: 'Your out of service credit has not been declined',
    tone: 'error',
  },
  // shell §8 'Modem replacement detail unavailable', dialog.
  modemReplacementDetailUnavailable: {
    display: 'dialog',
    id: 'modemReplacementDetailUnavailable',
    text: 'We are unable to retrieve the necessary detail to complete the modem replacement. Please chat with an agent.',
    tone: 'error',
  },
  // shell §8 'Modem replacement accepted', dialog.
  modemReplacementSubmitted: {
    display: 'dialog',
    id: 'modemReplacementSubmitted',
    text: 'Your request for modem replacement is submitted.',
    tone: 'success',
  },
  // shell §8 'Modem decline fails', toast 4 s. The spec has no space after the period: kept.
  modemDeclineUnavailable: toast(
    'modemDeclineUnavailable',
    'This functionality is currently unavailable.Please try again later',
    TOAST_MS.error,
    'error',
  ),
  // shell §8 'Decline alternate number succeeds', toast 3 s.
  altNumberDeclined: toast(
    'altNumberDeclined',
    'Alternate number declined successfully',
    TOAST_MS.general,
    'success',
  ),
  // shell §8 'Decline alternate number fails', toast, error, 3 s.
  altNumberDeclineFailed: toast(
    'altNumberDeclineFailed',
    'We were unable to decline alternate number. Please try again later',
    TOAST_MS.general,
    'error',
  ),
  // home §2.2 cancel-order dialog, verbatim (title, text; buttons 'No Thanks' and 'Yes, Cancel Order').
  cancelOrderConfirm: {
    display: 'dialog',
    id: 'cancelOrderConfirm',
    title: 'Are you sure you want to cancel your order?',
    text: 'Your pending order will be cancelled.',
    tone: 'info',
  },
  // home §2.3: the same dialog opened from the Order & Ticket History has this text.
  cancelOrderConfirmHistory: {
    display: 'dialog',
    id: 'cancelOrderConfirmHistory',
    title: 'Are you sure you want to cancel your order?',
    text: 'Your pending order and installation appointment will be canceled.',
    tone: 'info',
  },
  // home §8 'cancel-order failure or exception', toast 3 s.
  cancelOrderFailed: toast(
    'cancelOrderFailed',
    'Something went wrong. Please try again later.',
    TOAST_MS.general,
    'error',
  ),
  // home §8 inline: the reschedule dialog's slot fetch failed.
  appointmentSlotsUnavailable: {
    display: 'message',
    id: 'appointmentSlotsUnavailable',
    text: 'We are unable to retrieve appointment times at this time. Please try back later or chat with an agent.',
    tone: 'error',
  },
  // home §8 toast, success, 4 s.
  appointmentRescheduled: toast(
    'appointmentRescheduled',
    'Your Appointment has been rescheduled',
    TOAST_MS.error,
    'success',
  ),
  // home §8 toast, error, 4 s: FAILURE status, ERROR result, or any response not SUCCESS.
  appointmentRescheduleFailed: toast(
    'appointmentRescheduleFailed',
    'Sorry, your appointment cannot be rescheduled at the moment',
    TOAST_MS.error,
    'error',
  ),
  // home §2.4 Cancel Appointment dialog, verbatim (the spec has no period).
  repairCancelConfirm: {
    display: 'dialog',
    id: 'repairCancelConfirm',
    title: 'Cancel Appointment',
    text: 'To confirm your cancellation please click confirm',
    tone: 'info',
  },
  // home §8 toast, success (no lifetime given: the general 3 s).
  appointmentCancelled: toast(
    'appointmentCancelled',
    'Your Appointment has been cancelled',
    TOAST_MS.general,
    'success',
  ),
  // home §8 toast, error, 4 s: ERROR response or type fail.
  appointmentCancelFailed: toast(
    'appointmentCancelFailed',
    'Sorry, your appointment cannot be cancelled at the moment',
    TOAST_MS.error,
    'error',
  ),
  // home §4 and §8 'Tech tracker': toast (no lifetime given: the general 3 s).
  techLocationUnavailable: toast(
    'techLocationUnavailable',
    "We are unable to find the technician's location. Please try again later.",
    TOAST_MS.general,
    'error',
  ),
  // home §8 toast 'WiFi info Copied' (the Share WiFi password dialog's copy button; no lifetime given: 3 s).
  wifiInfoCopied: toast('wifiInfoCopied', 'WiFi info Copied', TOAST_MS.general, 'success'),
  // home §8 toast 'WiFi info updated' (the Edit WIFI info dialog saved; 3 s).
  wifiInfoUpdated: toast('wifiInfoUpdated', 'WiFi info updated', TOAST_MS.general, 'success'),
  // home §4 'Wifi edit: On failure the server message is shown': this is shown only when the failure carries
  // no server message (the call itself failed). Our wording (decision 016).
  wifiUpdateFailed: {
    display: 'message',
    id: 'wifiUpdateFailed',
    text: 'We were unable to update your WiFi info. Please try again later.',
    tone: 'error',
  },
  // home §8 toast, 4 s: the jump token (createJumpOutToken) of Upgrade Now, Upgrade Modem or the second
  // provider's shop failed.
  upgradeUnavailable: toast(
    'upgradeUnavailable',
    'We are unable to provide this function at this time. Please try again later.',
    TOAST_MS.error,
    'error',
  ),
  // home §2.6 'a vacation-service dialog (restore service)', §4 'vacation service plus Blue Marble opens the
  // restore-service dialog'. Title: the spec's vacation notice 'Your account is on vacation service'; the text
  // is ours (decision 016). The dialog offers the restore jump-out.
  restoreServiceDialog: {
    display: 'dialog',
    id: 'restoreServiceDialog',
    title: 'Your account is on vacation service',
    text: 'Restore your service before you upgrade your internet or your modem.',
    tone: 'info',
  },
  // The same dialog when canVacationRestore does not permit a restore: 'otherwise the user is told to chat'.
  restoreServiceChatDialog: {
    display: 'dialog',
    id: 'restoreServiceChatDialog',
    title: 'Your account is on vacation service',
    text: 'Restore your service before you upgrade your internet or your modem. Chat with us to restore your service.',
    tone: 'info',
  },
  // home §7 updateDevice: 'a type rename needs message 'Device has been updated Successfully''. The server's
  // success message, shown as the success toast of a rename (3 s).
  deviceUpdated: toast('deviceUpdated', 'Device has been updated Successfully', TOAST_MS.general, 'success'),
  // A rename the server refused or that failed: the spec quotes no text; ours (decision 016).
  deviceUpdateFailed: {
    display: 'message',
    id: 'deviceUpdateFailed',
    text: 'We were unable to update this device. Please try again later.',
    tone: 'error',
  },
  // home §8 toast 'You'll now recieve your bill by email' (the spec's typo kept; no lifetime given: 3 s).
  paperlessOn: toast('paperlessOn', "You'll now recieve your bill by email", TOAST_MS.general, 'success'),
  // home §8 toast (no lifetime given: 3 s).
  paperlessOff: toast('paperlessOff', 'Paperless Billing turned Off', TOAST_MS.general, 'success'),
  // home §8 'paperless failure' toast; no space after the period, as the spec writes it.
  paperlessFailed: toast(
    'paperlessFailed',
    'Unable to save changes.Please try again later.',
    TOAST_MS.general,
    'error',
  ),
  // home §5 inline: 'Validation result ERROR shows: ...' (the '&' is the spec's).
  emailNotValidated: {
    display: 'message',
    id: 'emailNotValidated',
    text: 'We were unable to validate the email address provided. Please review your entry & try again.',
    tone: 'error',
  },
  // home §2.5 and shell §8: 'Confirm Email' dialog (Yes or No), the address in place of '...' ({email}).
  confirmEmail: {
    display: 'dialog',
    id: 'confirmEmail',
    title: 'Confirm Email',
    text: 'We were unable to validate the email address provided. Is this email address {email} correct?',
    tone: 'info',
  },
  // home §8 'token failure, 4 s' and shell §8 'Payment token fails'.
  tokenFailed: toast(
    'tokenFailed',
    'We are unable to provide this function at this time. Please try again later.',
    TOAST_MS.error,
    'error',
  ),
  // home §8 'payment jump-out error, 4 s' (no period: the spec's).
  payJumpOutFailed: toast(
    'payJumpOutFailed',
    'Something went wrong, please try again later',
    TOAST_MS.error,
    'error',
  ),
  // home §8: cancel scheduled payment, success (3 s) and failure (a payment error: 4 s).
  paymentCancelled: toast('paymentCancelled', 'Payment Cancelled', TOAST_MS.general, 'success'),
  paymentCancelFailed: toast(
    'paymentCancelFailed',
    'Unable to cancel the payment. Please try again.',
    TOAST_MS.error,
    'error',
  ),
  // home §8 "success 'Fetching Bill details'": the bill was found and its detail page opens (3 s).
  billDetailsFetching: toast('billDetailsFetching', 'Fetching Bill details', TOAST_MS.general, 'success'),
  // home §8 toast, typo 'deatils' kept (3 s).
  billDetailsError: toast(
    'billDetailsError',
    'Error while fetching bill deatils. Please try again later.',
    TOAST_MS.general,
    'error',
  ),
  // home §4 View Bill error state, inline.
  previousBillsUnavailable: {
    display: 'message',
    id: 'previousBillsUnavailable',
    text: 'Previous bills are not available',
    tone: 'error',
  },
  // home §4 View Bill 'For early-life accounts or tenure 0', inline.
  noBillsYet: {
    display: 'message',
    id: 'noBillsYet',
    text: "You don't have any bills for your account yet.",
    tone: 'info',
  },
} as const satisfies Record<string, Message>;

export type MessageId = keyof typeof MESSAGES;

/** The part of a machine snapshot `shownMessages` reads (any XState machine snapshot has it). */
export interface HasMeta {
  getMeta: () => Record<string, unknown>;
}

function isShownMessage(value: unknown): value is ShownMessage {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (v.display === 'dialog' || v.display === 'message') && typeof v.text === 'string';
}

/**
 * The dialogs and inline messages the machine shows now: the `meta.message` of every active state, outer
 * states first. Empty when the current state shows none.
 */
export function shownMessages(snapshot: HasMeta): ShownMessage[] {
  const out: ShownMessage[] = [];
  for (const meta of Object.values(snapshot.getMeta())) {
    if (typeof meta !== 'object' || meta === null) continue;
    const message = (meta as { message?: unknown }).message;
    if (isShownMessage(message)) out.push(message);
  }
  return out;
}

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/**
 * A message's text with each `{name}` replaced by the business constant of that name (rules/constants.json,
 * which the app hands in): a number a customer reads is written once, in the rules. Numbers up to ten are
 * written as words, as the spec does ('up to five minutes'). A constant not given stays as `{name}`.
 */
export function fillConstants(text: string, constants: Readonly<Record<string, number | null>>): string {
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = constants[name];
    if (typeof value !== 'number') return placeholder;
    return Number.isInteger(value) && value >= 0 && value <= 10 ? WORDS[value]! : String(value);
  });
}

/**
 * Shell §8 'Single sign-on non-200': the error thrown for a performSSO answer that is not 200, word for word. Not
 * shown as it is: the cancel-service sign-on catches it, shows its own message and records this text.
 */
export const PERFORM_SSO_STATUS_ERROR = 'performSSO service status code is not OK';

/**
 * A message's text with each `{name}` replaced by the text of that name (the address in 'Confirm Email'). A
 * name not given stays as `{name}`.
 */
export function fillText(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}

/** For `setup({ types: { meta: stateMetaType } })`: types every state's `meta` as StateMeta. */
export const stateMetaType: StateMeta = {};
