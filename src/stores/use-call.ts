import { use, useEffect, useState } from 'react';
import type { CallResult } from './api-port';
import type { SettledCall } from './call-cache';
import { useStores } from './context';
import type { RootStore } from './root-store';

export type CallState<T> =
  { status: 'loading' } | { status: 'ok'; data: T } | { status: 'failed'; message: string };

/**
 * Makes the call and records a failure through the issue log (a body reporting a failure is a failed call).
 * A failure is logged even when the customer has already left the page: the log must be complete.
 */
async function settle<T>(
  store: RootStore,
  key: string,
  pending: Promise<CallResult<T>>,
  page: string,
  succeeded?: (data: T) => boolean,
): Promise<SettledCall> {
  // The account the call is made for, as it is now: the answer may arrive after a switch.
  const accountNumber = store.currentAccountNumber;
  const operation = key.split(':')[0] ?? key;
  const r = await pending;
  const message = !r.ok
    ? r.message
    : succeeded && !succeeded(r.data)
      ? `${operation} reported a failure`
      : null;
  if (message !== null || !r.ok) store.logIssue(page, operation, message ?? 'failed', accountNumber);
  return r.ok && message === null
    ? { status: 'ok', data: r.data }
    : { status: 'failed', message: message ?? 'failed' };
}

/**
 * Runs one Orch call for a page that only reads (payment history, bill dates, wifi info...). The result
 * is a value: a failure is logged through the issue log and shown as the page's inline message, never
 * thrown. `key` re-runs the call when it changes; it is the call's name, or `name:variant` (the bill, the
 * attempt) when one page runs the call for several things: the issue log gets the name.
 *
 * Rendered on the server, the render waits for the call (bounded: src/stores/call-cache.ts) and the browser's
 * first render reads the server's answer instead of asking again.
 */
export function useCall<T>(
  key: string,
  run: () => Promise<CallResult<T>> | null,
  page: string,
  /** The call's own success rule (e.g. errorNo 0): a body that reports a failure is a failed call, logged. */
  succeeded?: (data: T) => boolean,
): CallState<T> {
  const store = useStores();
  // The state remembers which key it answers, so a new key reads as loading without a synchronous reset.
  const [state, setState] = useState<{ key: string; value: CallState<T> } | null>(() => {
    const served = store.calls.peek(key);
    return served ? { key, value: served as CallState<T> } : null;
  });
  const answered = state?.key === key;
  useEffect(() => {
    // The server's render answered this call: the page shows its answer, nothing is asked again (and a later
    // visit to the page asks anew).
    if (answered) {
      store.calls.forget(key);
      return undefined;
    }
    let live = true;
    const pending = run();
    if (!pending) return undefined;
    void settle(store, key, pending, page, succeeded).then((value) => {
      if (live) setState({ key, value: value as CallState<T> });
    });
    return () => {
      live = false;
    };
    // `run` is a fresh closure each render; `key` says when the call really changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (store.calls.serverSide) {
    // Effects do not run on the server: the render waits for the call itself (`use`), once per key.
    const settled = use(
      store.calls.serve(key, () => {
        const pending = run();
        return pending ? settle(store, key, pending, page, succeeded) : Promise.resolve(null);
      }),
    );
    return (settled ?? { status: 'loading' }) as CallState<T>;
  }
  return answered ? state.value : { status: 'loading' };
}
