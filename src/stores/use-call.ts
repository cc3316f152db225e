import { useEffect, useState } from 'react';
import type { CallResult } from './api-port';
import { useStores } from './context';

export type CallState<T> =
  { status: 'loading' } | { status: 'ok'; data: T } | { status: 'failed'; message: string };

/**
 * Runs one Orch call for a page that only reads (payment history, bill dates, wifi info...). The result
 * is a value: a failure is logged through the issue log and shown as the page's inline message, never
 * thrown. `key` re-runs the call when it changes; it is the call's name, or `name:variant` (the bill, the
 * attempt) when one page runs the call for several things: the issue log gets the name.
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
  const [state, setState] = useState<{ key: string; value: CallState<T> } | null>(null);
  useEffect(() => {
    let live = true;
    const pending = run();
    if (!pending) return undefined;
    // The account the call is made for, as it is now: the answer may arrive after a switch.
    const accountNumber = store.currentAccountNumber;
    const operation = key.split(':')[0] ?? key;
    void pending.then((r) => {
      const message = !r.ok
        ? r.message
        : succeeded && !succeeded(r.data)
          ? `${operation} reported a failure`
          : null;
      // A failure is logged even when the customer has already left the page: the log must be complete.
      if (message !== null || !r.ok) store.logIssue(page, operation, message ?? 'failed', accountNumber);
      if (!live) return;
      if (r.ok && message === null) setState({ key, value: { status: 'ok', data: r.data } });
      else setState({ key, value: { status: 'failed', message: message ?? 'failed' } });
    });
    return () => {
      live = false;
    };
    // `run` is a fresh closure each render; `key` says when the call really changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state?.key === key ? state.value : { status: 'loading' };
}
