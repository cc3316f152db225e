// @vitest-environment happy-dom
/**
 * The studio and the keyboard (issue 31, item 6): focus goes back to what the analyst acted on when a dialog
 * goes (applied, cancelled, closed), never to the top of the page; Undo and Redo answer Ctrl/Cmd+Z,
 * Ctrl/Cmd+Shift+Z and Ctrl+Y outside text fields and dialogs; an unsaved draft survives a reload (bounded,
 * on the live version it was made on) and leaving with one asks first.
 */
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDraftHistory } from '../../src/features/studio/draft-history';
import {
  KEEP_LIMIT,
  keepDraft,
  keptDraft,
  takeKeptDraft,
  useKeptDraft,
} from '../../src/features/studio/draft-keep';
import { stepKey, useDraftSteps } from '../../src/features/studio/focus';
import { ReasonDialog } from '../../src/features/studio/ReasonDialog';
import { SaveBar } from '../../src/features/studio/SaveBar';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('focus', () => {
  function Opener() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button">Something else</button>
        <button type="button" onClick={() => setOpen(true)}>
          Send back “Warn 45 days”…
        </button>
        {open ? (
          <ReasonDialog
            title="Send this change back"
            intro="Its author sees your comment."
            label="Comment for the author"
            submit="Send back"
            problem={null}
            onClose={() => setOpen(false)}
            onSubmit={() => setOpen(false)}
          />
        ) : null}
      </>
    );
  }

  it('goes back to what opened a dialog once the dialog is gone, whether cancelled or done', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Send back “Warn 45 days”…' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(opener).toHaveFocus());
    await user.click(opener);
    await user.type(screen.getByLabelText('Comment for the author'), 'Say 45 days');
    await user.click(screen.getByRole('button', { name: 'Send back' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('says the busy state in the dialog and keeps it open: no second submit, no cancel', async () => {
    const user = userEvent.setup();
    let sent = 0;
    let closed = 0;
    render(
      <ReasonDialog
        title="Withdraw this change"
        intro="x"
        label="Reason for withdrawing it"
        submit="Withdraw"
        problem={null}
        busy="Withdrawing…"
        onClose={() => closed++}
        onSubmit={() => sent++}
      />,
    );
    await user.type(screen.getByLabelText('Reason for withdrawing it'), 'Not needed');
    await user.click(screen.getByRole('button', { name: 'Withdrawing…' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect([sent, closed]).toEqual([0, 0]);
    expect(screen.getByRole('status')).toHaveTextContent('Withdrawing…');
  });
});

describe('undo and redo on the usual keys', () => {
  it('reads the shortcuts', () => {
    const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>>) =>
      stepKey({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
    expect(key('z', { ctrlKey: true })).toBe('undo');
    expect(key('z', { metaKey: true })).toBe('undo');
    expect(key('Z', { ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(key('z', { metaKey: true, shiftKey: true })).toBe('redo');
    expect(key('y', { ctrlKey: true })).toBe('redo');
    expect(key('z', {})).toBeNull();
    expect(key('z', { ctrlKey: true, altKey: true })).toBeNull();
  });

  function Draft() {
    const draft = useDraftHistory({ 'prepaid-card.json': '60' });
    const { undoStep, redoStep, stepSaid } = useDraftSteps(draft);
    return (
      <>
        <p>Value {draft.files['prepaid-card.json']}</p>
        <button
          type="button"
          onClick={() =>
            draft.edit("Edit rule #3 'card-almost-expired'", () => ({ 'prepaid-card.json': '45' }))
          }
        >
          Edit
        </button>
        <label>
          Name of case 1 <input defaultValue="x" />
        </label>
        <SaveBar
          draft={draft}
          changed={[]}
          requireApproval
          checking={false}
          saving={false}
          stepSaid={stepSaid}
          onSave={() => {}}
          onDiscard={() => {}}
          onUndo={undoStep}
          onRedo={redoStep}
        />
      </>
    );
  }

  it('undoes and redoes the draft’s step from anywhere but a text field, saying which step', async () => {
    const user = userEvent.setup();
    render(<Draft />);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByText('Value 45')).toBeInTheDocument();
    // Focus is on the Edit button, as after Apply.
    await user.keyboard('{Control>}z{/Control}');
    expect(screen.getByText('Value 60')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent("Undone: Edit rule #3 'card-almost-expired'");
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(screen.getByText('Value 45')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent("Redone: Edit rule #3 'card-almost-expired'");
    await user.keyboard('{Meta>}z{/Meta}');
    await user.keyboard('{Control>}y{/Control}');
    expect(screen.getByText('Value 45')).toBeInTheDocument();
    // In a text field the keys are the field's own.
    await user.click(screen.getByLabelText('Name of case 1'));
    await user.keyboard('{Control>}z{/Control}');
    expect(screen.getByText('Value 45')).toBeInTheDocument();
    // The buttons name their shortcuts.
    expect(screen.getByRole('button', { name: /^Undo/ })).toHaveAttribute(
      'aria-keyshortcuts',
      'Control+Z Meta+Z',
    );
  });

  it('says "Saving…" on the save button while the server records the change', () => {
    const { result } = renderHook(() => useDraftHistory({}));
    render(
      <SaveBar
        draft={result.current}
        changed={['prepaid-card.json']}
        requireApproval
        checking={false}
        saving
        stepSaid=""
        onSave={() => {}}
        onDiscard={() => {}}
        onUndo={() => {}}
        onRedo={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Saving…' })).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('a draft across a reload', () => {
  const live = { commit: 'c0ffee', files: { 'prepaid-card.json': '60', 'brand.json': 'b' } };

  it('keeps the changed files, bounded, and gives them back on the same live version only', () => {
    expect(keepDraft('ana', { base: 'c0ffee', files: { 'prepaid-card.json': '45' }, revising: null })).toBe(
      true,
    );
    expect(keptDraft('ana')).toEqual({
      base: 'c0ffee',
      files: { 'prepaid-card.json': '45' },
      revising: null,
    });
    // Another analyst of the same tab has nothing kept.
    expect(keptDraft('ben')).toBeNull();
    expect(takeKeptDraft('ana', live)).toEqual({
      restored: { base: 'c0ffee', files: { 'prepaid-card.json': '45' }, revising: null },
    });
    // On another live version it is dropped, and forgotten.
    expect(takeKeptDraft('ana', { ...live, commit: 'decaf' })).toEqual({ dropped: true });
    expect(keptDraft('ana')).toBeNull();
    // Too large: not kept (the page says so; leaving still asks).
    const big = 'x'.repeat(KEEP_LIMIT);
    expect(keepDraft('ana', { base: 'c0ffee', files: { 'prepaid-card.json': big }, revising: null })).toBe(
      false,
    );
    expect(keptDraft('ana')).toBeNull();
    // No change: nothing kept.
    keepDraft('ana', { base: 'c0ffee', files: { 'prepaid-card.json': '45' }, revising: null });
    keepDraft('ana', { base: 'c0ffee', files: {}, revising: null });
    expect(keptDraft('ana')).toBeNull();
  });

  it('reads only a kept draft of the right shape', () => {
    sessionStorage.setItem('studio-draft:ana', JSON.stringify({ base: 'c0ffee', files: { a: 1 } }));
    expect(keptDraft('ana')).toBeNull();
    sessionStorage.setItem('studio-draft:ana', '{not json');
    expect(keptDraft('ana')).toBeNull();
  });

  it('keeps the draft as it changes, and asks before leaving while it has unsaved changes', () => {
    const { rerender, result } = renderHook(
      ({ files }: { files: Record<string, string> }) => useKeptDraft('ana', live, files, null),
      { initialProps: { files: live.files } },
    );
    const leave = () => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(leave()).toBe(false);
    rerender({ files: { ...live.files, 'prepaid-card.json': '45' } });
    expect(result.current).toBe(true);
    expect(keptDraft('ana')?.files).toEqual({ 'prepaid-card.json': '45' });
    expect(leave()).toBe(true);
    act(() => rerender({ files: live.files }));
    expect(leave()).toBe(false);
    expect(keptDraft('ana')).toBeNull();
  });
});
