/**
 * The page calls (useCall) of a server render, and their answers handed to the browser.
 *
 * On the server, a page's read-only calls (previous bills, payment history, the internet page's speeds) are
 * made while React renders it: the render waits for them (React's `use`), bounded by a deadline after which a
 * call reads as still loading and the browser makes it itself. Their answers go into the page with the rest of
 * the state (src/stores/hydration.ts); in the browser, the first render of each call reads the server's answer
 * instead of asking again.
 */
export type SettledCall = { status: 'ok'; data: unknown } | { status: 'failed'; message: string };

/** Settled calls by their key (the call's name, or `name:variant`). */
export type SettledCalls = Record<string, SettledCall>;

export class CallCache {
  private readonly settled = new Map<string, SettledCall>();
  private readonly asked = new Map<string, Promise<SettledCall | null>>();

  constructor(
    /** On the server: calls are made during the render, which waits for them. */
    readonly serverSide: boolean,
    /** When the server stops waiting (ms since the epoch, from the render's clock). */
    private readonly deadline: () => number = () => Number.POSITIVE_INFINITY,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /**
   * The server's answer for `key`, made once: resolves to the settled call, or to null when there was no call
   * to make or it did not settle before the deadline (the page renders it as loading; the browser asks).
   */
  serve(key: string, make: () => Promise<SettledCall | null>): Promise<SettledCall | null> {
    let asked = this.asked.get(key);
    if (!asked) {
      const wait = Math.max(0, this.deadline() - this.now());
      let timer: ReturnType<typeof setTimeout> | undefined;
      let late = false;
      asked = Promise.race([
        make().then((settled) => {
          // An answer after the deadline stays out of the page's state: the render showed the call loading,
          // and the browser, which hydrates that markup with this state, makes the call itself.
          if (settled && !late) this.settled.set(key, settled);
          return settled;
        }),
        new Promise<null>(
          (resolve) =>
            (timer = setTimeout(() => {
              late = true;
              resolve(null);
            }, wait)),
        ),
      ]).finally(() => clearTimeout(timer));
      this.asked.set(key, asked);
    }
    return asked;
  }

  /** What the browser takes over: every call that settled in time. */
  dehydrate(): SettledCalls {
    return Object.fromEntries(this.settled);
  }

  /** The server's answers, in the browser. */
  hydrate(calls: SettledCalls): void {
    for (const [key, settled] of Object.entries(calls)) this.settled.set(key, settled);
  }

  /**
   * The server's answer for `key`. Read by a render, which React may run more than once (a hydration it
   * restarts, StrictMode): only `forget`, once the page is on screen, lets a later visit ask again.
   */
  peek(key: string): SettledCall | undefined {
    return this.settled.get(key);
  }

  forget(key: string): void {
    this.settled.delete(key);
  }
}
