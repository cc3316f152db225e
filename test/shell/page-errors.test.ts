import { describe, expect, it } from 'vitest';
import { MAX_PAGE_ERRORS, reportPageErrors } from '../../src/shell/page-errors';

/** An event target standing in for the window: errors and rejections dispatched as the browser does. */
function page() {
  const target = new EventTarget();
  const error = (error: unknown, message = ''): void => {
    const e = new Event('error') as Event & { error?: unknown; message?: string };
    Object.assign(e, { error, message });
    target.dispatchEvent(e);
  };
  const rejection = (reason: unknown): void => {
    const e = new Event('unhandledrejection') as Event & { reason?: unknown };
    Object.assign(e, { reason });
    target.dispatchEvent(e);
  };
  return { target: target as unknown as Window, error, rejection };
}

describe('the page errors reported to the issue log', () => {
  it('logs an uncaught error and an unhandled rejection, each message once', () => {
    const p = page();
    const logged: string[] = [];
    const stop = reportPageErrors(p.target, (m) => logged.push(m));
    p.error(new TypeError("Cannot read properties of undefined (reading 'x')"));
    p.error(new TypeError("Cannot read properties of undefined (reading 'x')"));
    p.rejection(new Error('the flow failed'));
    p.rejection('a plain reason');
    p.error(undefined, 'Script error.');
    expect(logged).toEqual([
      "TypeError: Cannot read properties of undefined (reading 'x')",
      'Unhandled rejection: Error: the flow failed',
      'Unhandled rejection: a plain reason',
    ]);
    stop();
    p.error(new Error('after the stop'));
    expect(logged).toHaveLength(3);
  });

  it(`logs at most ${MAX_PAGE_ERRORS} a load, each cut to 300 characters, and survives a failing log`, () => {
    const p = page();
    const logged: string[] = [];
    reportPageErrors(p.target, (m) => {
      logged.push(m);
      throw new Error('the issue log is down');
    });
    p.error(new Error('x'.repeat(1_000)));
    for (let i = 0; i < 10; i++) p.error(new Error(`error ${i}`));
    expect(logged).toHaveLength(MAX_PAGE_ERRORS);
    expect(logged[0]).toHaveLength(300);
  });
});
