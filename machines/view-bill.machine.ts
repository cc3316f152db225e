import { fromPromise, setup } from 'xstate';
import { MESSAGES, stateMetaType, type ToastMessage } from './messages';

/**
 * View Bill of the home's billing panel (home spec §2.7 'View Bill (only on /home ...)', §4 'View Bill:
 * loading state, then the bill detail on success, or error state Previous bills are not available. For
 * early-life accounts or tenure 0: You don't have any bills for your account yet.', §8).
 *
 * idle --BILL.VIEW--> noBills at once when `noBillsYet` (rules/billing-actions.json decided it: no call), else
 * loading (findBill: the account's newest bill) --> the toast 'Fetching Bill details' and `openBill` (its detail
 * page: /billDetail for a prepaid invoice, /billDetailPdf for a postpaid bill), or noBills when the account has
 * none, or unavailable ('Previous bills are not available') when the call fails. BILL.VIEW again tries again.
 *
 * Texts it can produce: MESSAGES.billDetailsFetching (toast), MESSAGES.noBillsYet,
 * MESSAGES.previousBillsUnavailable (inline).
 */

export interface ViewBillInput {
  /** rules/billing-actions.json 'no-bills-yet': early life or tenure 0. */
  noBillsYet: boolean;
}

export type ViewBillEvent = { type: 'BILL.VIEW' };

/** The newest bill's detail page, or null when the account has no bill. */
export interface FoundBill {
  to: string | null;
}

export const viewBillMachine = setup({
  types: {
    input: {} as ViewBillInput,
    context: {} as ViewBillInput,
    events: {} as ViewBillEvent,
    meta: stateMetaType,
  },
  actors: {
    /**
     * The newest bill: prepaid from getPrepaidInvoiceHistory (entries 'NextPayment' excluded), postpaid from
     * getBillDates (errorNo 0). Resolves with its detail page, or null when there is none; rejects when the
     * call fails.
     */
    findBill: fromPromise<FoundBill>(() => Promise.reject(new Error('findBill is not provided'))),
  },
  actions: {
    /** Opens the bill's detail page. */
    openBill: (_, _params: { to: string }) => {},
    /** Shows a toast (see machines/messages.ts). */
    showToast: (_, _toast: ToastMessage) => {},
  },
  guards: {
    noBillsYet: ({ context }) => context.noBillsYet,
  },
}).createMachine({
  id: 'viewBill',
  context: ({ input }) => ({ noBillsYet: input.noBillsYet }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'BILL.VIEW': [{ guard: 'noBillsYet', target: 'noBills' }, { target: 'loading' }] },
    },
    loading: {
      invoke: {
        id: 'findBill',
        src: 'findBill',
        onDone: [
          {
            guard: ({ event }) => event.output.to !== null,
            target: 'idle',
            actions: [
              { type: 'showToast', params: MESSAGES.billDetailsFetching },
              { type: 'openBill', params: ({ event }) => ({ to: event.output.to ?? '' }) },
            ],
          },
          { target: 'noBills' },
        ],
        onError: 'unavailable',
      },
    },
    noBills: {
      meta: { message: MESSAGES.noBillsYet },
      on: { 'BILL.VIEW': [{ guard: 'noBillsYet', target: 'noBills' }, { target: 'loading' }] },
    },
    unavailable: {
      meta: { message: MESSAGES.previousBillsUnavailable },
      on: { 'BILL.VIEW': 'loading' },
    },
  },
});

export type ViewBillMachine = typeof viewBillMachine;

/** Every text this machine can produce. */
export const viewBillMessages = [
  MESSAGES.billDetailsFetching,
  MESSAGES.noBillsYet,
  MESSAGES.previousBillsUnavailable,
] as const;
