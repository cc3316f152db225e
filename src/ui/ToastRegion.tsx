import { useRef } from 'react';
import { useFocusKeptAbove } from './bottom-overlay';

export interface ToastView {
  id: number;
  text: string;
  tone: 'success' | 'error' | 'info';
}

interface ToastRegionProps {
  toasts: readonly ToastView[];
  onDismiss: (id: number) => void;
}

/**
 * The toast area at the bottom left (spec, Shell). Two live regions: errors are announced assertively,
 * everything else politely, so a screen reader hears a failed payment at once but is not interrupted by
 * 'Modem reboot complete'.
 */
export function ToastRegion({ toasts, onDismiss }: ToastRegionProps) {
  const region = useRef<HTMLDivElement>(null);
  // A control the keyboard focuses is never under the toasts (WCAG 2.2 2.4.11, docs/decisions/060).
  useFocusKeptAbove(region, toasts.length > 0);
  const errors = toasts.filter((t) => t.tone === 'error');
  const others = toasts.filter((t) => t.tone !== 'error');
  return (
    <div className="toasts" ref={region}>
      <div role="alert" aria-live="assertive" className="toasts__stack">
        {errors.map((t) => (
          <Toast key={t.id} toast={t} onDismiss={onDismiss} />
        ))}
      </div>
      <div role="status" aria-live="polite" className="toasts__stack">
        {others.map((t) => (
          <Toast key={t.id} toast={t} onDismiss={onDismiss} />
        ))}
      </div>
    </div>
  );
}

function Toast({ toast, onDismiss }: { toast: ToastView; onDismiss: (id: number) => void }) {
  return (
    <div className={`toast toast--${toast.tone}`}>
      <span className="toast__text">{toast.text}</span>
      <button
        type="button"
        className="toast__close"
        aria-label="Dismiss message"
        onClick={() => onDismiss(toast.id)}
      >
        ×
      </button>
    </div>
  );
}
