// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Dialog } from '../../src/ui/Dialog';
import { byId, handFocusTo, useTakeHandedFocus } from '../../src/ui/focus';

/** An outcome that appears after the action, as a decision renders it: it takes a focus handed to it. */
function Outcome() {
  useTakeHandedFocus();
  return (
    <p id="outcome" tabIndex={-1}>
      Done
    </p>
  );
}

/** A card whose button opens a dialog, and whose outcome replaces it when `done`. */
function Card({ done, open }: { done: boolean; open: boolean }) {
  return (
    <>
      <button type="button">Other</button>
      {done ? <Outcome /> : <button type="button">Act</button>}
      <Dialog open={open} title="Sure?" onClose={() => {}}>
        <button type="button">Yes</button>
      </Dialog>
    </>
  );
}

afterEach(() => {
  cleanup();
  // Leave no hand-off waiting for the next test: a key press drops it.
  fireEvent.keyDown(document.body, { key: 'Shift' });
});

describe('a focus handed on after an action whose control leaves', () => {
  it('moves at once to a target already in the document', () => {
    render(<Card done={false} open={false} />);
    render(
      <h1 id="heading" tabIndex={-1}>
        Hi
      </h1>,
    );
    act(() => handFocusTo(byId('heading')));
    expect(screen.getByRole('heading', { name: 'Hi' })).toHaveFocus();
  });

  it('waits for a target that a later render brings, and moves when it appears', () => {
    const { rerender } = render(<Card done={false} open={false} />);
    screen.getByRole('button', { name: 'Act' }).focus();
    act(() => handFocusTo(byId('outcome')));
    expect(screen.getByRole('button', { name: 'Act' })).toHaveFocus();
    rerender(<Card done open={false} />);
    expect(screen.getByText('Done')).toHaveFocus();
  });

  it("is dropped by the customer's next key press: a target appearing later takes nothing", () => {
    const { rerender } = render(<Card done={false} open={false} />);
    act(() => handFocusTo(byId('outcome')));
    const other = screen.getByRole('button', { name: 'Other' });
    other.focus();
    fireEvent.keyDown(other, { key: 'Tab' });
    rerender(<Card done open={false} />);
    expect(other).toHaveFocus();
  });

  it('is dropped by a pointer press too', () => {
    const { rerender } = render(<Card done={false} open={false} />);
    act(() => handFocusTo(byId('outcome')));
    const other = screen.getByRole('button', { name: 'Other' });
    other.focus();
    fireEvent.pointerDown(other);
    rerender(<Card done open={false} />);
    expect(other).toHaveFocus();
  });

  it('goes, when a dialog closes, to the waiting target instead of back to the opener', () => {
    function Flow() {
      const [state, setState] = useState<'idle' | 'open' | 'done'>('idle');
      return (
        <>
          <p id="elsewhere" tabIndex={-1}>
            Elsewhere
          </p>
          <button type="button" onClick={() => setState('open')}>
            Act
          </button>
          <Dialog open={state === 'open'} title="Sure?" onClose={() => setState('idle')}>
            <button
              type="button"
              onClick={() => {
                handFocusTo(byId('elsewhere'));
                setState('done');
              }}
            >
              Yes
            </button>
          </Dialog>
        </>
      );
    }
    render(<Flow />);
    const act1 = screen.getByRole('button', { name: 'Act' });
    act1.focus();
    fireEvent.click(act1);
    const yes = screen.getByRole('button', { name: 'Yes' });
    yes.focus();
    fireEvent.click(yes);
    expect(screen.getByText('Elsewhere')).toHaveFocus();
    expect(act1).not.toHaveFocus();
  });

  it('still returns to the opener when nothing was handed on', () => {
    function Flow() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Act
          </button>
          <Dialog open={open} title="Sure?" onClose={() => setOpen(false)}>
            <button type="button" onClick={() => setOpen(false)}>
              No
            </button>
          </Dialog>
        </>
      );
    }
    render(<Flow />);
    const opener = screen.getByRole('button', { name: 'Act' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(opener).toHaveFocus();
  });

  it('goes to the waiting target when an open dialog leaves with its card', () => {
    const { rerender } = render(
      <>
        <p id="heading" tabIndex={-1}>
          Heading
        </p>
        <Dialog open title="Sure?" onClose={() => {}}>
          <button type="button">Yes</button>
        </Dialog>
      </>,
    );
    screen.getByRole('button', { name: 'Yes' }).focus();
    // The open dialog keeps the focus: the hand-off waits.
    act(() => handFocusTo(byId('heading')));
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus();
    rerender(
      <p id="heading" tabIndex={-1}>
        Heading
      </p>,
    );
    expect(screen.getByText('Heading')).toHaveFocus();
  });
});
