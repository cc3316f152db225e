// @vitest-environment happy-dom
/**
 * The studio's review as a conversation (issue 31, items 1, 2 and 5): the pending changes and the history
 * show what is known and refresh in place ("Loading…" only while the first request runs, a failure said);
 * every action says what it is doing from the first click ("Approving…", "Sending back…", "Proposing…")
 * until the server answers; buttons are short with unique names; the approver's note goes with a scheduled
 * approval and shows in the history, in the tense of the moment; every round of comments is shown; no
 * sentence ends in "..".
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Change, StudioApi } from '../../src/features/studio/api';
import { StudioError } from '../../src/features/studio/api';
import { HistoryView } from '../../src/features/studio/HistoryView';
import { useReviewLists } from '../../src/features/studio/lists';
import { ChangesView } from '../../src/features/studio/PendingView';
import { SentBackNotice } from '../../src/features/studio/route';
import { change, fakeStudioApi, held, live, renderInStore, session } from './studio-support';

afterEach(cleanup);

const NOW = Date.parse('2026-03-10T12:00:00');

function Pending({
  api,
  me,
  onRevise = () => {},
}: {
  api: StudioApi;
  me: 'ana' | 'ben';
  onRevise?: (c: Change) => void;
}) {
  const lists = useReviewLists(api);
  return (
    <>
      <button type="button" onClick={lists.refresh}>
        Refresh the lists
      </button>
      <ChangesView
        api={api}
        session={session(me)}
        lists={lists}
        clock={() => NOW}
        onLive={() => {}}
        onRevise={onRevise}
      />
    </>
  );
}

function History({ api }: { api: StudioApi }) {
  const lists = useReviewLists(api);
  return (
    <>
      <button type="button" onClick={lists.refreshHistory}>
        Read the history
      </button>
      <HistoryView
        api={api}
        session={session('ben')}
        live={live()}
        lists={lists}
        clock={() => NOW}
        onRestored={() => {}}
      />
    </>
  );
}

/** No text on the page ends a sentence twice. */
const expectNoDoubleStop = () => expect(document.body.textContent).not.toMatch(/\.\.(?!\.)|\.\s*\.$/);

