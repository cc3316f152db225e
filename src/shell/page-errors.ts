/**
 * The page's uncaught errors and unhandled rejections, logged to the issue log like any failure the page
 * meets (operation 'pageError'): what an operator reads, and what the rollout guard counts per side (issue 32
 * item 3, docs/decisions/044: its records name the account). A part that throws while rendering is logged by
 * its error boundary already; these are the rest (an event handler, a promise nobody awaited). Bounded: each
 * message once, at most MAX_PAGE_ERRORS a load, each cut to MAX_MESSAGE characters. "Script error." (a
 * script of another origin, which the CSP does not let run) carries nothing to log.
 */
export const MAX_PAGE_ERRORS = 5;
const MAX_MESSAGE = 300;

type Target = Pick<Window, 'addEventListener' | 'removeEventListener'>;

function describe(reason: unknown): string {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}`;
  if (typeof reason === 'string') return reason;
  try {
    return String(JSON.stringify(reason) ?? String(reason));
  } catch {
    return typeof reason;
  }
}

/** Starts reporting; returns the function that stops it. */
export function reportPageErrors(target: Target, log: (message: string) => void): () => void {
  const seen = new Set<string>();
  const report = (message: string): void => {
    const text = message.slice(0, MAX_MESSAGE);
    if (text === '' || text === 'Script error.' || seen.has(text) || seen.size >= MAX_PAGE_ERRORS) return;
    seen.add(text);
    try {
      log(text);
    } catch {
      // The issue log failing must not throw from an error handler.
    }
  };
  const onError = (e: Event): void => {
    const event = e as ErrorEvent;
    report(event.error !== undefined && event.error !== null ? describe(event.error) : (event.message ?? ''));
  };
  const onRejection = (e: Event): void =>
    report(`Unhandled rejection: ${describe((e as PromiseRejectionEvent).reason)}`);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
