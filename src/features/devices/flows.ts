/** The devices cards' flow machines with their effects provided from the stores. */
import { fromPromise } from 'xstate';
import {
  modemReplacementMachine,
  type ReplacementAnswerInput,
  type ReplacementAnswerResponse,
} from '../../../machines/modem-replacement.machine';
import { answerOffer } from '../../api/calls/offer-answer';
import { accountNumberOf, HOME_PAGE, toast, unwrap } from '../../stores/flow-effects';
import type { RootStore } from '../../stores/root-store';

/** Modem replacement offer: the answer is recorded with setAccptRejectMdmRplcmt for ModemReplacement. */
export function provideModemReplacement(store: RootStore) {
  const operation = 'setAccptRejectMdmRplcmt';
  return modemReplacementMachine.provide({
    actors: {
      answerOffer: fromPromise<ReplacementAnswerResponse, ReplacementAnswerInput>(async ({ input }) => {
        const data = await unwrap(
          store,
          operation,
          answerOffer(store.orch, {
            accountNumber: accountNumberOf(store),
            offerName: 'ModemReplacement',
            answer: input.answer,
          }),
        );
        if (data.response.status.toUpperCase() !== 'OK')
          store.logIssue(HOME_PAGE, operation, `modem replacement ${input.answer}: ${data.response.message}`);
        return data.response;
      }),
    },
    actions: { showToast: toast(store) },
  });
}
