import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, lazyValidator, type FetchLike } from '../../src/api/client';
import { validateOutage } from '../../src/generated/validators/outage.js';
import { getHomeEarlyInit } from '../../src/api/calls/home-early-init';
import { rebootDevice, rebootSucceeded } from '../../src/api/calls/device-reboot';
import { setCurrentAccount } from '../../src/api/calls/set-current-account';
import { getOutage } from '../../src/api/calls/outage';

const okProfile = {
  statusCode: 200,
  status: 'SUCCESS',
  accountLifeCycle: 'Active',
  response: {
    currentlyManagedAccount: '310245781',
    accountStatus: 'ACTIVE',
    accountType: 'I',
    companyIdentifier: '1',
  },
};
const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake fetch that records what it was asked. */
function fake(answer: (url: string, init: RequestInit) => Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch: FetchLike = (url, init) => {
    calls.push({ url, init });
    return answer(url, init);
  };
  return { fetch, calls };
}

describe("a call's validator loaded with the call (lazyValidator)", () => {
  const outage = { currentOutage: false, outageHangover: false, rebootModem: false };

  it('is loaded once, beside the first call, and validates every answer', async () => {
    let loads = 0;
    const validate = lazyValidator(() => {
      loads++;
      return Promise.resolve(validateOutage);
    });
    const client = createClient({ fetch: () => Promise.resolve(json(outage)) });
    const path = '/Orch/dssh/rx/getOutageDetails';
    expect(await client.request({ path, validate })).toEqual({ ok: true, data: outage });
    expect(await client.request({ path, validate })).toEqual({ ok: true, data: outage });
    const bad = await createClient({ fetch: () => Promise.resolve(json({ currentOutage: 'no' })) }).request({
      path,
      validate,
    });
    expect(bad).toMatchObject({ ok: false, kind: 'malformed' });
    expect(loads).toBe(1);
  });

  it("whose code cannot be fetched fails the call as the network's failure, and is tried again next call", async () => {
    let loads = 0;
    const validate = lazyValidator(() =>
      ++loads === 1
        ? Promise.reject(new Error('Failed to fetch dynamically imported module'))
        : Promise.resolve(validateOutage),
    );
    const client = createClient({ fetch: () => Promise.resolve(json(outage)) });
    const path = '/Orch/dssh/rx/getOutageDetails';
    expect(await client.request({ path, validate })).toMatchObject({
      ok: false,
      kind: 'network',
      message: expect.stringContaining('Failed to fetch dynamically imported module') as unknown,
    });
    expect(await client.request({ path, validate })).toEqual({ ok: true, data: outage });
    expect(loads).toBe(2);
  });
});

