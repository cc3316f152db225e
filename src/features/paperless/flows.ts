/** The paperless flow's machine with its effects provided from the stores. */
import { fromPromise } from 'xstate';
import {
  paperlessMachine,
  type EmailValidation,
  type PaperlessUpdateInput,
} from '../../../machines/paperless.machine';
import { accountNumberOf, refuse, toast, unwrap } from '../../stores/flow-effects';
import type { RootStore } from '../../stores/root-store';

// The calls (and their validators) load with the first submission, not with /home.
const validateEmailCall = () => import('../../api/calls/validate-email');
const paperlessUpdateCall = () => import('../../api/calls/paperless-update');

/**
 * Paperless on and off. validateEmail answers the provider's SUCCESS or ERROR (a failed call is logged and
 * read as not validated). The update is the call rules/paperless.json chooses for the account
 * (crisUpdatePaperless or ensupdatepaperless), each with its own success rule; a failure or refusal is logged
 * under the call's name. A change reloads the profile: the sandbox keeps the new state, and the rules drop the
 * paper-charge alert and the early-life card once paperless is on.
 */
export function providePaperless(store: RootStore) {
  return paperlessMachine.provide({
    actors: {
      validateEmail: fromPromise<EmailValidation, { email: string }>(async ({ input }) => {
        const { validateEmail } = await validateEmailCall();
        const data = await unwrap(
          store,
          'validateEmail',
          validateEmail(store.orch, { emailAddress: input.email }),
        );
        return data.status;
      }),
      updatePaperless: fromPromise<void, PaperlessUpdateInput>(async ({ input }) => {
        const call = store.decisions.current?.paperless.call ?? 'ensemble';
        const accountNumber = accountNumberOf(store);
        const { paperlessUpdateSucceeded, updatePaperlessCris, updatePaperlessEns } =
          await paperlessUpdateCall();
        const operation = call === 'cris' ? 'crisUpdatePaperless' : 'ensupdatepaperless';
        const data = await unwrap(
          store,
          operation,
          call === 'cris'
            ? updatePaperlessCris(store.orch, {
                accountNumber,
                paperlessBillingInd: input.on,
                updatedEmailAddress: input.email,
              })
            : updatePaperlessEns(store.orch, {
                ban: accountNumber,
                paperlessBilling: input.on ? 'Y' : 'N',
                email: input.email,
                ...(input.phone ? { smsNumber: input.phone } : {}),
              }),
        );
        if (!paperlessUpdateSucceeded(data, call))
          refuse(
            store,
            operation,
            `paperless ${input.on ? 'on' : 'off'} refused: ${data.data.message ?? data.data.code ?? ''}`,
          );
      }),
    },
    actions: {
      paperlessChanged: () => void store.reloadProfile(),
      showToast: toast(store),
    },
  });
}
