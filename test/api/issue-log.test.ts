import { describe, expect, it } from 'vitest';
import { createClient, type FetchLike } from '../../src/api/client';
import { createIssueLog, describeError, sanitizeIssue } from '../../src/api/issue-log';
import { createApi } from '../../src/stores/create-api';

const base = { page: 'home', operation: 'getOutage', message: 'x', level: 'error' as const };

describe('issue log (spec section 5)', () => {
  it("drops the characters & ( ) ^ ' ` ? < > { } [ ] | from the message", () => {
    const r = sanitizeIssue({ ...base, message: 'a&b(c)d^e\'f`g?h<i>j{k}l[m]n|o p.q,r:s/t-u_v=w"x' });
    expect(r.message).toBe('abcdefghijklmno p.q,r:s/t-u_v=w"x');
  });

  it('cuts the operation name to 199 characters and the message to 499', () => {
    const r = sanitizeIssue({ ...base, operation: 'o'.repeat(300), message: 'm'.repeat(600) });
    expect(r.operation).toHaveLength(199);
    expect(r.message).toHaveLength(499);
  });

  it('strips before cutting, so 499 characters of real text survive', () => {
    const r = sanitizeIssue({ ...base, message: '<'.repeat(100) + 'm'.repeat(499) });
    expect(r.message).toBe('m'.repeat(499));
  });

  it('cuts exception error text to 100 characters', () => {
    expect(describeError(new Error('e'.repeat(150)))).toHaveLength(100);
    expect(describeError('plain')).toBe('plain');
    expect(describeError({ code: 7 })).toBe('{"code":7}');
  });

  it.each([
    [
      'an Error',
      new Error('Failed to fetch dynamically imported module'),
      'Failed to fetch dynamically imported module',
    ],
    ['an Error without a message', new TypeError(), 'TypeError'],
    [
      'a router error response',
      { status: 404, statusText: 'Not Found', internal: true, data: 'No route matches URL "/x"' },
      '404 Not Found: No route matches URL "/x"',
    ],
    [
      'a router error response wrapping an error',
      { status: 500, statusText: '', error: new Error('boom') },
      '500: boom',
    ],
    [
      'a fetch Response',
      { status: 503, statusText: 'Service Unavailable', url: 'http://portal/rules/x.json' },
      '503 Service Unavailable: http://portal/rules/x.json',
    ],
    ['a string', 'chunk load timed out', 'chunk load timed out'],
    ['a plain object', { code: 'E_LOST' }, '{"code":"E_LOST"}'],
    ['an object with a message', { message: 'thrown by a library' }, 'thrown by a library'],
    ['undefined', undefined, 'undefined'],
  ])('logs %s with its message, never "object Object"', (_what, thrown, text) => {
    expect(describeError(thrown)).toBe(text);
  });

  it('describes a circular object by its keys', () => {
    const loop: Record<string, unknown> = { a: 1 };
    loop.self = loop;
    expect(describeError(loop)).toBe('Object with a, self');
  });

  it('cuts the email address, account number and page, so a record fits the log whatever an answer held', () => {
    const r = sanitizeIssue({
      ...base,
      emailAddress: 'e'.repeat(20_000),
      accountNumber: '9'.repeat(200),
      page: 'p'.repeat(300),
    });
    expect([r.emailAddress.length, r.accountNumber.length, r.page.length]).toEqual([254, 100, 100]);
    expect(
      JSON.stringify({ ...r, operation: 'o'.repeat(999), message: 'm'.repeat(999) }).length,
    ).toBeLessThan(4096);
  });

  it('fills absent account number and email with empty strings', () => {
    expect(sanitizeIssue(base)).toEqual({ ...base, accountNumber: '', emailAddress: '' });
  });
});

describe('issue log transport', () => {
  function recording(fail = false) {
    const posted: { url: string; body: unknown; keepalive: boolean }[] = [];
    const fetch: FetchLike = (url, init) => {
      posted.push({
        url,
        body: JSON.parse(typeof init.body === 'string' ? init.body : '{}') as unknown,
        keepalive: init.keepalive === true,
      });
      return fail
        ? Promise.reject(new TypeError('offline'))
        : Promise.resolve(
            new Response('{"status":"SUCCESS"}', { headers: { 'content-type': 'application/json' } }),
          );
    };
    return { posted, client: createClient({ fetch }) };
  }

  it('posts to /Orch/dssh/ui/sanitize when signed in and /preauth/dssh/ui/sanitize before', async () => {
    const { posted, client } = recording();
    let signedIn = false;
    const log = createIssueLog(client, { authenticated: () => signedIn });
    log.log({ ...base, message: 'before (sign-in)' });
    signedIn = true;
    log.log({ ...base, accountNumber: '310245781', message: 'after' });
    await new Promise((r) => setTimeout(r, 0));
    expect(posted.map((p) => p.url)).toEqual(['/preauth/dssh/ui/sanitize', '/Orch/dssh/ui/sanitize']);
    expect(posted[0]?.body).toMatchObject({ message: 'before sign-in', page: 'home', level: 'error' });
    // A failure is often followed by leaving the page (a jump out to a shop): the record outlives it.
    expect(posted.map((p) => p.keepalive)).toEqual([true, true]);
  });

  it("posts to /Orch from the first record when the server's page said the browser is signed in", async () => {
    // The server rendered the page after its own isAuth: the browser asks none, and its records are a
    // signed-in customer's, not the pre-auth log's.
    const { posted, client } = recording();
    createApi(client, true).logIssue({ ...base, message: 'after hydration' });
    createApi(client).logIssue({ ...base, message: 'before any isAuth' });
    await new Promise((r) => setTimeout(r, 0));
    expect(posted.map((p) => p.url)).toEqual(['/Orch/dssh/ui/sanitize', '/preauth/dssh/ui/sanitize']);
  });

  it('never throws when the log call fails, and keeps the last entries in memory', async () => {
    const { client } = recording(true);
    const log = createIssueLog(client, { authenticated: () => true, capacity: 3 });
    for (let i = 0; i < 5; i++) expect(() => log.log({ ...base, message: `m${i}` })).not.toThrow();
    await new Promise((r) => setTimeout(r, 0));
    expect(log.entries.map((e) => e.message)).toEqual(['m2', 'm3', 'm4']);
  });
});
