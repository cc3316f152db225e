/**
 * Runs `work` when the main thread is idle (or within `timeoutMs` whatever happens; after 200 ms where the
 * browser cannot say). Returns a cancel function.
 */
export function whenIdle(work: () => void, timeoutMs = 2_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 200);
  return () => window.clearTimeout(id);
}

/**
 * Fetches and evaluates a module the page will want on a tap (a dialog's body, its library included) when the
 * main thread is idle, so that the tap does not: the tap's own task then renders it, with no request made
 * and no script evaluated in it (issue 30: the interaction to next paint). A failure is left to the tap,
 * which loads it again and shows its own error.
 */
export function warmWhenIdle(load: () => Promise<unknown>): () => void {
  return whenIdle(() => {
    load().catch(() => {
      // The tap tries again.
    });
  });
}

/** What a customer's first act on the page starts with: a pointer pressed, a key, or a click alone (a screen reader's). */
const FIRST_INPUT = ['pointerdown', 'keydown', 'click'] as const;

/**
 * Runs `work` once, at the customer's first input on the page (whichever of FIRST_INPUT comes first), before
 * that input's own handlers: `work` should only schedule (whenIdle), never do the work in the input's task.
 * Returns a cancel function.
 */
export function onFirstInput(work: () => void): () => void {
  const cancel = (): void => {
    for (const type of FIRST_INPUT) window.removeEventListener(type, first, true);
  };
  const first = (): void => {
    cancel();
    work();
  };
  for (const type of FIRST_INPUT) window.addEventListener(type, first, { capture: true, passive: true });
  return cancel;
}
