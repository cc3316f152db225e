import { useEffect, useId, useRef, type ReactNode } from 'react';
import { takeHandedFocus } from './focus';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons and links at the bottom of the dialog. */
  actions?: ReactNode;
  /** Spec widths (732 px for cancel order, 45vw scheduled dialogs...) collapse to 90% under 960 px. */
  width?: string;
  /**
   * A call the dialog started is running: it cannot be closed (× inert like ConfirmActions' buttons, Escape
   * does nothing) until the call answers.
   */
  busy?: boolean;
}

/**
 * A modal dialog on the native <dialog> element: showModal() makes the rest of the page inert, so focus
 * stays inside; Escape closes it; focus returns to whatever opened it (checked with keyboard only in
 * Chromium). No portal needed: the top layer stacks it above everything.
 */
export function Dialog({ open, title, onClose, children, actions, width, busy = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      // A flow that ended with its own control gone handed the focus on (ui/focus.tsx); else it goes back.
      if (takeHandedFocus()) return;
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    }
  }, [open]);

  // A dialog that leaves while open (its flow's outcome removed the card it belongs to) gives up the focus
  // to where the flow handed it, if anywhere.
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) takeHandedFocus();
    };
  }, []);

  // Set through the style object, never as a style attribute: the server's markup would carry that attribute,
  // which the CSP (style-src without 'unsafe-inline') refuses.
  useEffect(() => {
    if (ref.current) ref.current.style.width = width ?? '';
  }, [width]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    // A close request (Escape, a phone's back gesture) fires 'cancel': let the owner decide (a flow may be
    // mid-call), never close behind its back.
    const onCancel = (e: Event) => {
      e.preventDefault();
      if (!busy) onClose();
    };
    // Escape is handled here before it becomes a close request: Chromium lets a page refuse a close request
    // once per user activation, then closes the dialog whatever 'cancel' says (a few Escapes mid-call did).
    // A keydown refused is no close request at all.
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      if (!busy) onClose();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('keydown', onKeyDown);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('keydown', onKeyDown);
    };
  }, [onClose, busy]);

  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId}>
      {open ? (
        <>
          <div className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            <button
              type="button"
              className="dialog__close"
              aria-label="Close"
              aria-disabled={busy || undefined}
              onClick={() => {
                if (!busy) onClose();
              }}
            >
              ×
            </button>
          </div>
          <div className="dialog__body">{children}</div>
          {actions ? <div className="dialog__actions">{actions}</div> : null}
        </>
      ) : null}
    </dialog>
  );
}

/**
 * A confirming dialog's two actions: keep (the secondary button, which also closes it) and confirm. While
 * the confirmed call runs both stay focusable but inert (`aria-disabled`), so focus never drops out.
 */
export function ConfirmActions({
  busy,
  keepLabel,
  confirmLabel,
  onKeep,
  onConfirm,
}: {
  busy: boolean;
  keepLabel: string;
  confirmLabel: string;
  onKeep: () => void;
  onConfirm: () => void;
}) {
  return (
    <>
      <button type="button" className="btn btn--secondary" aria-disabled={busy || undefined} onClick={onKeep}>
        {keepLabel}
      </button>
      <button
        type="button"
        className="btn"
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) onConfirm();
        }}
      >
        {confirmLabel}
      </button>
    </>
  );
}