describe('client', () => {
  it('returns the validated data with same-origin credentials', async () => {
    const f = fake(() => Promise.resolve(json(okProfile)));
    const r = await getHomeEarlyInit(createClient({ fetch: f.fetch }));
    expect(r).toEqual({ ok: true, data: okProfile });
    expect(f.calls[0]?.url).toBe('/Orch/dssh/homeEarlyInit');
    expect(f.calls[0]?.init.credentials).toBe('same-origin');
    expect(f.calls[0]?.init.method).toBe('GET');
  });

  it('sends a POST as JSON', async () => {
    const f = fake(() => Promise.resolve(json({ data: 'Success' })));
    const r = await setCurrentAccount(createClient({ fetch: f.fetch }), { loginName: 'mia', pid: 'P2' });
    expect(r.ok).toBe(true);
    expect(f.calls[0]?.init.method).toBe('POST');
    expect(f.calls[0]?.init.body).toBe('{"loginName":"mia","pid":"P2"}');
    expect((f.calls[0]?.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('builds the query and leaves out absent values (outage: legacyMarket and billingSource only together)', async () => {
    const f = fake(() =>
      Promise.resolve(json({ currentOutage: false, outageHangover: false, rebootModem: false })),
    );
    const client = createClient({ fetch: f.fetch });
    await getOutage(client, { accountNumber: '1', identifierType: 'BAN', wtn: '2', legacyMarket: 'Q' });
    await getOutage(client, {
      accountNumber: '1',
      identifierType: 'BAN',
      wtn: '2',
      legacyMarket: 'Q',
      billingSource: 'E',
    });
    expect(f.calls[0]?.url).toBe(
      '/Orch/dssh/rx/getOutageDetails?accountNumber=1&identifierType=BAN&wtn=2&source=digihome',
    );
    expect(f.calls[1]?.url).toContain('&legacyMarket=Q&billingSource=E');
  });

  it('reads a text reply (device reboot) and applies the spec rule', async () => {
    const f = fake(() =>
      Promise.resolve(new Response('Error: modem offline', { headers: { 'content-type': 'text/plain' } })),
    );
    const r = await rebootDevice(createClient({ fetch: f.fetch }), { wtn: '1' });
    expect(r.ok && rebootSucceeded(r.data)).toBe(false);
    expect(r).toEqual({ ok: true, data: 'Error: modem offline' });
  });

  it('an error status is an http failure with the status', async () => {
    const f = fake(() => Promise.resolve(json({ error: 'Injected fault' }, 500)));
    const r = await getHomeEarlyInit(createClient({ fetch: f.fetch }));
    expect(r).toMatchObject({ ok: false, kind: 'http', status: 500 });
  });

  it('401 is unauthenticated', async () => {
    const f = fake(() => Promise.resolve(json({ authenticated: false }, 401)));
    expect(await getHomeEarlyInit(createClient({ fetch: f.fetch }))).toMatchObject({
      ok: false,
      kind: 'unauthenticated',
      status: 401,
    });
  });

  it('a body that fails its schema is malformed, naming where', async () => {
    const f = fake(() => Promise.resolve(json({ unexpected: true })));
    const r = await getHomeEarlyInit(createClient({ fetch: f.fetch }));
    expect(r).toMatchObject({ ok: false, kind: 'malformed', status: 200 });
    expect(!r.ok && r.message).toContain('/Orch/dssh/homeEarlyInit');
  });

  it('a body that is not JSON at all is malformed', async () => {
    const f = fake(() =>
      Promise.resolve(
        new Response('<html>', { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    );
    expect(await getHomeEarlyInit(createClient({ fetch: f.fetch }))).toMatchObject({
      ok: false,
      kind: 'malformed',
    });
  });

  it('JSON sent without a content type is still read', async () => {
    const f = fake(() => Promise.resolve(new Response(JSON.stringify(okProfile))));
    expect(await getHomeEarlyInit(createClient({ fetch: f.fetch }))).toMatchObject({ ok: true });
  });

  it('no answer within the time-out is a timeout failure, and the request is aborted', async () => {
    let aborted = false;
    const f = fake(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    );
    const started = Date.now();
    const r = await getHomeEarlyInit(createClient({ fetch: f.fetch, timeoutMs: 30 }));
    expect(r).toMatchObject({ ok: false, kind: 'timeout' });
    expect(aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('a lost network is a network failure, never a throw', async () => {
    const f = fake(() => Promise.reject(new TypeError('Failed to fetch')));
    const r = await getHomeEarlyInit(createClient({ fetch: f.fetch }));
    expect(r).toMatchObject({ ok: false, kind: 'network' });
    expect(!r.ok && r.message).toContain('Failed to fetch');
  });

  it('a fetch that throws synchronously is a network failure too', async () => {
    const fetch: FetchLike = () => {
      throw new Error('boom');
    };
    expect(await getHomeEarlyInit(createClient({ fetch }))).toMatchObject({ ok: false, kind: 'network' });
  });

  it('a query too long for any server is a request failure, never sent', async () => {
    const f = fake(() => Promise.resolve(json({})));
    const r = await getOutage(createClient({ fetch: f.fetch }), {
      accountNumber: '310245781',
      identifierType: 'BAN',
      wtn: 'lorem ipsum '.repeat(1_667),
    });
    expect(r).toMatchObject({ ok: false, kind: 'request' });
    expect(!r.ok && r.message).toMatch(/getOutageDetails too long to send \(\d+ characters\)/);
    expect(f.calls).toEqual([]);
  });
});

describe('an answer holding a lone UTF-16 surrogate (issue 30)', () => {
  it('comes out well formed: each lone half is U+FFFD, as the server’s UTF-8 page writes it', async () => {
    const body = {
      ...okProfile,
      response: { ...okProfile.response, firstName: 'Zo\ud800ë \udfff', lastName: 'Pair \ud83d\ude00' },
    };
    // JSON.stringify escapes a lone surrogate ("\ud800"), as the sandbox's persona files do.
    expect(JSON.stringify(body)).toContain('\\ud800');
    const client = createClient({ fetch: () => Promise.resolve(json(body)) });
    const answer = await getHomeEarlyInit(client);
    expect(answer.ok).toBe(true);
    const response = (answer as { data: { response: { firstName: string; lastName: string } } }).data
      .response;
    expect(response.firstName).toBe('Zo\ufffdë \ufffd');
    // A whole pair is a character, kept.
    expect(response.lastName).toBe('Pair 😀');
    expect(new TextDecoder().decode(new TextEncoder().encode(response.firstName))).toBe(response.firstName);
  });

  it('is made well formed without the platform’s toWellFormed too, keys and nested lists included', async () => {
    const { wellFormed, wellFormedString } = await import('../../src/api/well-formed');
    const plain = { a: ['x', { b: 'y' }], n: 1, t: true, z: null };
    expect(wellFormed(plain)).toBe(plain);
    expect(wellFormed({ ['k\udc00']: ['\ud800', 'ok', { c: 'a\udbff' }] })).toEqual({
      ['k\ufffd']: ['\ufffd', 'ok', { c: 'a\ufffd' }],
    });
    const proto = String.prototype as { toWellFormed?: unknown; isWellFormed?: unknown };
    const saved = [proto.toWellFormed, proto.isWellFormed];
    delete proto.toWellFormed;
    delete proto.isWellFormed;
    try {
      expect(wellFormedString('\udc00\ud800 \ud83d\ude00 \ud800')).toBe('\ufffd\ufffd 😀 \ufffd');
    } finally {
      [proto.toWellFormed, proto.isWellFormed] = saved;
    }
  });
});

describe("an aborted call says why (its signal's reason)", () => {
  const path = '/Orch/dssh/rx/getOutageDetails';
  /** A fetch that never answers and, aborted, rejects with its signal's reason, as fetch does. */
  function hanging() {
    const reasons: unknown[] = [];
    const f = fake(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => {
            reasons.push(init.signal?.reason);
            reject(init.signal?.reason as Error);
          });
        }),
    );
    return { ...f, reasons };
  }
  afterEach(() => void vi.useRealTimers());

  it("aborts at its deadline with a TimeoutError, and still answers kind 'timeout'", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const f = hanging();
    const call = createClient({ fetch: f.fetch, timeoutMs: 5_000 }).request({
      path,
      validate: validateOutage,
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await call).toEqual({
      ok: false,
      kind: 'timeout',
      message: `No answer from ${path} within 5000 ms`,
    });
    expect(f.reasons).toHaveLength(1);
    expect(f.reasons[0]).toBeInstanceOf(DOMException);
    expect(f.reasons[0]).toMatchObject({
      name: 'TimeoutError',
      message: `No answer from ${path} within 5000 ms`,
    });
  });

  it("passes the caller's reason on, and answers kind 'network' saying it", async () => {
    const f = hanging();
    const caller = new AbortController();
    const call = createClient({ fetch: f.fetch }).request({
      path,
      validate: validateOutage,
      signal: caller.signal,
    });
    const why = new DOMException('The page was left', 'AbortError');
    caller.abort(why);
    expect(await call).toEqual({
      ok: false,
      kind: 'network',
      message: `Network error on ${path}: The page was left`,
    });
    expect(f.reasons).toEqual([why]);
    expect(f.reasons[0]).toBe(why);
  });

  it('sends nothing for a caller that gave up before the call, and says why', async () => {
    const f = hanging();
    const caller = new AbortController();
    caller.abort(new DOMException('The page was left', 'AbortError'));
    expect(
      await createClient({ fetch: f.fetch }).request({
        path,
        validate: validateOutage,
        signal: caller.signal,
      }),
    ).toEqual({ ok: false, kind: 'network', message: `Network error on ${path}: The page was left` });
    expect(f.calls).toHaveLength(0);
  });

  it("passes the caller's default reason on when it gave none", async () => {
    const f = hanging();
    const caller = new AbortController();
    const call = createClient({ fetch: f.fetch }).request({
      path,
      validate: validateOutage,
      signal: caller.signal,
    });
    caller.abort();
    expect(await call).toMatchObject({ ok: false, kind: 'network' });
    expect(f.reasons[0]).toBe(caller.signal.reason);
    expect(f.reasons[0]).toMatchObject({ name: 'AbortError' });
  });
});
