// @vitest-environment happy-dom
/**
 * Gradual rollout in the studio (issue 32 item 1): an approver approves another analyst's change for a share
 * of accounts, seeing the expected count at that share; a rollout is raised, lowered, ended or put live for
 * everyone, each with a reason.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  LiveEffect,
  Change,
  RolloutEntry,
  StudioApi,
  StudioSession,
} from '../../src/features/studio/api';
import type { ReviewLists } from '../../src/features/studio/lists';
import { expectedAt, RolloutsView } from '../../src/features/studio/RolloutsView';
import { renderInStore } from './studio-support';

afterEach(cleanup);

const session = {
  analyst: { id: 'ben', name: 'Ben Brooks', email: 'ben.brooks@provider.example' },
  roles: { author: true, approver: true },
  csrfToken: 't',
  requireApproval: true,
} as unknown as StudioSession;

const change = {
  id: 'a1b2c3d4e5f6a7b8',
  reason: 'Warn 45 days before',
  author: { name: 'Ana Alvarez', email: 'ana@x', date: '2026-11-26T09:00:00Z' },
  authorId: 'ana',
  kind: 'change',
  impact: { accounts: 100_000, changedAccounts: 270, decisions: [] },
  files: ['prepaid-card.json'],
  lines: [],
  diff: '',
} as unknown as Change;

const EVERY_SERVER: LiveEffect = {
  sides: {
    live: {
      homes: 40,
      shown: { 'prepaid-card-alert': 10 },
      tapped: { 'prepaid-card-alert': 4 },
      completed: { 'prepaid-card-alert': 1 },
      customers: {
        home: 30,
        shown: { 'prepaid-card-alert': 8 },
        tapped: { 'prepaid-card-alert': 3 },
        completed: { 'prepaid-card-alert': 1 },
      },
    },
    new: {
      homes: 40,
      shown: {},
      tapped: {},
      customers: { home: 35, shown: {}, tapped: {}, completed: {} },
    },
  },
  source: 'prometheus',
  since: '2026-11-26T09:00:00Z',
};

const rollout: RolloutEntry = {
  change: 'a1b2c3d4e5f6',
  summary: 'card-almost-expired: 60 → 45 days',
  share: 50,
  setBy: 'Ben Brooks',
  setAt: '2026-11-26T09:00:00Z',
  files: ['prepaid-card.json'],
};

function fake(rollouts: RolloutEntry[] = [], effect: LiveEffect = EVERY_SERVER) {
  const calls: unknown[][] = [];
  const api = {
    rollouts: () => Promise.resolve(rollouts),
    rolloutEffect: () => Promise.resolve(effect),
    approveShare: (...a: unknown[]) => (calls.push(['approveShare', ...a]), Promise.resolve({})),
    setShare: (...a: unknown[]) => (calls.push(['setShare', ...a]), Promise.resolve({})),
    endRollout: (...a: unknown[]) => (calls.push(['endRollout', ...a]), Promise.resolve({})),
  } as unknown as StudioApi;
  const lists = {
    changes: { pending: [change], scheduled: [] },
    refresh: () => undefined,
  } as unknown as ReviewLists;
  return { api, lists, calls };
}

describe('gradual rollout in the studio', () => {
  it('expects the share of the accounts whose decisions change', () => {
    expect(expectedAt(change.impact, 25)).toBe(
      'about 68 of 100,000 accounts (25 % of the 270 whose decisions change)',
    );
    expect(expectedAt(undefined, 25)).toBeNull();
  });

  it('approves a change for the share chosen, the expected count beside it', async () => {
    const { api, lists, calls } = fake();
    await renderInStore(<RolloutsView api={api} session={session} lists={lists} onLive={() => undefined} />);
    expect(await screen.findByText('No change is rolled out to a share of accounts.')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: '50 %' }));
    expect(
      screen.getByText(
        'Expected at 50 %: about 135 of 100,000 accounts (50 % of the 270 whose decisions change).',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Approve for 50 %' }));
    await waitFor(() => expect(calls).toEqual([['approveShare', change.id, 50, undefined]]));
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Approved for 50 % of accounts: Warn 45 days before.',
    );
  });

  it('asks why before it lowers, ends or completes a rollout, then sends the share and the reason', async () => {
    const { api, lists, calls } = fake([rollout]);
    await renderInStore(<RolloutsView api={api} session={session} lists={lists} onLive={() => undefined} />);
    const item = await screen.findByRole('article', { name: `Rollout: ${rollout.summary}` });
    expect(item.textContent).toContain('50 % of accounts, set by Ben Brooks');
    // The live effect per side, every server's through Prometheus: the alert shown to 8 customers (10 homes)
    // on the live side only, tapped 4 times by 3 of those 8, and its flow completed by one.
    const table = await screen.findByRole('table', {
      name: /^Live effect: every server’s counts since the share was set \(/,
    });
    const row = screen.getByRole('row', { name: /Showed prepaid-card-alert/ });
    expect(table.contains(row)).toBe(true);
    const cells = (name: RegExp) =>
      [...screen.getByRole('row', { name }).querySelectorAll('td')].map((td) => td.textContent);
    expect(cells(/^Homes shown/)).toEqual(['30 customers · 40 homes', '35 customers · 40 homes']);
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '8 customers (27 %) · 10 homes',
      '0 customers (0 %) · 0 homes',
    ]);
    expect(cells(/^Tapped prepaid-card-alert/)).toEqual([
      '3 customers (38 %) · 4 taps',
      '0 customers · 0 taps',
    ]);
    expect(cells(/^Completed the flow of prepaid-card-alert/)).toEqual([
      '1 customer (13 %) · 1 flow',
      '0 customers · 0 flows',
    ]);
    await userEvent.selectOptions(screen.getByLabelText('New share'), '5');
    await userEvent.click(
      screen.getByRole('button', { name: `Set the share to 5 % for “${rollout.summary}”` }),
    );
    expect(calls).toEqual([]);
    const why = screen.getByLabelText('Why (the history keeps it)');
    expect(document.activeElement).toBe(why);
    expect(why.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(why, 'Calls to support rose');
    await userEvent.click(
      screen.getByRole('button', { name: `Set the share to 5 % for “${rollout.summary}”` }),
    );
    await waitFor(() => expect(calls).toEqual([['setShare', rollout.change, 5, 'Calls to support rose']]));
    await userEvent.click(screen.getByRole('button', { name: `Put live for everyone “${rollout.summary}”` }));
    await waitFor(() =>
      expect(calls[1]).toEqual(['endRollout', rollout.change, 'Calls to support rose', true]),
    );
  });

  it("runs one action at a time (machines/studio-rollout.machine.ts) and shows a refusal in the server's words", async () => {
    const { api, lists, calls } = fake([rollout]);
    let refuse!: (e: Error) => void;
    api.setShare = (...a: unknown[]) => {
      calls.push(['setShare', ...a]);
      return new Promise((_, reject) => (refuse = reject));
    };
    await renderInStore(<RolloutsView api={api} session={session} lists={lists} onLive={() => undefined} />);
    await screen.findByRole('article', { name: `Rollout: ${rollout.summary}` });
    await userEvent.type(screen.getByLabelText('Why (the history keeps it)'), 'Calls to support rose');
    const set = screen.getByRole('button', { name: `Set the share to 50 % for “${rollout.summary}”` });
    await userEvent.click(set);
    // While the server has not answered, another action sends nothing.
    await userEvent.click(set);
    await userEvent.click(screen.getByRole('button', { name: `End the rollout of “${rollout.summary}”` }));
    expect(calls).toEqual([['setShare', rollout.change, 50, 'Calls to support rose']]);
    refuse(new Error('Only an approver can set the share of a rollout'));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Only an approver can set the share of a rollout.',
    );
    expect(screen.getByRole('status').textContent).toBe('');
    // The next try is sent, and its refusal gone once it is.
    await userEvent.click(screen.getByRole('button', { name: `End the rollout of “${rollout.summary}”` }));
    await waitFor(() =>
      expect(calls[1]).toEqual(['endRollout', rollout.change, 'Calls to support rose', false]),
    );
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'The rollout ended: every account has the live rules.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says when the counts are this server's alone, and why", async () => {
    const { api, lists } = fake([rollout], {
      ...EVERY_SERVER,
      source: 'server',
      problem: 'Prometheus did not answer within 3 s',
    });
    await renderInStore(<RolloutsView api={api} session={session} lists={lists} onLive={() => undefined} />);
    expect(
      await screen.findByRole('table', { name: 'Live effect: this server’s counts since it started' }),
    ).toBeTruthy();
    expect(
      screen.getByText('Every server’s counts are not available: Prometheus did not answer within 3 s.'),
    ).toBeTruthy();
  });
});