describe('pending changes', () => {
  it('says "Approving…" from the first click until the server answers, then what it did', async () => {
    const user = userEvent.setup();
    const pending = change();
    const approval = held<unknown>();
    const api = fakeStudioApi({
      changes: () => Promise.resolve({ pending: [pending], scheduled: [] }),
      history: () => Promise.resolve({ history: [], scheduled: [] }),
      approve: () => approval.promise,
    });
    await renderInStore(<Pending api={api} me="ben" />);
    const approve = await screen.findByRole('button', { name: `Approve “${pending.reason}”` });
    await user.click(approve);
    expect(approve).toHaveTextContent('Approving…');
    expect(approve).toHaveAttribute('aria-disabled', 'true');
    // Nothing else can start meanwhile, and a second click sends nothing.
    expect(screen.getByRole('button', { name: /^Send back/ })).toBeDisabled();
    await user.click(approve);
    expect(api.approve).toHaveBeenCalledTimes(1);
    expect(api.approve).toHaveBeenCalledWith(pending.id);
    await act(async () => {
      approval.answer({ id: pending.id });
      await approval.promise;
    });
    // The reason ends with a full stop: the sentence still ends once.
    expect(
      await screen.findByText('Approved: Warn 45 days before the card expires. It is live.'),
    ).toBeInTheDocument();
    expectNoDoubleStop();
  });

  it('moves focus to what was said once the change acted on has left the list', async () => {
    const user = userEvent.setup();
    const pending = change();
    let listed = [pending];
    const api = fakeStudioApi({
      changes: () => Promise.resolve({ pending: listed, scheduled: [] }),
      history: () => Promise.resolve({ history: [], scheduled: [] }),
      approve: () => {
        listed = [];
        return Promise.resolve({ id: pending.id });
      },
    });
    await renderInStore(<Pending api={api} me="ben" />);
    await user.click(await screen.findByRole('button', { name: `Approve “${pending.reason}”` }));
    await screen.findByText('No change waits for approval.');
    await waitFor(() =>
      expect(document.activeElement).toHaveTextContent(
        'Approved: Warn 45 days before the card expires. It is live.',
      ),
    );
  });

  it('keeps buttons short: the reason is in their names, not their text; every name is unique', async () => {
    const a = change({ reason: 'Warn 45 days before the card expires' });
    const b = change({ reason: 'Show the rewards section to business accounts too' });
    const api = fakeStudioApi({
      changes: () => Promise.resolve({ pending: [a, b], scheduled: [] }),
      history: () => Promise.resolve({ history: [], scheduled: [] }),
    });
    await renderInStore(<Pending api={api} me="ben" />);
    await screen.findByRole('button', { name: `Approve “${a.reason}”` });
    const buttons = screen.getAllByRole('button').filter((x) => x.closest('article'));
    const visible = buttons.map((x) => x.textContent);
    expect(visible).toEqual(['Approve', 'Schedule…', 'Send back…', 'Approve', 'Schedule…', 'Send back…']);
    const names = buttons.map((x) => x.getAttribute('aria-label'));
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain(`Send back “${b.reason}”…`);
  });

  it('sends back with a comment: the dialog says "Sending back…" until the server answers', async () => {
    const user = userEvent.setup();
    const pending = change();
    const answer = held<unknown>();
    const api = fakeStudioApi({
      changes: () => Promise.resolve({ pending: [pending], scheduled: [] }),
      history: () => Promise.resolve({ history: [], scheduled: [] }),
      sendBack: () => answer.promise,
    });
    await renderInStore(<Pending api={api} me="ben" />);
    const opener = await screen.findByRole('button', { name: `Send back “${pending.reason}”…` });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Send this change back' });
    await user.type(within(dialog).getByLabelText('Comment for the author'), 'Say 45 days in the reason');
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(within(dialog).getByRole('button', { name: 'Sending back…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(api.sendBack).toHaveBeenCalledWith(pending.id, 'Say 45 days in the reason');
    await act(async () => {
      answer.answer({ sentBack: true });
      await answer.promise;
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Sent back: Warn 45 days before the card expires.')).toBeInTheDocument();
    // Focus returns to what the analyst acted on.
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("says the server's refusal in the dialog, in sentences", async () => {
    const user = userEvent.setup();
    const pending = change();
    const api = fakeStudioApi({
      changes: () => Promise.resolve({ pending: [pending], scheduled: [] }),
      history: () => Promise.resolve({ history: [], scheduled: [] }),
      withdraw: () =>
        Promise.reject(new StudioError(403, 'Only its author withdraws a change.', ['Ask Ana.'])),
    });
    await renderInStore(<Pending api={api} me="ana" />);
    await user.click(await screen.findByRole('button', { name: `Withdraw “${pending.reason}”…` }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw this change' });
    await user.type(within(dialog).getByLabelText('Reason for withdrawing it'), 'Not needed');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only its author withdraws a change. Ask Ana.',
    );
    expectNoDoubleStop();
  });

  it("schedules with the approver's note: the note and the time go with the approval", async () => {
    const user = userEvent.setup();
    const pending = change();
    const api = fakeStudioApi({
      changes: () => Promise.resolve({ pending: [pending], scheduled: [] }),
      history: () => Promise.resolve({ history: [], scheduled: [] }),
      approve: () => Promise.resolve({ id: pending.id, scheduled: true }),
    });
    await renderInStore(<Pending api={api} me="ben" />);
    await user.click(await screen.findByRole('button', { name: `Schedule “${pending.reason}”…` }));
    const dialog = screen.getByRole('dialog', { name: 'Approve and schedule' });
    await user.type(within(dialog).getByLabelText('Go live at'), '2026-03-16T09:00');
    await user.type(
      within(dialog).getByLabelText('Note for the record (who asked for this time)'),
      'Marketing asked for Monday 9:00',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Approve and schedule' }));
    await waitFor(() =>
      expect(api.approve).toHaveBeenCalledWith(pending.id, {
        goLiveAt: new Date('2026-03-16T09:00').toISOString(),
        note: 'Marketing asked for Monday 9:00',
      }),
    );
    expect(
      await screen.findByText(/^Approved: Warn 45 days before the card expires\. It goes live on /),
    ).toBeInTheDocument();
    expectNoDoubleStop();
  });

  it('shows every round of the review to every reviewer, their own earlier comment too', async () => {
    const first = change({ reason: 'Warn 50 days before the card expires' });
    const revised = change({ reason: 'Warn 45 days before the card expires' });
    const sentBack = change({
      kind: 'sent-back',
      reason: 'The rule says 45 days: fix the reason',
      author: { name: 'Ben Brooks', email: 'ben@example.com', date: '2026-03-10T10:00:00+01:00' },
      authorId: 'ben',
      about: { id: first.id, reason: first.reason },
      files: [],
      lines: [],
    });
    const replaced = change({
      kind: 'withdrawn',
      reason: `Replaced by the revised change “${revised.reason}”`,
      author: { name: 'Ana Alvarez', email: 'ana@example.com', date: '2026-03-10T11:00:00+01:00' },
      about: { id: first.id, reason: first.reason },
      files: [],
      lines: [],
    });
    const api = fakeStudioApi({
      changes: () => Promise.resolve({ pending: [revised], scheduled: [] }),
      history: () => Promise.resolve({ history: [replaced, sentBack], scheduled: [] }),
    });
    await renderInStore(<Pending api={api} me="ben" />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Refresh the lists' }));
    const thread = await screen.findByRole('region', { name: `Review of “${revised.reason}”` });
    const rounds = within(thread)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rounds).toHaveLength(2);
    expect(rounds[0]).toMatch(
      /^Ben Brooks sent “Warn 50 days before the card expires” back on .*: “The rule says 45 days: fix the reason”$/,
    );
    expect(rounds[1]).toMatch(
      /^Ana Alvarez revised “Warn 50 days before the card expires” on .*, as “Warn 45 days before the card expires”\.$/,
    );
  });

  it('shows "Loading…" only while the first request runs, then refreshes in place; a failure is said', async () => {
    const user = userEvent.setup();
    const first = held<{ pending: Change[]; scheduled: Change[] }>();
    const second = held<{ pending: Change[]; scheduled: Change[] }>();
    const answers = [first, second];
    const pending = change();
    const api = fakeStudioApi({
      changes: () => answers.shift()!.promise,
      history: () => Promise.reject(new StudioError(500, 'The server answered 500')),
    });
    await renderInStore(<Pending api={api} me="ben" />);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await act(async () => {
      first.answer({ pending: [pending], scheduled: [] });
      await first.promise;
    });
    expect(screen.queryByText('Loading…')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Refresh the lists' }));
    // What is known stays shown while it is refreshed.
    expect(screen.getByRole('article', { name: `Change: ${pending.reason}` })).toBeInTheDocument();
    expect(screen.getByText('Refreshing…')).toBeInTheDocument();
    await act(async () => {
      second.refuse(new StudioError(0, 'The server could not be reached'));
      await second.promise.catch(() => {});
    });
    expect(screen.queryByText(/Loading…|Refreshing…/)).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Could not refresh the pending changes: The server could not be reached.',
    );
    expect(screen.getByRole('article', { name: `Change: ${pending.reason}` })).toBeInTheDocument();
  });
});

describe('on arrival', () => {
  it('tells the author what was sent back, by whom, with the comment, and offers to revise it', async () => {
    const user = userEvent.setup();
    const onRevise = vi.fn();
    const mine = change({
      sentBack: { by: 'Ben Brooks', comment: 'Say 45 days', date: '2026-03-10T10:00:00+01:00' },
    });
    const theirs = change({
      authorId: 'ben',
      sentBack: { by: 'Ana Alvarez', comment: 'No', date: '2026-03-10T10:00:00+01:00' },
    });
    await renderInStore(
      <SentBackNotice
        changes={[mine, theirs]}
        analyst="ana"
        revising={null}
        onRevise={onRevise}
        onReview={() => {}}
      />,
    );
    const notice = screen.getByRole('region', { name: 'Your change was sent back' });
    expect(notice).toHaveTextContent(
      /Ben Brooks sent “Warn 45 days before the card expires\.” back on .*: “Say 45 days”/,
    );
    await user.click(within(notice).getByRole('button', { name: `Revise “${mine.reason}”` }));
    expect(onRevise).toHaveBeenCalledWith(mine);
  });
});

describe('history', () => {
  it('speaks in the tense of the moment and shows the approver’s note', async () => {
    const went = change({
      reason: 'Went live this morning',
      goLive: '2026-03-10T08:00:00+01:00',
      approvedBy: 'Ben Brooks <ben@example.com>',
      approvalNote: 'Marketing asked for 8:00',
    });
    const waits = change({
      reason: 'Goes live tonight',
      goLive: '2026-03-10T22:00:00+01:00',
      approvedBy: 'Ben Brooks <ben@example.com>',
    });
    const api = fakeStudioApi({
      history: () => Promise.resolve({ history: [went], scheduled: [waits] }),
    });
    await renderInStore(<History api={api} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Read the history' }));
    const live = await screen.findByRole('article', { name: 'Change: Went live this morning' });
    expect(live).toHaveTextContent(/approved by Ben Brooks; went live at .*\./);
    expect(live).toHaveTextContent('Approver’s note for the record: “Marketing asked for 8:00”');
    const scheduled = screen.getByRole('article', { name: 'Change: Goes live tonight' });
    expect(scheduled).toHaveTextContent(/; goes live at /);
    expectNoDoubleStop();
  });

  it('proposes a revert: "Proposing…" from the click until the server answers', async () => {
    const user = userEvent.setup();
    const entry = change();
    const proposal = held<{ id: string; pending: boolean }>();
    const api = fakeStudioApi({
      history: () => Promise.resolve({ history: [entry], scheduled: [] }),
      revertPreview: () => Promise.resolve({ files: {}, lines: [entry.lines[0]!], diff: '' }),
      revert: () => proposal.promise,
    });
    await renderInStore(<History api={api} />);
    await user.click(screen.getByRole('button', { name: 'Read the history' }));
    await user.click(await screen.findByRole('button', { name: `Revert “${entry.reason}”…` }));
    const dialog = screen.getByRole('dialog', { name: 'Revert this change' });
    // Its impact cannot be measured here (no worker): it is proposed without figures.
    await within(dialog).findByText(/Its impact could not be measured/);
    await user.type(within(dialog).getByLabelText('Reason for the revert'), 'Back to 60 days');
    await user.click(within(dialog).getByRole('button', { name: 'Propose the revert' }));
    expect(within(dialog).getByRole('button', { name: 'Proposing…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(api.revert).toHaveBeenCalledWith(entry.id, 'Back to 60 days', undefined);
    await act(async () => {
      proposal.answer({ id: 'new', pending: true });
      await proposal.promise;
    });
    expect(await screen.findByText('The revert waits for a second analyst’s approval.')).toBeInTheDocument();
  });
});
