import { assign, fromPromise, not, setup } from 'xstate';
import { MESSAGES, stateMetaType, type ToastMessage } from './messages';
import { PAPERLESS_EDITS } from './paperless.edits';

/**
 * Paperless billing on and off (home spec §2.5, §4 'Paperless', §5 validation rules, §7, §8), used by the
 * paper-charge alert (its own email field: `inline`), the early-life billing card, /billing and
 * /settings/notifications (the paperless dialog).
 *
 * off --PAPERLESS.TURN_ON--> editing (the dialog: 'EMAIL Only' (code email) or 'EMAIL and SMS' (code
 * emailSms), an email field, a phone field for SMS). PAPERLESS.SUBMIT is accepted only when the email matches
 * the spec's pattern (the app says so with each EMAIL.CHANGE) and, for SMS, the phone has exactly
 * `phoneDigits` characters ('Turn On' is enabled only then). The same address submitted more than
 * `emailRetryLimit` times opens 'Confirm Email' (Yes goes on anyway, No goes back); otherwise validating
 * (GET validateEmail): SUCCESS goes on, ERROR (or a failed call) shows the inline 'We were unable to validate
 * the email address provided. Please review your entry & try again.' Then turningOn (the update call for the
 * account kind, chosen by rules/paperless.json): success 'You'll now recieve your bill by email' and `on`;
 * failure 'Unable to save changes.Please try again later.' and back (the alert keeps its form).
 * on --PAPERLESS.TURN_OFF--> confirmingOff --TURN_OFF.CONFIRM--> turningOff: success 'Paperless Billing turned
 * Off' and `off`, failure the same error toast and `on`. Each change runs `paperlessChanged` (the app reloads
 * the profile: the sandbox keeps the new state, the rules drop the paper-charge alert and the early-life card).
 *
 * The limits are the constants emailRetryLimit and phoneDigits of rules/constants.json, passed in as input.
 *
 * Texts it can produce: MESSAGES.emailNotValidated (inline), MESSAGES.confirmEmail (dialog, `{email}` is the
 * address), MESSAGES.paperlessOn, MESSAGES.paperlessOff, MESSAGES.paperlessFailed (toasts).
 */

/** The bill-ready options of the paperless dialog: 'EMAIL Only' and 'EMAIL and SMS'. */
export type PaperlessOption = 'email' | 'emailSms';

export interface PaperlessInput {
  /** Paperless billing is on now (profile paperlessBilling). */
  paperless: boolean;
  /** The address to start from (the bill email on file). */
  email: string;
  /** Whether that address matches the spec's email pattern. */
  emailValid: boolean;
  /** rules/constants.json emailRetryLimit: submissions of one address beyond this open 'Confirm Email'. */
  emailRetryLimit: number;
  /** rules/constants.json phoneDigits: the SMS phone must have exactly this many characters. */
  phoneDigits: number;
  /** The form is the paper-charge alert's own (always shown), not a dialog. */
  inline: boolean;
}

export interface PaperlessContext extends PaperlessInput {
  option: PaperlessOption;
  phone: string;
  /** The address submitted last and how many times in a row it was submitted. */
  lastSubmitted: string | null;
  submissions: number;
}

export type PaperlessEvent =
  | { type: 'PAPERLESS.TURN_ON' }
  | { type: 'OPTION.SELECT'; option: PaperlessOption }
  | { type: 'EMAIL.CHANGE'; email: string; valid: boolean }
  | { type: 'PHONE.CHANGE'; phone: string }
  | { type: 'PAPERLESS.SUBMIT' }
  | { type: 'EMAIL.CONFIRM' }
  | { type: 'EMAIL.REJECT' }
  | { type: 'PAPERLESS.TURN_OFF' }
  | { type: 'TURN_OFF.CONFIRM' }
  | { type: 'DIALOG.CLOSE' };

/** What the update call is asked to do. */
export interface PaperlessUpdateInput {
  on: boolean;
  email: string;
  option: PaperlessOption;
  /** Only when turning on with 'EMAIL and SMS'. */
  phone: string | null;
}

/** The validation answer: the provider's SUCCESS or ERROR. */
export type EmailValidation = 'SUCCESS' | 'ERROR';

const sameAddress = (a: string | null, b: string): boolean =>
  a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/** How many times in a row the current address will have been submitted, counting this submission. */
const submissionsAfter = (c: PaperlessContext): number =>
  sameAddress(c.lastSubmitted, c.email) ? c.submissions + 1 : 1;

const formComplete = (c: PaperlessContext): boolean =>
  c.emailValid && (c.option === 'email' || c.phone.length === c.phoneDigits);

const updateInput = (c: PaperlessContext, on: boolean): PaperlessUpdateInput => ({
  on,
  email: c.email.trim(),
  option: c.option,
  phone: on && c.option === 'emailSms' ? c.phone : null,
});

// Counted up to one past the limit: beyond it every further submission asks 'Confirm Email' all the same.
const counted = (c: PaperlessContext) => ({
  lastSubmitted: c.email.trim(),
  submissions: Math.min(submissionsAfter(c), c.emailRetryLimit + 1),
});

