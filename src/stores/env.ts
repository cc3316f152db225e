import { yieldToMain } from '../yield-to-main';

/**
 * Everything the stores need from the outside world, injected so tests and QA can replace it:
 * the network, the clock, browser storage, navigation, timers and analytics (TanStack Query's
 * focusManager does the same with browser globals).
 */
export interface Env {
  fetch: typeof fetch;
  /** The current time. Logic never calls `new Date()` itself: tests pin this. */
  now: () => Date;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Full-page navigation (sign-in, logout, allowlisted redirects); the browser starts it after the next paint. */
  assign: (url: string) => void;
  /** Opens a new tab (logo, site search); `noopener` always. */
  openTab: (url: string) => void;
  origin: string;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  /** Analytics events, pushed to window.dataLayer (names: src/stores/analytics.ts). */
  track: (event: { event: string; [key: string]: unknown }) => void;
  /**
   * Posts a small body to the portal's own origin so that it outlives the page (navigator.sendBeacon, or
   * fetch with keepalive where a beacon is refused): what a customer did with the home, for a rollout's
   * live effect (src/stores/section-actions.ts). Never awaited, never retried.
   */
  beacon: (url: string, body: string) => void;
  /** Writes one cookie (`name=value; attributes`), as document.cookie does: the tracking cookie. */
  setCookie: (cookie: string) => void;
  /** Loads a script of this origin once (the chat vendor's widget); rejects when it cannot be loaded. */
  loadScript: (src: string) => Promise<void>;
  /** A global the page's scripts defined (the chat widget's API), or undefined. */
  globalValue: (name: string) => unknown;
  /** QA path capture is on (`?qa` in the address at start-up). */
  qaCapture?: boolean;
  /**
   * Ends the current task and resumes in a new one, so the browser can paint and answer a tap between two
   * pieces of start-up work (the rules' decision, then the render it causes). Absent in tests: no pause.
   */
  yieldToMain?: () => Promise<void>;
}

/**
 * Posts a body to this origin so that it outlives the page: navigator.sendBeacon, or fetch with keepalive
 * where a beacon is refused. Lost if neither can send it: a count or a figure is not worth a retry.
 */
export function sendBeaconOrFetch(url: string, body: string): void {
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return;
  } catch {
    // A browser that refuses the beacon: fetch below.
  }
  void fetch(url, { method: 'POST', body, keepalive: true, credentials: 'same-origin' }).catch(() => {
    // Lost.
  });
}

/** The longest work waits for the frame it follows: a page hidden meanwhile paints none. */
const PAINT_WAIT_MS = 250;

/**
 * Runs `fn` once the frame that answers the current tap is painted: a beacon, or a navigation (the pay flow's
 * "Taking you to the payment site…" is on screen before the page starts to leave; on a fast answer the
 * navigation's own work, its `pagehide` handlers among it, came first and held that frame back: INP, issue 30).
 * A hidden page paints no frame: `fn` runs at once there, and after PAINT_WAIT_MS at the latest anywhere.
 */
export function afterPaint(fn: () => void): void {
  let ran = false;
  const run = (): void => {
    if (ran) return;
    ran = true;
    fn();
  };
  if (document.visibilityState !== 'visible' || typeof requestAnimationFrame !== 'function') return run();
  requestAnimationFrame(() => void window.setTimeout(run, 0));
  window.setTimeout(run, PAINT_WAIT_MS);
}

/** Beacons queued in this task, sent together once the tap's frame is painted (or as the page goes). */
const queued: Array<[url: string, body: string]> = [];
let flushing = false;

function flushBeacons(): void {
  flushing = false;
  for (const [url, body] of queued.splice(0)) sendBeaconOrFetch(url, body);
}

/**
 * A beacon sent after the paint that answers the tap it counts, not inside the tap's handler: building and
 * queueing the request costs a low-tier phone milliseconds the customer waits for (INP, issue 30). A page
 * that goes away meanwhile (a tap on a link to another site) sends what is queued as it is hidden.
 */
function beaconAfterPaint(url: string, body: string): void {
  queued.push([url, body]);
  if (flushing) return;
  flushing = true;
  afterPaint(flushBeacons);
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  window.addEventListener('pagehide', flushBeacons);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushBeacons();
  });
}

/** The browser's own implementations. */
export function browserEnv(): Env {
  const w = window as Window & { dataLayer?: unknown[] };
  return {
    fetch: window.fetch.bind(window),
    now: () => new Date(), // the one wall clock: every other reader takes time from env.now
    storage: window.localStorage,
    assign: (url) => afterPaint(() => window.location.assign(url)),
    openTab: (url) => {
      window.open(url, '_blank', 'noopener,noreferrer');
    },
    origin: window.location.origin,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (h) => window.clearTimeout(h as number),
    track: (event) => {
      (w.dataLayer ??= []).push(event);
    },
    beacon: beaconAfterPaint,
    setCookie: (cookie) => {
      document.cookie = cookie;
    },
    // Only the chat uses it: its code loads with the first 'Chat with us'.
    loadScript: (src) => import('./load-script').then((m) => m.loadScriptOnce(src)),
    globalValue: (name) => (window as unknown as Record<string, unknown>)[name],
    qaCapture: new URLSearchParams(window.location.search).has('qa'),
    yieldToMain,
  };
}
