import { describe, expect, it } from 'vitest';
import { withApplicationKey } from '../../src/api/application-key';
import { withLazyApplicationKey } from '../../src/api/preauth-client';
import type { ApiClient, RequestOptions, Result } from '../../src/api/client';
import { validateForgotUsername } from '../../src/generated/validators/forgot-username.js';
import { validateIsAuth } from '../../src/generated/validators/is-auth.js';

const KEY_URL = '/sandbox/application-key';
const HEADER = 'X-Application-Key';

/**
 * A fake transport standing in for the server: it issues keys k1, k2 ... (each for `lifetime` seconds) and
 * answers 401 to a /preauth call whose key is not the latest one issued, or `refuse` says so.
 */
function server(lifetime = 900) {
  let issued = 0;
  const requests: RequestOptions<unknown>[] = [];
  const state = { refuse: 0, keyFails: false, latest: '' };
  const client: ApiClient = {
    request<T>(req: RequestOptions<T>): Promise<Result<T>> {
      requests.push(req);
      if (req.path === KEY_URL) {
        if (state.keyFails)
          return Promise.resolve({ ok: false, kind: 'http', status: 503, message: 'HTTP 503' });
        state.latest = `k${++issued}`;
        return Promise.resolve({ ok: true, data: { key: state.latest, expiresIn: lifetime } as T });
      }
      const key = req.headers?.[HEADER];
      if (req.path.startsWith('/preauth/') && (key !== state.latest || state.refuse-- > 0)) {
        return Promise.resolve({ ok: false, kind: 'unauthenticated', status: 401, message: 'HTTP 401' });
      }
      return Promise.resolve({ ok: true, data: { status: 'SUCCESS', errorMessage: '' } as T });
    },
  };
  return { client, requests, state };
}

const forgot: RequestOptions<unknown> = {
  path: '/preauth/dssh/Orch/forgotFlow/getForgottenUserName2',
  query: { email: 'a@b.example' },
  validate: validateForgotUsername,
};

function keyed(s: ReturnType<typeof server>, clock = { ms: 0 }) {
  return withApplicationKey(s.client, { keyUrl: KEY_URL, header: HEADER, now: () => clock.ms });
}

describe('the pre-auth application key', () => {
  it('every /preauth call carries the application key header; other calls carry none', async () => {
    const s = server();
    const client = keyed(s);
    expect((await client.request(forgot)).ok).toBe(true);
    await client.request({ path: '/Orch/isAuth', validate: validateIsAuth });
    expect(s.requests.map((r) => [r.path, r.headers?.[HEADER]])).toEqual([
      [KEY_URL, undefined],
      [forgot.path, 'k1'],
      ['/Orch/isAuth', undefined],
    ]);
  });

  it('one key is fetched for calls made at the same time, and reused while fresh', async () => {
    const s = server();
    const client = keyed(s);
    await Promise.all([client.request(forgot), client.request(forgot), client.request(forgot)]);
    await client.request(forgot);
    expect(s.requests.filter((r) => r.path === KEY_URL)).toHaveLength(1);
  });

  it('a key about to expire is renewed before the call', async () => {
    const s = server(60);
    const clock = { ms: 0 };
    const client = keyed(s, clock);
    await client.request(forgot);
    clock.ms = 31_000; // 60 s life, renewed 30 s early
    await client.request(forgot);
    expect(s.requests.filter((r) => r.path === forgot.path).map((r) => r.headers?.[HEADER])).toEqual([
      'k1',
      'k2',
    ]);
  });

  it('a missing or expired key is answered 401: a new key is fetched once and the call retried once', async () => {
    const s = server();
    const client = keyed(s);
    await client.request(forgot);
    s.state.latest = 'rotated-by-the-server';
    const r = await client.request(forgot);
    expect(r.ok).toBe(true);
    expect(s.requests.map((q) => `${q.path} ${q.headers?.[HEADER] ?? ''}`.trim())).toEqual([
      KEY_URL,
      `${forgot.path} k1`,
      `${forgot.path} k1`,
      KEY_URL,
      `${forgot.path} k2`,
    ]);
  });

  it('a second 401 is the call’s failure: no third attempt', async () => {
    const s = server();
    s.state.refuse = 5;
    const r = await keyed(s).request(forgot);
    expect(r).toMatchObject({ ok: false, status: 401 });
    expect(s.requests.filter((q) => q.path === forgot.path)).toHaveLength(2);
    expect(s.requests.filter((q) => q.path === KEY_URL)).toHaveLength(2);
  });

  it('when no key can be had, the call fails without being sent', async () => {
    const s = server();
    s.state.keyFails = true;
    const r = await keyed(s).request(forgot);
    expect(r).toMatchObject({ ok: false, kind: 'http', message: 'No application key: HTTP 503' });
    expect(s.requests.map((q) => q.path)).toEqual([KEY_URL]);
  });
});

describe('the client the portal starts with (the key wrapper loads with the first /preauth call)', () => {
  it('calls outside /preauth go out as they are; /preauth calls carry the key, one key for concurrent calls', async () => {
    const s = server();
    const client = withLazyApplicationKey(s.client, { keyUrl: KEY_URL, header: HEADER, now: () => 0 });
    await client.request({ path: '/Orch/isAuth', validate: validateIsAuth });
    const answers = await Promise.all([client.request(forgot), client.request(forgot)]);
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(s.requests.map((r) => [r.path, r.headers?.[HEADER]])).toEqual([
      ['/Orch/isAuth', undefined],
      [KEY_URL, undefined],
      [forgot.path, 'k1'],
      [forgot.path, 'k1'],
    ]);
  });
});
