/**
 * Helpers of the rule studio's component tests: a studio API whose calls answer from the test (each can be
 * held until the test lets it answer, to see what the page says meanwhile), recorded changes, sessions, and
 * a render inside the portal's store (the studio's machines run through usePageFlow).
 */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { Change, LiveRules, StudioApi, StudioSession } from '../../src/features/studio/api';
import { StoreProvider } from '../../src/stores/context';
import { makeStore } from './harness';

export async function renderInStore(ui: ReactElement) {
  const store = await makeStore();
  return render(<StoreProvider store={store}>{ui}</StoreProvider>);
}

export function session(id: 'ana' | 'ben', roles = { author: true, approver: true }): StudioSession {
  return {
    analyst: { id, name: id === 'ana' ? 'Ana Alvarez' : 'Ben Brooks' },
    roles,
    csrfToken: 'token',
    requireApproval: true,
    analysts: [],
    previewPersona: null,
  };
}

let n = 0;
/** A recorded change (pending, scheduled, or an entry of the history). */
export function change(over: Partial<Change> = {}): Change {
  n++;
  const id = over.id ?? `${String(n).padStart(4, '0')}${'a'.repeat(36)}`;
  return {
    id,
    reason: 'Warn 45 days before the card expires.',
    author: { name: 'Ana Alvarez', email: 'ana@example.com', date: '2026-03-10T09:00:00+01:00' },
    committer: { name: 'Ana Alvarez', email: 'ana@example.com', date: '2026-03-10T09:00:00+01:00' },
    authorId: 'ana',
    kind: 'change',
    files: ['prepaid-card.json'],
    lines: [
      { file: 'prepaid-card.json', rule: 'card-almost-expired', text: 'card-almost-expired: 60 → 45 days' },
    ],
    diff: '',
    ...over,
  };
}

/** A call the test answers when it wants (`answer`, `refuse`), to see the page while it runs. */
export function held<T>() {
  let answer: (v: T) => void = () => {};
  let refuse: (e: unknown) => void = () => {};
  const promise = new Promise<T>((resolve, reject) => {
    answer = resolve;
    refuse = reject;
  });
  return { promise, answer, refuse };
}

/** Every call of the studio's API, answering from `over` (a call not given rejects, saying so). */
export function fakeStudioApi(over: Partial<StudioApi> = {}): StudioApi {
  const missing = (name: string) => () => Promise.reject(new Error(`${name} was not expected`));
  const names = [
    'live',
    'personas',
    'changes',
    'history',
    'save',
    'version',
    'restore',
    'revertPreview',
    'revert',
    'approve',
    'withdraw',
    'sendBack',
    'preview',
    'rollouts',
    'rolloutEffect',
    'approveShare',
    'setShare',
    'endRollout',
  ] as const;
  // The pending changes' page lists the rollouts as it opens: none unless a test says otherwise.
  const defaults: Partial<StudioApi> = { rollouts: () => Promise.resolve([]) };
  return Object.fromEntries(
    names.map((name) => [name, vi.fn(over[name] ?? defaults[name] ?? missing(name))]),
  ) as unknown as StudioApi;
}

export const live = (over: Partial<LiveRules> = {}): LiveRules => ({
  commit: 'c0ffee',
  files: {},
  context: { codeReads: { constants: [], toggles: [] } },
  today: '2026-03-10',
  now: '2026-03-10T12:00:00',
  handEdit: null,
  ...over,
});
