import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import type { AnyStateMachine, InputFrom } from 'xstate';
import { shownMessages } from '../../machines/messages';
import { ANALYTICS_EVENTS, stepName, trackEvent } from './analytics';
import { useStores } from './context';

/**
 * useMachine for a flow, with QA path capture and analytics: when the session runs with `?qa`, the path this
 * flow takes is recorded (one recorder per mounted flow) for the QA panel; every step of the flow is pushed to
 * the dataLayer as flow_step, and every failure it shows as flow_error with the message id (never what was
 * typed). `name` is the machine's file stem.
 */
export function useFlow<T extends AnyStateMachine>(name: string, logic: T, input?: InputFrom<T>) {
  const store = useStores();
  const [inspect] = useState(() => store.qa.inspectFor(name, logic, input));
  const result = useMachine(logic, {
    ...(input === undefined ? {} : { input }),
    ...(inspect ? { inspect } : {}),
  });
  const snapshot = result[0];
  const step = stepName(snapshot.value);
  const failure = shownMessages(snapshot).find((m) => m.tone === 'error')?.id ?? null;
  useEffect(() => {
    trackEvent(store.env, ANALYTICS_EVENTS.flowStep, { flow: name, step });
  }, [store.env, name, step]);
  useEffect(() => {
    if (failure) trackEvent(store.env, ANALYTICS_EVENTS.flowError, { flow: name, step, message_id: failure });
  }, [store.env, name, step, failure]);
  return result;
}
