/** The paperless flow's input, apart from its machine: the cards read it without loading xstate. */
import type { PaperlessInput } from '../../../machines/paperless.machine';
import { emailMatchesPattern } from '../../facts';
import { constantOf } from '../../stores/decided';
import type { RootStore } from '../../stores/root-store';

/**
 * The machine's input: paperless on or off now, the bill email on file to start from, and the limits of
 * rules/constants.json (emailRetryLimit, phoneDigits). `inline` for the paper-charge alert's own field.
 */
export function paperlessInputOf(store: RootStore, inline: boolean): PaperlessInput {
  const p = store.profile.data;
  const email = (p?.billingEmailAddress || p?.emailAddress || '').trim();
  return {
    paperless: p?.paperlessBilling === true,
    email,
    emailValid: emailMatchesPattern(email),
    emailRetryLimit: constantOf(store, 'emailRetryLimit'),
    phoneDigits: constantOf(store, 'phoneDigits'),
    inline,
  };
}
