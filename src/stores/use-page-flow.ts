import { useState } from 'react';
import { useMachine } from '@xstate/react';
import type { AnyStateMachine, InputFrom } from 'xstate';
import { useStores } from './context';
import { useFlowAnalytics } from './use-flow';

/**
 * useMachine for a flow whose page imports its machine anyway (the sign-in recovery pages, the studio, a
 * dialog loaded on its click), with QA path capture and analytics as useFlow. A card of the home runs its
 * flow with useFlow instead, which loads the machine on the first event. `name` is the machine's file stem.
 */
export function usePageFlow<T extends AnyStateMachine>(name: string, logic: T, input?: InputFrom<T>) {
  const store = useStores();
  const [inspect] = useState(() => store.qa.inspectFor(name, logic, input));
  const result = useMachine(logic, {
    ...(input === undefined ? {} : { input }),
    ...(inspect ? { inspect } : {}),
  });
  useFlowAnalytics(name, result[0]);
  return result;
}
