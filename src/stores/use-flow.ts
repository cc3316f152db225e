import { useState } from 'react';
import { useMachine } from '@xstate/react';
import type { AnyStateMachine, InputFrom } from 'xstate';
import { useStores } from './context';

/**
 * useMachine for a flow, with QA path capture: when the session runs with `?qa`, the path this flow takes is
 * recorded (one recorder per mounted flow) for the QA panel. `name` is the machine's file stem.
 */
export function useFlow<T extends AnyStateMachine>(name: string, logic: T, input?: InputFrom<T>) {
  const store = useStores();
  const [inspect] = useState(() => store.qa.inspectFor(name, logic, input));
  return useMachine(logic, {
    ...(input === undefined ? {} : { input }),
    ...(inspect ? { inspect } : {}),
  });
}
