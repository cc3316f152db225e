import { fromPromise, setup } from 'xstate';
import { MESSAGES, stateMetaType, type ToastMessage } from './messages';

/**
 * Set up or view a payment plan (home spec §2.7, §2.11 'payment-plan site (takes a token)', §5, §7
 * 'payment-plan token (statusCode 1 plus token; endpoint not shown)', §8 token failure 4 s).
 *
 * idle --PLAN.OPEN--> requestingToken (the payment-plan token) --> leaving: `openPlanSite` sends the browser
 * to the payment-plan site with the token; no token (a failed call, statusCode not 1, a token the redirect
 * checker refuses): 'We are unable to provide this function at this time. Please try again later.' (4 s) and
 * back to idle. Which of Set up / View Payment plan is offered is rules/billing-actions.json's.
 *
 * Texts it can produce: MESSAGES.tokenFailed (toast).
 */

export type PaymentPlanEvent = { type: 'PLAN.OPEN' };

/** The token for the payment-plan site. */
export interface PlanToken {
  token: string;
}

export const paymentPlanMachine = setup({
  types: {
    events: {} as PaymentPlanEvent,
    meta: stateMetaType,
  },
  actors: {
    /** POST paymentPlanToken {accountNumber}: resolves with the token on statusCode 1; rejects otherwise. */
    getPlanToken: fromPromise<PlanToken>(() => Promise.reject(new Error('getPlanToken is not provided'))),
  },
  actions: {
    /** The browser goes to the payment-plan site with the token. */
    openPlanSite: (_, _params: PlanToken) => {},
    /** Shows a toast (see machines/messages.ts). */
    showToast: (_, _toast: ToastMessage) => {},
  },
}).createMachine({
  id: 'paymentPlan',
  initial: 'idle',
  states: {
    idle: {
      on: { 'PLAN.OPEN': 'requestingToken' },
    },
    requestingToken: {
      invoke: {
        id: 'getPlanToken',
        src: 'getPlanToken',
        onDone: {
          target: 'leaving',
          actions: { type: 'openPlanSite', params: ({ event }) => ({ token: event.output.token }) },
        },
        onError: { target: 'idle', actions: { type: 'showToast', params: MESSAGES.tokenFailed } },
      },
    },
    leaving: { type: 'final' },
  },
});

export type PaymentPlanMachine = typeof paymentPlanMachine;

/** Every text this machine can produce. */
export const paymentPlanMessages = [MESSAGES.tokenFailed] as const;
