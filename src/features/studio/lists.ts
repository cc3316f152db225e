/**
 * The pending changes and the history, kept for the studio while it is open (issue 31, item 1): a tab
 * shows what is known at once and refreshes it in place; "Loading…" shows only while the first request
 * for a list runs, and a failed request says so instead of loading for ever. The pending changes are read
 * when the studio opens (its start page says what was sent back to the analyst).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Change, StudioApi } from './api';
import { refusalText } from './review';

export interface ListLoad {
  loading: boolean;
  problem: string | null;
}

const IDLE: ListLoad = { loading: false, problem: null };

export function useReviewLists(api: StudioApi) {
  const [changes, setChanges] = useState<{ pending: Change[]; scheduled: Change[] } | null>(null);
  const [history, setHistory] = useState<{ history: Change[]; scheduled: Change[] } | null>(null);
  const [changesState, setChangesState] = useState<ListLoad>({ loading: true, problem: null });
  const [historyState, setHistoryState] = useState<ListLoad>(IDLE);
  // Only the newest request of each list is applied (a refresh started later answers later or not).
  const asked = useRef({ changes: 0, history: 0 });

  // The requests: their answers set the state (a refresh marks the list loading first, from its event).
  const fetchChanges = useCallback(() => {
    const n = ++asked.current.changes;
    api.changes().then(
      (c) => {
        if (n !== asked.current.changes) return;
        setChanges(c);
        setChangesState(IDLE);
      },
      (e: unknown) =>
        n === asked.current.changes && setChangesState({ loading: false, problem: refusalText(e) }),
    );
  }, [api]);
  const fetchHistory = useCallback(() => {
    const n = ++asked.current.history;
    api.history().then(
      (h) => {
        if (n !== asked.current.history) return;
        setHistory(h);
        setHistoryState(IDLE);
      },
      (e: unknown) =>
        n === asked.current.history && setHistoryState({ loading: false, problem: refusalText(e) }),
    );
  }, [api]);
  const refreshChanges = useCallback(() => {
    setChangesState({ loading: true, problem: null });
    fetchChanges();
  }, [fetchChanges]);
  const refreshHistory = useCallback(() => {
    setHistoryState({ loading: true, problem: null });
    fetchHistory();
  }, [fetchHistory]);
  const refresh = useCallback(() => {
    refreshChanges();
    refreshHistory();
  }, [refreshChanges, refreshHistory]);

  // The pending changes are read as the studio opens (marked loading from the start).
  useEffect(() => {
    fetchChanges();
  }, [fetchChanges]);

  return { changes, history, changesState, historyState, refreshChanges, refreshHistory, refresh };
}

export type ReviewLists = ReturnType<typeof useReviewLists>;
