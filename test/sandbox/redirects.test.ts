import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadPersonas } from '../../server/personas';
import type { Harness as SandboxServer } from './harness';
import { REDIRECT_CORPUS } from '../support/redirect-corpus';
import { Browser, copyRules, makeDist, start } from './harness';

/**
 * Every redirect point of the server, with the shared corpus: the sign-in's `redirect` (also in
 * server.test.ts), logout (its target is configuration, which may name the provider's sign-in), and the
 * jump-out stand-ins (their query parameters are the request's). Judged on the URL the browser follows.
 */
const dist = makeDist();
const rules = copyRules();
const personas = loadPersonas([], () => undefined);
const allowlist = (JSON.parse(readFileSync('config/portal.json', 'utf8')) as { redirectAllowlist: string[] })
  .redirectAllowlist;

let sandbox: SandboxServer;
let base: string;
beforeAll(async () => {
  ({ sandbox, base } = await start({ distDir: dist, rulesDir: rules, personas }));
});
afterAll(() => sandbox.close());

/** Where a browser goes from a 302 answered at `from`: an absolute URL that stays on the portal. */
function expectOnPortal(res: Response, from: string, allowed: readonly string[] = []): URL {
  expect(res.status).toBe(302);
  const location = res.headers.get('location') ?? '';
  expect(location, 'the Location is the absolute URL that was checked').toMatch(/^https?:\/\//);
  const followed = new URL(location, from);
  expect([new URL(from).origin, ...allowed]).toContain(followed.origin);
  expect(followed.pathname.startsWith('//')).toBe(false);
  return followed;
}

describe('sign-in redirect', () => {
  it.each(REDIRECT_CORPUS)('redirect=%j stays on the portal', async (target) => {
    const res = await new Browser(base).signIn('postpaid', `&redirect=${encodeURIComponent(target)}`);
    expectOnPortal(res, `${base}/sandbox/signin`);
  });
});

describe('logout', () => {
  it('goes to the configured sign-in page, as an absolute URL', async () => {
    const b = new Browser(base);
    await b.signIn('postpaid');
    const followed = expectOnPortal(await b.get('/Orch/logout'), `${base}/Orch/logout`);
    expect(followed.href).toBe(`${base}/sandbox/signin`);
  });

  it.each(REDIRECT_CORPUS)(
    'a sign-in address configured as %j never sends the browser off the portal',
    async (target) => {
      const configured = await start({
        distDir: dist,
        rulesDir: rules,
        personas,
        signIn: { signInUrl: target },
      });
      try {
        const res = await new Browser(configured.base).get('/Orch/logout');
        expectOnPortal(res, `${configured.base}/Orch/logout`, allowlist);
      } finally {
        await configured.sandbox.close();
      }
    },
  );

  it('follows a configured provider sign-in page on the allowlist', async () => {
    const provider = `${allowlist[0] ?? ''}/signin`;
    const configured = await start({
      distDir: dist,
      rulesDir: rules,
      personas,
      signIn: { signInUrl: provider },
    });
    try {
      const res = await new Browser(configured.base).get('/Orch/logout');
      expect(res.headers.get('location')).toBe(provider);
    } finally {
      await configured.sandbox.close();
    }
  });
});

describe('jump-out stand-ins', () => {
  const JUMPS: [string, string][] = [
    ['jumpOutPayBill', 'accountNumber'],
    ['jumpOutTechTracker', 'accountNumber'],
    ['jumpOutVacationRestore', 'accountNumber'],
    ['jumpOutMovers', 'discount'],
    ['jumpOutChangeDueDate', 'accountNumber'],
    ['jumpOutManageAutoPay', 'accountNumber'],
  ];
  let b: Browser;
  beforeAll(async () => {
    b = new Browser(base);
    await b.signIn('postpaid');
  });

  it.each(JUMPS)('%s lands on its stand-in page whatever its %s says', async (call, param) => {
    for (const payload of REDIRECT_CORPUS) {
      const from = `${base}/Orch/dssh/redirectEntry/${call}`;
      const res = await b.get(`/Orch/dssh/redirectEntry/${call}?${param}=${encodeURIComponent(payload)}`);
      const followed = expectOnPortal(res, from);
      expect(followed.pathname, payload).toMatch(/^\/sandbox\/jump\/[A-Za-z]+$/);
    }
  });
});
