import type { MyServices } from '../../generated/types';
import { useStores } from '../../stores/context';
import { accountCall, type AccountCallState } from '../../stores/account-call';

/**
 * The services answer (getHsiInfo) as the store loaded it with the account: the data-loading rules decide
 * whether it is called (the spec skips it for DISCONNECTED, INACTIVE, FINAL and ARCHIVED accounts), and the
 * loading overlay on /services waits for it. Read inside an observer.
 */
export function useServices(): AccountCallState<MyServices> {
  return accountCall(useStores(), 'services');
}
