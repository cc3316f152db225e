/** The contact cards' flow machines with their effects provided from the stores. */
import { fromPromise } from 'xstate';
import {
  declineAltNumberMachine,
  type DeclineAltTnOutput,
} from '../../../machines/decline-alt-number.machine';
import { declineAltTn, declineAltTnSucceeded } from '../../api/calls/decline-alt-tn';
import { accountNumberOf, HOME_PAGE, toast, unwrap } from '../../stores/flow-effects';
import type { RootStore } from '../../stores/root-store';

/** Decline on the 'no contact number' alert (GET declineAltTn). */
export function provideDeclineAltNumber(store: RootStore) {
  const operation = 'declineAltTn';
  return declineAltNumberMachine.provide({
    actors: {
      declineAltTn: fromPromise<DeclineAltTnOutput>(async () => {
        const data = await unwrap(
          store,
          operation,
          declineAltTn(store.orch, { accountNumber: accountNumberOf(store) }),
        );
        if (!declineAltTnSucceeded(data))
          store.logIssue(HOME_PAGE, operation, `statusMessage ${data.statusMessage}`);
        return data;
      }),
    },
    actions: { showToast: toast(store) },
  });
}