export const paperlessMachine = setup({
  types: {
    input: {} as PaperlessInput,
    context: {} as PaperlessContext,
    events: {} as PaperlessEvent,
    meta: stateMetaType,
  },
  actors: {
    /** GET validateEmail?emailAddress: resolves with the provider's answer; rejects when the call fails. */
    validateEmail: fromPromise<EmailValidation, { email: string }>(() =>
      Promise.reject(new Error('validateEmail is not provided')),
    ),
    /**
     * The update call rules/paperless.json chooses: crisUpdatePaperless {accountNumber, paperlessBillingInd,
     * updatedEmailAddress} or ensupdatepaperless {ban, paperlessBilling 'Y'/'N', email, memo null, smsNumber
     * (turning on only), sourceSystem 'DIGIHOME'}. Resolves on its success rule; rejects otherwise.
     */
    updatePaperless: fromPromise<void, PaperlessUpdateInput>(() =>
      Promise.reject(new Error('updatePaperless is not provided')),
    ),
  },
  actions: {
    /** Paperless is now on or off: the app reloads the profile, so the rules see the new state. */
    paperlessChanged: (_, _params: { on: boolean }) => {},
    /** Shows a toast (see machines/messages.ts). */
    showToast: (_, _toast: ToastMessage) => {},
  },
  guards: {
    paperlessOn: ({ context }) => context.paperless,
    inline: ({ context }) => context.inline,
    canSubmit: ({ context }) => formComplete(context),
    overRetryLimit: ({ context }) =>
      formComplete(context) && submissionsAfter(context) > context.emailRetryLimit,
  },
}).createMachine({
  id: 'paperless',
  context: ({ input }) => ({
    ...input,
    option: 'email',
    phone: '',
    lastSubmitted: null,
    submissions: 0,
  }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'paperlessOn', target: 'on' },
        { guard: 'inline', target: 'editing' },
        { target: 'off' },
      ],
    },
    off: {
      on: { 'PAPERLESS.TURN_ON': 'editing' },
    },
    // The form takes changes only here: while a call runs, what was submitted stays what is sent.
    editing: {
      initial: 'ready',
      states: {
        ready: {},
        invalid: {
          meta: { message: MESSAGES.emailNotValidated },
          on: {
            'EMAIL.CHANGE': {
              target: 'ready',
              actions: assign(({ event }) => PAPERLESS_EDITS['EMAIL.CHANGE'](event)),
            },
          },
        },
      },
      on: {
        'OPTION.SELECT': { actions: assign(({ event }) => PAPERLESS_EDITS['OPTION.SELECT'](event)) },
        'EMAIL.CHANGE': { actions: assign(({ event }) => PAPERLESS_EDITS['EMAIL.CHANGE'](event)) },
        'PHONE.CHANGE': { actions: assign(({ event }) => PAPERLESS_EDITS['PHONE.CHANGE'](event)) },
        'PAPERLESS.SUBMIT': [
          {
            guard: 'overRetryLimit',
            target: 'confirmEmail',
            actions: assign(({ context }) => counted(context)),
          },
          { guard: 'canSubmit', target: 'validating', actions: assign(({ context }) => counted(context)) },
        ],
        'DIALOG.CLOSE': { guard: not('inline'), target: 'off' },
      },
    },
    validating: {
      invoke: {
        id: 'validateEmail',
        src: 'validateEmail',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: [
          { guard: ({ event }) => event.output === 'SUCCESS', target: 'turningOn' },
          { target: 'editing.invalid' },
        ],
        // The provider could not say: the customer is told the address could not be validated.
        onError: 'editing.invalid',
      },
    },
    confirmEmail: {
      meta: { message: MESSAGES.confirmEmail },
      on: {
        'EMAIL.CONFIRM': 'turningOn',
        'EMAIL.REJECT': 'editing',
        'DIALOG.CLOSE': 'editing',
      },
    },
    turningOn: {
      invoke: {
        id: 'updatePaperless',
        src: 'updatePaperless',
        input: ({ context }) => updateInput(context, true),
        onDone: {
          target: 'on',
          actions: [
            { type: 'paperlessChanged', params: { on: true } },
            { type: 'showToast', params: MESSAGES.paperlessOn },
          ],
        },
        onError: [
          {
            guard: 'inline',
            target: 'editing',
            actions: { type: 'showToast', params: MESSAGES.paperlessFailed },
          },
          { target: 'off', actions: { type: 'showToast', params: MESSAGES.paperlessFailed } },
        ],
      },
    },
    on: {
      on: { 'PAPERLESS.TURN_OFF': 'confirmingOff' },
    },
    confirmingOff: {
      on: { 'TURN_OFF.CONFIRM': 'turningOff', 'DIALOG.CLOSE': 'on' },
    },
    turningOff: {
      invoke: {
        id: 'updatePaperless',
        src: 'updatePaperless',
        input: ({ context }) => updateInput(context, false),
        onDone: {
          target: 'off',
          actions: [
            { type: 'paperlessChanged', params: { on: false } },
            { type: 'showToast', params: MESSAGES.paperlessOff },
          ],
        },
        onError: { target: 'on', actions: { type: 'showToast', params: MESSAGES.paperlessFailed } },
      },
    },
  },
});

export type PaperlessMachine = typeof paperlessMachine;

/** Every text this machine can produce. */
export const paperlessMessages = [
  MESSAGES.emailNotValidated,
  MESSAGES.confirmEmail,
  MESSAGES.paperlessOn,
  MESSAGES.paperlessOff,
  MESSAGES.paperlessFailed,
] as const;
