import { useEffect, useRef, type RefObject } from 'react';

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
  useFocusNotUnder(region, toasts.length > 0);
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

/** The space kept free above the toasts for a focused control (px), beyond their own height and offset. */
const CLEARANCE_PX = 8;

/**
 * WCAG 2.2 2.4.11 (Focus Not Obscured): a control the keyboard reaches must not be hidden under the toasts,
 * which sit over the page's bottom left. While any toast shows, the page's scroll padding at the bottom is the
 * toasts' height and offset, so the browser counts that strip as out of view and scrolls a control focused
 * there up above it. A ResizeObserver measures after layout (no layout forced), again as toasts come and go.
 */
function useFocusNotUnder(region: RefObject<HTMLElement | null>, shown: boolean): void {
  useEffect(() => {
    const el = region.current;
    if (!el || !shown || typeof ResizeObserver !== 'function') return undefined;
    const root = el.ownerDocument.documentElement;
    const view = el.ownerDocument.defaultView;
    const observer = new ResizeObserver(() => {
      const offset = view ? parseFloat(view.getComputedStyle(el).bottom) || 0 : 0;
      root.style.scrollPaddingBottom = `${Math.ceil(el.offsetHeight + offset + CLEARANCE_PX)}px`;
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = '';
    };
  }, [region, shown]);
}
