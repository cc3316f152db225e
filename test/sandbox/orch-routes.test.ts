import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { faultApplier } from '../../sandbox/faults';
import orchRoutes from '../../sandbox/orch-routes';
import { loadPersonas } from '../../server/personas';
import { SessionStore } from '../../sandbox/session';
import { sandboxAppWith as appWith } from './plugin-harness';

const personas = loadPersonas();
const persona = personas.find((p) => p.id === 'postpaid');
if (!persona) throw new Error('no postpaid persona');
const store = new SessionStore();
let app: FastifyInstance;

const as = (id: string): Record<string, string> => ({ cookie: `sid=${id}` });

beforeAll(async () => {
  app = await appWith(
    (root) =>
      void root.register(orchRoutes, {
        logoutUrl: '/Orch/logout',
        signInUrl: '/sandbox/signin',
        redirectAllowlist: [],
        today: () => new Date(2025, 2, 10, 12),
        applyFault: faultApplier(50),
      }),
    { store },
  );
});
afterAll(() => app.close());

describe('the simulated Orch plugin', () => {
  it('answers isAuth for anyone and 401 to a call without a session', async () => {
    expect((await app.inject('/Orch/isAuth')).json()).toEqual({ authenticated: false });
    const res = await app.inject('/Orch/dssh/homeEarlyInit');
    expect(res.statusCode).toBe(401);
  });

  it("answers a signed-in session's calls from its persona", async () => {
    const s = store.signIn(undefined, persona);
    expect((await app.inject({ url: '/Orch/isAuth', headers: as(s.id) })).json()).toEqual({
      authenticated: true,
    });
    const res = await app.inject({ url: '/Orch/dssh/homeEarlyInit', headers: as(s.id) });
    expect(res.statusCode).toBe(200);
    expect(
      res.json<{ response: { currentlyManagedAccount: string } }>().response.currentlyManagedAccount,
    ).toBe(persona.accounts[0]?.accountNumber);
    expect((await app.inject({ url: '/Orch/no/such/call', headers: as(s.id) })).statusCode).toBe(404);
  });

  it('streams a file answer (the bill PDF) with its own type and headers', async () => {
    const s = store.signIn(undefined, persona);
    const dates = (await app.inject({ url: '/Orch/dssh/postpaid/getBillDates', headers: as(s.id) })).json<{
      details: { billDate: string }[];
    }>();
    const billDate = dates.details[0]?.billDate ?? '';
    const query = new URLSearchParams({ acctNo: persona.accounts[0]?.accountNumber ?? '', billDate });
    const res = await app.inject({
      url: `/Orch/dssh/postpaid/getBillPdf?${query.toString()}`,
      headers: as(s.id),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="bill-/);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it("answers with the session's armed fault instead", async () => {
    const s = store.signIn(undefined, persona);
    store.setFault(s, '/Orch/dssh/homeEarlyInit', '500');
    store.setFault(s, '/Orch/dssh/rx/getOutageDetails', 'timeout');
    const failed = await app.inject({ url: '/Orch/dssh/homeEarlyInit', headers: as(s.id) });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({ error: 'Injected fault' });
    const timedOut = await app.inject({ url: '/Orch/dssh/rx/getOutageDetails', headers: as(s.id) });
    expect(timedOut.statusCode).toBe(504);
  });

  it('keeps the issue log on the session, cut to the spec fields', async () => {
    const s = store.signIn(undefined, persona);
    const res = await app.inject({
      method: 'POST',
      url: '/Orch/dssh/ui/sanitize',
      headers: { ...as(s.id), 'content-type': 'text/plain' },
      payload: JSON.stringify({ page: 'home', message: 'failed', level: 'error', extra: 'dropped' }),
    });
    expect(res.statusCode).toBe(200);
    expect(s.issues).toEqual([
      { accountNumber: '', emailAddress: '', page: 'home', operation: '', message: 'failed', level: 'error' },
    ]);
  });

  it('logout ends the session, clears its cookie and goes to sign in', async () => {
    const s = store.signIn(undefined, persona);
    const res = await app.inject({ url: '/Orch/logout', headers: as(s.id) });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('http://localhost/sandbox/signin');
    expect(String(res.headers['set-cookie'])).toMatch(/^sid=; Max-Age=0;/);
    expect(store.get(s.id)).toBeUndefined();
  });

  it('refuses every call from another origin, GETs included', async () => {
    const s = store.signIn(undefined, persona);
    for (const url of ['/Orch/logout', '/Orch/dssh/profile/declineAltTn?accountNumber=1']) {
      const res = await app.inject({ url, headers: { ...as(s.id), 'sec-fetch-site': 'cross-site' } });
      expect(res.statusCode, url).toBe(403);
    }
    expect(store.get(s.id)?.ownAccounts.size).toBe(0);
  });
});
