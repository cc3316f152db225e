/**
 * An unsaved draft survives a reload (issue 31, item 6): the files it changes are kept in the tab's
 * sessionStorage (browser storage, cleared with the tab: a draft of rule files is no secret, and nothing
 * else goes there), bounded, with the live version it was made on; and leaving the page with an unsaved
 * draft asks first (beforeunload). A kept draft comes back only on the same live version: on another one
 * its edits might undo someone's change, so it is dropped and the page says so.
 */
import { useEffect, useMemo } from 'react';
import type { Revising } from './draft-history';
import type { Files } from './model';

/** The most a kept draft may take (characters of JSON): a draft is a change, not a copy of the rules. */
export const KEEP_LIMIT = 512 * 1024;

export interface KeptDraft {
  /** The live version the draft was made on. */
  base: string;
  /** The files the draft changes, by path. */
  files: Files;
  revising: Revising | null;
}

const keyOf = (analyst: string): string => `studio-draft:${analyst}`;

/** Storage injectable for tests; the tab's sessionStorage when there is one. */
const storageOf = (s?: Storage): Storage | null => {
  try {
    return s ?? globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
};

/**
 * Keeps the draft's changed files, or forgets them when there are none. Returns whether the draft is kept
 * (false when it is over the bound or the storage refuses it).
 */
export function keepDraft(analyst: string, draft: KeptDraft, storage?: Storage): boolean {
  const s = storageOf(storage);
  if (!s) return false;
  try {
    if (Object.keys(draft.files).length === 0) {
      s.removeItem(keyOf(analyst));
      return true;
    }
    const text = JSON.stringify(draft);
    if (text.length > KEEP_LIMIT) {
      s.removeItem(keyOf(analyst));
      return false;
    }
    s.setItem(keyOf(analyst), text);
    return true;
  } catch {
    return false;
  }
}

const isFiles = (v: unknown): v is Files =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.values(v).every((t) => typeof t === 'string');

/** The kept draft of this analyst, read and checked for shape (anything else is dropped), or null. */
export function keptDraft(analyst: string, storage?: Storage): KeptDraft | null {
  const s = storageOf(storage);
  if (!s) return null;
  try {
    const text = s.getItem(keyOf(analyst));
    if (text === null || text.length > KEEP_LIMIT) return null;
    const v = JSON.parse(text) as Partial<KeptDraft>;
    if (typeof v.base !== 'string' || !isFiles(v.files)) return null;
    const r = v.revising;
    const revising =
      r && typeof r.id === 'string' && typeof r.reason === 'string'
        ? { id: r.id, reason: r.reason, comment: typeof r.comment === 'string' ? r.comment : null }
        : null;
    return { base: v.base, files: v.files, revising };
  } catch {
    return null;
  }
}

export function forgetDraft(analyst: string, storage?: Storage): void {
  try {
    storageOf(storage)?.removeItem(keyOf(analyst));
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** While the draft has unsaved changes, leaving or reloading the page asks first. */
export function useLeaveGuard(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return undefined;
    const onLeave = (e: BeforeUnloadEvent): void => {
      e.preventDefault();
      // Older Chromium asks only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [unsaved]);
}

/**
 * The draft of the page kept as it changes (its changed files, the live version, the change it revises)
 * and leaving guarded while it has unsaved changes. Returns whether it fits the bound (a draft that does
 * not is not kept: the page says so, and leaving still asks).
 */
export function useKeptDraft(
  analyst: string,
  live: { commit: string; files: Files } | null,
  files: Files,
  revising: Revising | null,
): boolean {
  const changed = useMemo(
    () => (live ? Object.fromEntries(Object.entries(files).filter(([p, t]) => t !== live.files[p])) : {}),
    [files, live],
  );
  const fits = useMemo(
    () => JSON.stringify({ files: changed, revising }).length < KEEP_LIMIT,
    [changed, revising],
  );
  useEffect(() => {
    if (live) keepDraft(analyst, { base: live.commit, files: changed, revising });
  }, [analyst, live, changed, revising]);
  useLeaveGuard(Object.keys(changed).length > 0);
  return fits;
}

/**
 * What to do with a kept draft when the live rules are first read: its files on top of the live ones (the
 * caller makes that one step), on the version it was made on; otherwise it is dropped.
 */
export function takeKeptDraft(
  analyst: string,
  live: { commit: string; files: Files },
): { restored: KeptDraft } | { dropped: true } | null {
  const k = keptDraft(analyst);
  if (!k) return null;
  if (k.base === live.commit && Object.keys(k.files).every((p) => p in live.files)) return { restored: k };
  forgetDraft(analyst);
  return { dropped: true };
}
