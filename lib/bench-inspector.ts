/**
 * The bench's DevTools clients, set as V8 provides for performance automation (docs/decisions/051): a
 * client that enables the `Runtime` domain makes V8 capture a detailed stack trace, line and column of up to
 * 200 frames, for every error the page creates, whether anything reads it or not. The first such error in a
 * function compiled without its source positions (V8 compiles lazily without them) re-parses that function to
 * find them. React DOM creates errors in its module's top level, inside one function of 200 KB: on a
 * customer's phone, with no DevTools attached, that costs nothing; under the bench's client it was a task of 80
 * to 130 ms at the calibrated slowdown, the longest after the first paint.
 *
 * `Runtime.setMaxCallStackSizeToCapture({ size: 0 })` on every session that enables `Runtime` turns that
 * capture off (V8 takes the largest size any enabled client asked for; see `setMaxCallStackSizeToCapture` in
 * v8/src/inspector/v8-debugger.cc). The page then runs as it does with no client attached, and the clients
 * still evaluate, trace and profile as before.
 */
import type { CDPSession, Page } from 'puppeteer-core';

const QUIET = { size: 0 };

/**
 * A session whose `Runtime.enable` is followed by the quiet stack capture (Lighthouse's own sessions, made
 * through `target.createCDPSession()`).
 */
function quietSession(session: CDPSession): CDPSession {
  const send = session.send.bind(session);
  const quiet = async (...args: Parameters<CDPSession['send']>): Promise<unknown> => {
    const result = await send(...args);
    if (args[0] === 'Runtime.enable') await send('Runtime.setMaxCallStackSizeToCapture', QUIET);
    return result;
  };
  session.send = quiet as CDPSession['send'];
  return session;
}

/**
 * Makes `page` and every session later made for its target (as Lighthouse makes its own) capture no stack
 * traces for errors. The page's own session (puppeteer's, which enabled `Runtime` when it opened the page) is
 * set at once.
 */
export async function quietInspector(page: Page): Promise<Page> {
  const own = (page as unknown as { _client(): CDPSession })._client();
  await own.send('Runtime.setMaxCallStackSizeToCapture', QUIET);
  const target = page.target();
  const create = target.createCDPSession.bind(target);
  target.createCDPSession = async () => quietSession(await create());
  return page;
}

/**
 * How many frames the inspector captured when an error was thrown in `page` (two nested functions in a timer:
 * 2 when it captures, 0 when it is quiet). Fails after 10 s without the error's report.
 */
export async function capturedFrames(page: Page): Promise<number> {
  const session = await page.target().createCDPSession();
  try {
    // An uncaught error's stack as the inspector captured it (none when the capture is off). Enabling Runtime
    // replays the document's earlier errors: only this probe's own counts.
    const token = `bench: inspector probe ${Math.random().toString(36).slice(2)}`;
    const thrown = new Promise<number>((resolve, reject) => {
      setTimeout(
        () => reject(new Error('the inspector probe: no report of its error within 10 s')),
        10_000,
      ).unref();
      session.on('Runtime.exceptionThrown', (e) => {
        if (e.exceptionDetails.exception?.description?.includes(token))
          resolve(e.exceptionDetails.stackTrace?.callFrames.length ?? 0);
      });
    });
    await session.send('Runtime.enable');
    await session.send('Runtime.setMaxCallStackSizeToCapture', QUIET);
    // A string, not a function: what tsx adds to a function's text (its __name helper) is not in the page.
    await page.evaluate(
      `setTimeout(function outer() { (function inner() { throw new Error(${JSON.stringify(token)}); })(); })`,
    );
    return await thrown;
  } finally {
    await session.detach();
  }
}
