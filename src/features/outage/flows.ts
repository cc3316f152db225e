/** The outage cards' flow machines with their effects provided from the stores. */
import { fromPromise } from 'xstate';
import { creditOfferMachine, type OfferAnswerResponse } from '../../../machines/credit-offer.machine';
import { modemRestartMachine } from '../../../machines/modem-restart.machine';
import { rebootDevice, rebootDeviceAdapt, rebootSucceeded } from '../../api/calls/device-reboot';
import { answerOffer } from '../../api/calls/offer-answer';
import { accountNumberOf, HOME_PAGE, refuse, toast, unwrap } from '../../stores/flow-effects';
import type { RootStore } from '../../stores/root-store';

/**
 * Modem restart of the hangover alert. rules/reboot-call.json says which call: the acs one, or the adapt one
 * (it needs the modem's serial number and an OAuth token). A reply containing 'Error' is a failure (spec §7).
 */
export function provideModemRestart(store: RootStore) {
  const operation = 'deviceReboot';
  return modemRestartMachine.provide({
    actors: {
      deviceReboot: fromPromise<void>(async () => {
        const p = store.profile.data;
        const wtn = p?.wtn ?? '';
        const call = store.decisions.current?.rebootCall.call ?? 'acs';
        const serialNumber = store.accountData.modemInfo?.serialNumber;
        let reply: string;
        if (call === 'adapt') {
          if (!serialNumber) refuse(store, operation, 'no modem serial number for the adapt reboot');
          // The store's OAuth token, reused while rules/token.json says it is fresh.
          const token = await unwrap(store, 'getOAuthToken', store.adaptToken());
          reply = await unwrap(
            store,
            operation,
            rebootDeviceAdapt(store.orch, {
              serialNumber,
              wtn,
              sourceSystem: p?.billingSource ?? 'DIGIHOME',
              token,
            }),
          );
        } else {
          reply = await unwrap(store, operation, rebootDevice(store.orch, { wtn }));
        }
        if (!rebootSucceeded(reply)) refuse(store, operation, `reboot reply: ${reply.slice(0, 100)}`);
      }),
    },
    actions: { showToast: toast(store) },
  });
}

/**
 * Out-of-service credit offer. The answer is recorded with setAccptRejectMdmRplcmt for the offer
 * OutOfServiceCredit; the machine reads the reply's `response`.
 */
export function provideCreditOffer(store: RootStore) {
  const operation = 'setAccptRejectMdmRplcmt';
  return creditOfferMachine.provide({
    actors: {
      answerOffer: fromPromise<OfferAnswerResponse, { answer: 'accepted' | 'declined' }>(
        async ({ input }) => {
          const data = await unwrap(
            store,
            operation,
            answerOffer(store.orch, {
              accountNumber: accountNumberOf(store),
              offerName: 'OutOfServiceCredit',
              answer: input.answer,
            }),
          );
          if (data.response.status.toUpperCase() !== 'OK')
            store.logIssue(HOME_PAGE, operation, `credit ${input.answer}: ${data.response.message}`);
          return data.response;
        },
      ),
    },
    actions: {
      // Runs once the acceptance is recorded: the offer is answered (the rules hide it), then the reload.
      reloadProfile: () => {
        store.ui.setFlag('creditOfferAnswered', true);
        void store.reloadProfile();
      },
      showToast: toast(store),
    },
  });
}
