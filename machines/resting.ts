import type { AccountSwitchContext, AccountSwitchInput } from './account-switch.machine';
import type { CancelOrderInput } from './cancel-order.machine';
import type { DeviceRenameContext, DeviceRenameInput } from './device-rename.machine';
import type { EditWifiContext, EditWifiInput } from './edit-wifi.machine';
import type { ForgotPasswordContext, ForgotPasswordInput } from './forgot-password.machine';
import type { ForgotUsernameContext } from './forgot-username.machine';
import type { PaperlessContext, PaperlessInput } from './paperless.machine';
import { PAPERLESS_EDITS } from './paperless.edits';
import type { ModemReplacementContext, ModemReplacementInput } from './modem-replacement.machine';
import type { RescheduleRepairContext } from './reschedule-repair.machine';
import type { RetryPaymentContext, RetryPaymentInput } from './retry-payment.machine';
import type { ViewBillInput } from './view-bill.machine';
import type { UpgradeContext, UpgradeInput } from './upgrade.machine';
import type { WalledGardenPayContext, WalledGardenPayInput } from './walled-garden-pay.machine';

/**
 * Each machine at rest: the state value and context its actor has once started with an input, before any
 * event. The app shows a flow's resting state without loading xstate and the machine (src/stores/use-flow.ts
 * loads them on the first event: a card's flow costs /home's first load nothing until it is used), so this
 * file imports types only. test/machines/resting.test.ts holds every entry to its machine's real initial
 * snapshot for every input of machines/path-scenarios.ts, and checks no machine does anything on start (no
 * entry effect, invoke, delay or dialog in its first state) that a resting flow would skip. Besides type
 * imports it imports only the machines' field edits (RESTING_EDITS), which carry no xstate.
 */
export interface Resting {
  readonly value: string | Readonly<Record<string, string>>;
  readonly context: unknown;
}

const at = <C>(value: Resting['value'], context: C) => ({ value, context });

export const RESTING = {
  'account-switch': (input: AccountSwitchInput) =>
    at<AccountSwitchContext>('idle', { loginName: input.loginName, pid: null }),
  'cancel-order': (input: CancelOrderInput) => at<CancelOrderInput>('idle', { from: input.from }),
  'cancel-repair': () => at('idle', {}),
  'credit-offer': () => at('offered', {}),
  'decline-alt-number': () => at('shown', {}),
  'device-rename': (input: DeviceRenameInput) =>
    at<DeviceRenameContext>('viewing', {
      deviceId: input.deviceId,
      saved: { name: input.name, type: input.type },
      draft: { name: input.name, type: input.type },
    }),
  'edit-wifi': (input: EditWifiInput) =>
    at<EditWifiContext>('closed', {
      saved: { name: input.name, password: input.password },
      draft: { name: input.name, password: input.password },
      useAcs: input.useAcs,
      error: null,
    }),
  'forgot-password': (input: ForgotPasswordInput) => {
    const login = input.login?.trim() ?? '';
    return at<ForgotPasswordContext>(login === '' ? { loginStep: 'editing' } : { emailStep: 'editing' }, {
      login,
      maskedEmail: input.maskedEmail ?? null,
      email: '',
      error: null,
    });
  },
  'forgot-username': () => at<ForgotUsernameContext>('idle', { email: '', error: null }),
  'modem-replacement': (input: ModemReplacementInput) =>
    at<ModemReplacementContext>('offered', { hasServiceAddress: input.hasServiceAddress }),
  'modem-restart': () => at('closed', {}),
  paperless: (input: PaperlessInput) =>
    at<PaperlessContext>(input.paperless ? 'on' : input.inline ? { editing: 'ready' } : 'off', {
      ...input,
      option: 'email',
      phone: '',
      lastSubmitted: null,
      submissions: 0,
    }),
  'pay-bill': () => at('idle', {}),
  'payment-plan': () => at('idle', {}),
  'cancel-scheduled-payment': () => at('idle', {}),
  'view-bill': (input: ViewBillInput) => at<ViewBillInput>('idle', { noBillsYet: input.noBillsYet }),
  'reschedule-repair': () =>
    at<RescheduleRepairContext>('closed', {
      slots: [],
      customerProductId: null,
      sessionId: null,
      date: null,
      appointmentId: null,
    }),
  'retry-payment': (input: RetryPaymentInput) =>
    at<RetryPaymentContext>('ready', { retryAllowed: input.retryAllowed }),
  'tech-tracker': () => at('idle', {}),
  upgrade: (input: UpgradeInput) => at<UpgradeContext>('idle', { path: input.path, kind: 'plan' }),
  'walled-garden-pay': (input: WalledGardenPayInput) =>
    at<WalledGardenPayContext>('ready', { payNowAllowed: input.payNowAllowed }),
} as const satisfies Record<string, (input: never) => Resting>;

export type RestingMachine = keyof typeof RESTING;

/**
 * Field changes a flow at rest applies itself while its machine loads: the customer types into a form its
 * resting state shows (the paper-charge alert's email) before xstate and the machine have arrived, and the field
 * must show what was typed, and a submit must judge it, not the value the flow started with. `when` is the
 * resting state in which the machine answers each of these events by assigning context and nothing else;
 * the machine assigns with the very same functions. test/machines/resting.test.ts holds each edit to the machine.
 */
export interface RestingEdits {
  readonly when: string;
  readonly events: Readonly<Record<string, (event: never) => object>>;
}

export const RESTING_EDITS: Partial<Record<RestingMachine, RestingEdits>> = {
  paperless: { when: 'editing.ready', events: PAPERLESS_EDITS },
};

/** The resting state after a field change, or null when the event is not an edit of this rest. */
export function restingEdit(
  name: RestingMachine,
  resting: Resting,
  event: { readonly type: string },
): Resting | null {
  const edits = RESTING_EDITS[name];
  const edit = edits?.events[event.type] as ((event: unknown) => object) | undefined;
  if (!edits || !edit || !restingMatches(resting.value, edits.when)) return null;
  return { value: resting.value, context: { ...(resting.context as object), ...edit(event) } };
}

/** The state values a resting value matches (`{ a: 'b' }` matches 'a' and 'a.b'), as snapshot.matches does. */
export function restingMatches(value: Resting['value'], query: string): boolean {
  if (typeof value === 'string') return query === value;
  return Object.entries(value).some(([parent, child]) => query === parent || query === `${parent}.${child}`);
}
