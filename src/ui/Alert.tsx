import type { ReactNode } from 'react';

interface AlertProps {
  tone: 'info' | 'warning' | 'error' | 'success';
  heading: string;
  children?: ReactNode;
  actions?: ReactNode;
  onClose?: () => void;
  /** Accessible name of the close button. */
  closeLabel?: string;
  headingLevel?: 2 | 3;
  /**
   * An id that makes the alert itself a focus target (tabindex -1): an outcome the focus is handed to when the
   * control the customer used left with the card it replaced (ui/focus.tsx).
   */
  focusId?: string;
}

/** An alert card on the home page. A region with a heading, so it is found by its title. */
export function Alert({
  tone,
  heading,
  children,
  actions,
  onClose,
  closeLabel,
  headingLevel = 2,
  focusId,
}: AlertProps) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      className={`alert alert--${tone}`}
      aria-label={heading}
      id={focusId}
      tabIndex={focusId ? -1 : undefined}
    >
      <div className="alert__body">
        <H className="alert__heading">{heading}</H>
        {children}
        {actions ? <div className="alert__actions">{actions}</div> : null}
      </div>
      {onClose ? (
        <button
          type="button"
          className="alert__close"
          data-dismiss=""
          aria-label={closeLabel ?? `Close ${heading}`}
          onClick={onClose}
        >
          ×
        </button>
      ) : null}
    </section>
  );
}
