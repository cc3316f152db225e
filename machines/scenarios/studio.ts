/** The path scenarios of the rule studio: a draft from edit to approval, the impact run, a review action. */
import { studioDraftMachine, studioDraftMessages } from '../studio-draft.machine';
import { studioImpactMachine, studioImpactMessages } from '../studio-impact.machine';
import { studioReviewMachine } from '../studio-review.machine';
import { studioRolloutMachine } from '../studio-rollout.machine';
import { done, failed, type PathMachine } from './scenario';

export const studioDraft: PathMachine = {
  id: 'studio-draft',
  machine: studioDraftMachine,
  messages: studioDraftMessages,
  scenarios: [
    {
      id: 'analyst-draft',
      given: 'An analyst edits the rules in the studio (approval by a second analyst on or off)',
      // Per state, so the graph stays small: the answers of an actor only where it runs.
      events: (snapshot) => {
        if (snapshot.matches('checking'))
          return [
            done('check', { errors: 0, failingCases: 0, changed: true }),
            done('check', { errors: 1, failingCases: 2, changed: true }),
            done('check', { errors: 0, failingCases: 0, changed: false }),
          ];
        if (snapshot.matches('previewing')) return [done('preview'), failed('preview', 'HTTP 500')];
        if (snapshot.matches('saving'))
          return [
            done('save', { pending: true }),
            done('save', { pending: false }),
            failed('save', 'HTTP 422'),
          ];
        if (snapshot.matches('askingReason'))
          return [
            { type: 'DRAFT.CONFIRM', reason: 'Warn 45 days before the card expires' },
            { type: 'DIALOG.CLOSE' },
          ];
        if (snapshot.matches('pendingApproval'))
          return [{ type: 'CHANGE.APPROVED' }, { type: 'CHANGE.WITHDRAWN' }];
        if (snapshot.matches('live')) return [];
        return [{ type: 'DRAFT.EDIT' }, { type: 'DRAFT.PREVIEW' }, { type: 'DRAFT.SAVE' }];
      },
    },
  ],
};

export const studioImpact: PathMachine = {
  id: 'studio-impact',
  machine: studioImpactMachine,
  messages: studioImpactMessages,
  scenarios: [
    {
      id: 'analyst-measures',
      given: 'An analyst measures the impact of a draft on the 100,000 generated accounts',
      events: (snapshot) =>
        snapshot.matches('running')
          ? [
              { type: 'IMPACT.PROGRESS', done: 25600, total: 100000 },
              { type: 'IMPACT.DONE', accounts: 100000, changedAccounts: 1234, ms: 850 },
              { type: 'IMPACT.FAILED', problems: ['draft: rules/prepaid-card.json is invalid'] },
              { type: 'IMPACT.CANCEL' },
              { type: 'IMPACT.STALE' },
            ]
          : [{ type: 'IMPACT.RUN' }, { type: 'IMPACT.STALE' }],
    },
  ],
};

export const studioReview: PathMachine = {
  id: 'studio-review',
  machine: studioReviewMachine,
  messages: [],
  scenarios: [
    {
      id: 'reviewer-acts',
      given:
        'An analyst acts on a recorded change: approves it now or for later, sends it back, withdraws it',
      events: (snapshot) => {
        if (snapshot.matches('acting'))
          return [
            done('act', 'Approved: Warn 45 days before the card expires. It is live.'),
            failed('act', 'The change was sent back: its author revises it first.'),
          ];
        if (snapshot.matches('asking'))
          return [
            {
              type: 'REVIEW.CONFIRM',
              text: 'Marketing asked for Monday 9:00',
              goLiveAt: '2026-03-16T09:00:00.000Z',
            },
            { type: 'REVIEW.CLOSE' },
          ];
        return [
          { type: 'REVIEW.APPROVE', change: 'c0ffee' },
          { type: 'REVIEW.OPEN', kind: 'send-back', change: 'c0ffee' },
        ];
      },
    },
  ],
};

export const studioRollout: PathMachine = {
  id: 'studio-rollout',
  machine: studioRolloutMachine,
  messages: [],
  scenarios: [
    {
      id: 'approver-rolls-out',
      given:
        'An approver approves a change for a share of accounts, moves the share, ends the rollout or puts it live for everyone',
      events: (snapshot) => {
        if (snapshot.matches('acting'))
          return [
            done('act', 'Approved for 25 % of accounts: Warn 45 days before the card expires.'),
            failed('act', 'Only an approver can set the share of a rollout.'),
          ];
        return [
          { type: 'ROLLOUT.APPROVE', change: 'c0ffee', share: 25, note: 'First week' },
          { type: 'ROLLOUT.SHARE', change: 'c0ffee', share: 50, reason: 'No complaints' },
          { type: 'ROLLOUT.END', change: 'c0ffee', reason: 'Taps fell', complete: false },
        ];
      },
    },
  ],
};
