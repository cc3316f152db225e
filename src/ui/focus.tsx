import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';

/** The id of every layout's main region (`<main tabIndex={-1}>`, the skip link's target). */
export const MAIN_ID = 'main';

/**
 * Moves the focus to the page's main region, without scrolling (<ScrollRestoration/> decides the scroll): where
 * a focus a navigation lost goes (docs/decisions/052).
 */
export function focusMain(doc: Document = document): void {
  doc.getElementById(MAIN_ID)?.focus({ preventScroll: true });
}

/** The id of the full home's main heading (the greeting), where focus goes after an alert goes away. */
export const HOME_HEADING_ID = 'home-heading';

/** The id of the Order & Ticket History view's heading (a view of the home). */
export const HISTORY_HEADING_ID = 'history-title';

/** The id of the home's 'View Order & Ticket History' button, where the history's Back returns the focus. */
export const HISTORY_LINK_ID = 'order-history-link';

/** Where the focus is to go, if a hand-off is waiting for its target (see handFocusTo). */
let handedTo: (() => HTMLElement | null) | null = null;

/**
 * Hands the focus on after an action whose own control leaves with its outcome: a dialog's last button, an
 * alert's ×, the history's Back. `target` names where the focus goes; it is taken at once when that element is
 * in the document and can take it, or else:
 * - when an open dialog closes or leaves (a modal dialog keeps the focus inside it until then), instead of
 *   returning to the control that opened it;
 * - when a component that renders such a target appears (useTakeHandedFocus): an outcome that a decision
 *   renders a moment after the action (the home's 'Order Cancelled').
 * A hand-off is for the action that made it: the customer's next key or pointer press drops one still
 * waiting, and a later hand-off replaces it.
 */
export function handFocusTo(target: () => HTMLElement | null): void {
  handedTo = target;
  const drop = () => {
    if (handedTo === target) handedTo = null;
  };
  document.addEventListener('keydown', drop, { capture: true, once: true });
  document.addEventListener('pointerdown', drop, { capture: true, once: true });
  takeHandedFocus();
}

/** The focus handed on (handFocusTo), if its target is there to take it: true when it moved. */
export function takeHandedFocus(): boolean {
  const target = handedTo?.();
  if (!target?.isConnected) return false;
  // An open dialog keeps the focus until it closes (the Dialog then hands it on).
  const holder = target.ownerDocument.activeElement?.closest('dialog[open]');
  if (holder && !holder.contains(target)) return false;
  target.focus();
  if (target.ownerDocument.activeElement !== target) return false;
  handedTo = null;
  return true;
}

/** The element with this id, for handFocusTo. */
export const byId = (id: string) => () => document.getElementById(id);

/** For a component that renders a hand-off's target: on its appearance, the focus handed on moves there. */
export function useTakeHandedFocus(): void {
  useEffect(() => {
    takeHandedFocus();
  }, []);
}

const HomeFocus = createContext<() => void>(() => {});

/**
 * When an alert closes or is answered it leaves the page, and the focus it held would fall back to the
 * document body. The full home hands its alerts a way to move focus to what comes next: its main heading,
 * or the home itself when the rules left the greeting out. The history view hands its items its own heading.
 * The focus moves once no dialog holds it (handFocusTo).
 */
export function HomeFocusProvider({
  container,
  headingId = HOME_HEADING_ID,
  children,
}: {
  container: RefObject<HTMLElement | null>;
  headingId?: string;
  children: ReactNode;
}) {
  // One function for the life of the home, so effects that depend on it do not run again.
  const [focusHome] = useState(
    () => () =>
      handFocusTo(() => {
        const root = container.current;
        if (!root) return null;
        const heading = root.ownerDocument.getElementById(headingId);
        return heading && root.contains(heading) ? heading : root;
      }),
  );
  return <HomeFocus.Provider value={focusHome}>{children}</HomeFocus.Provider>;
}

export function useFocusHome(): () => void {
  return useContext(HomeFocus);
}

/** Focuses the element once, when it appears: for a message the user must read next. */
export function useFocusOnMount<T extends HTMLElement>(enabled = true): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, [enabled]);
  return ref;
}

/** A dialog's message that replaced the question the user answered: focused so it is read at once. */
export function FocusedMessage({ text }: { text: string }) {
  const ref = useFocusOnMount<HTMLParagraphElement>();
  return (
    <p ref={ref} tabIndex={-1} className="home-outcome">
      {text}
    </p>
  );
}
