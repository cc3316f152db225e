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

const HomeFocus = createContext<() => void>(() => {});

/**
 * When an alert closes or is answered it leaves the page, and the focus it held would fall back to the
 * document body. The full home hands its alerts a way to move focus to what comes next: its main heading,
 * or the home itself when the rules left the greeting out.
 */
export function HomeFocusProvider({
  container,
  children,
}: {
  container: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  // One function for the life of the home, so effects that depend on it do not run again.
  const [focusHome] = useState(() => () => {
    const root = container.current;
    if (!root) return;
    const heading = root.ownerDocument.getElementById(HOME_HEADING_ID);
    (heading && root.contains(heading) ? heading : root).focus();
  });
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
