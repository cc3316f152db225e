import { useEffect, useState } from 'react';
import type { CallResult } from './api-port';
import { useStores } from './context';

export type CallState<T> =
  { status: 'loading' } | { status: 'ok'; data: T } | { status: 'failed'; message: string };

/**
 * Runs one Orch call for a page that only reads (payment history, bill dates, wifi info...). The result
 * is a value: a failure is logged through the issue log and shown as the page's inline message, never
 * thrown. `key` names the call for the issue log and re-runs it when it changes.
 */
export function useCall<T>(
  key: string,
  run: () => Promise<CallResult<T>> | null,
  page: string,
): CallState<T> {
  const store = useStores();
  const [state, setState] = useState<CallState<T>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    const pending = run();
    if (!pending) return undefined;
    setState({ status: 'loading' });
    void pending.then((r) => {
      if (!live) return;
      if (r.ok) setState({ status: 'ok', data: r.data });
      else {
        store.logIssue(page, key, r.message);
        setState({ status: 'failed', message: r.message });
      }
    });
    return () => {
      live = false;
    };
    // `run` is a fresh closure each render; `key` says when the call really changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}
