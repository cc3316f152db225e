/**
 * The review's actions on a change (machines/studio-review.machine.ts) with the studio's effects: the
 * server's calls, the sentence each says when done, and what a button reads while its call runs
 * ("Approving…" from the first click until the server answers).
 */
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  studioReviewMachine,
  type ReviewAct,
  type ReviewKind,
} from '../../../machines/studio-review.machine';
import { usePageFlow } from '../../stores/use-page-flow';
import { StudioError, type Change, type StudioApi } from './api';
import { localTime } from './ChangeView';
import { Holder } from './model';
import { sentence } from './words';

/** What a button of an action reads while its call runs. */
export const BUSY: Readonly<Record<ReviewKind, string>> = {
  approve: 'Approving…',
  schedule: 'Approving…',
  'send-back': 'Sending back…',
  withdraw: 'Withdrawing…',
  cancel: 'Cancelling…',
  revert: 'Proposing…',
  restore: 'Proposing…',
};

/** A refusal in sentences: the server's, then each problem it lists, each ending once. */
export function refusalText(e: unknown): string {
  if (e instanceof StudioError) return [e.message, ...e.problems].map(sentence).join(' ');
  return sentence(e instanceof Error ? e.message : String(e));
}

/** What the studio hands the act actor besides the machine's input: the change and a revert's figures. */
export interface ReviewSide {
  changes: readonly Change[];
  /** The impact figures of the revert or restore being proposed (measured in its dialog). */
  impact?: unknown;
}

/** The server's call for an action, and the sentence it says once done. */
async function act(api: StudioApi, side: ReviewSide, input: ReviewAct): Promise<string> {
  const c = side.changes.find((x) => x.id === input.change);
  const reason = c?.reason ?? input.change.slice(0, 8);
  try {
    switch (input.kind) {
      case 'approve':
        await api.approve(input.change);
        return `${sentence(`Approved: ${reason}`)} It is live.`;
      case 'schedule':
        await api.approve(input.change, { goLiveAt: input.goLiveAt, note: input.text });
        return `${sentence(`Approved: ${reason}`)} It goes live on ${localTime(input.goLiveAt ?? '')}.`;
      case 'send-back':
        await api.sendBack(input.change, input.text);
        return sentence(`Sent back: ${reason}`);
      case 'withdraw':
        await api.withdraw(input.change, input.text);
        return sentence(`Withdrawn: ${reason}`);
      case 'cancel':
        await api.withdraw(input.change, input.text);
        return sentence(`Cancelled: ${reason}`);
      case 'revert':
      case 'restore': {
        const call = input.kind === 'restore' ? api.restore : api.revert;
        const r = await call(input.change, input.text, side.impact);
        return r.pending
          ? `The ${input.kind} waits for a second analyst’s approval.`
          : `${input.kind === 'restore' ? 'Restored' : 'Reverted'}: it is live.`;
      }
    }
  } catch (e) {
    throw new Error(refusalText(e));
  }
}

/**
 * The review machine of a list (pending changes, history) with the studio's effects. `changed` runs once an
 * action is done (the lists are refreshed); `side` is read when an action runs.
 */
export function useReview(api: StudioApi, changed: () => void) {
  const [side] = useState(() => new Holder<ReviewSide>({ changes: [] }));
  const [after] = useState(() => new Holder(changed));
  useEffect(() => {
    after.set(changed);
  });
  const [machine] = useState(() =>
    studioReviewMachine.provide({
      actors: { act: fromPromise<string, ReviewAct>(({ input }) => act(api, side.current, input)) },
      actions: { changed: () => after.current() },
    }),
  );
  const [snapshot, send] = usePageFlow('studio-review', machine);
  const acting = snapshot.matches('acting');
  /** What the button of this action on this change reads now: its busy text while it runs, else null. */
  const busy = (kind: ReviewKind, change: string): string | null =>
    acting && snapshot.context.change === change && snapshot.context.kind === kind ? BUSY[kind] : null;
  return { snapshot, send, side, acting, busy };
}

export type Review = ReturnType<typeof useReview>;
