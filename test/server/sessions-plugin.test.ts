import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { AnalystSessions } from '../../server/analyst-sessions';
import { ANALYST_CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY } from '../../server/security';
import { analystIdentity } from '../support/portal';
import { appWith, cookieOf } from './harness';

let clock = 1_000_000;
const store = new AnalystSessions({ idleMs: 60_000 }, () => clock);
let app: FastifyInstance;

beforeAll(async () => {
  app = await appWith(
    (root) => {
      // A family of its own reads and writes the shared session through the decorators.
      void root.register((scope, _o, done) => {
        scope.get('/who', (req, reply) =>
          reply.send({ id: req.portalSession?.id ?? null, analyst: req.portalSession?.analyst ?? null }),
        );
        scope.get('/sign-in', (req, reply) =>
          reply
            .setSessionCookie(scope.sessions.signInAnalyst(req.portalSession, analystIdentity('ana')))
            .send({}),
        );
        scope.get('/out', (req, reply) => {
          scope.sessions.end(req.portalSession?.id);
          return reply.clearSessionCookie().send({});
        });
        done();
      });
    },
    { store, trustProxy: true },
  );
});
afterAll(() => app.close());

describe('the sessions plugin (shared by every route family)', () => {
  it('decorates the server with the one store every family reads', () => {
    expect(app.sessions).toBe(store);
  });

  it('sets an HttpOnly, SameSite=Strict cookie with what is left of the lifetime, and reads it back', async () => {
    const res = await app.inject('/sign-in');
    const set = String(res.headers['set-cookie']);
    expect(set).toMatch(/^studio_sid=[0-9a-f]{32}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Strict$/);
    const who = await app.inject({ url: '/who', headers: { cookie: cookieOf(res.headers['set-cookie']) } });
    expect(who.json()).toMatchObject({ analyst: 'ana' });
  });

  it('marks the cookie Secure over HTTPS (as a trusted proxy says)', async () => {
    const res = await app.inject({ url: '/sign-in', headers: { 'x-forwarded-proto': 'https' } });
    expect(String(res.headers['set-cookie'])).toContain('; Secure');
  });

  it('knows no session for an unknown, malformed or expired cookie', async () => {
    for (const cookie of ['studio_sid=0123', 'studio_sid=%zz', 'other_app_pref=100%']) {
      expect((await app.inject({ url: '/who', headers: { cookie } })).json()).toEqual({
        id: null,
        analyst: null,
      });
    }
    const res = await app.inject('/sign-in');
    const cookie = cookieOf(res.headers['set-cookie']);
    clock += 61_000;
    expect((await app.inject({ url: '/who', headers: { cookie } })).json()).toMatchObject({ id: null });
  });

  it('clears the cookie at sign-out', async () => {
    const res = await app.inject('/sign-in');
    const cookie = cookieOf(res.headers['set-cookie']);
    const out = await app.inject({ url: '/out', headers: { cookie } });
    expect(String(out.headers['set-cookie'])).toMatch(/^studio_sid=; Max-Age=0;/);
    expect((await app.inject({ url: '/who', headers: { cookie } })).json()).toMatchObject({ id: null });
  });

  it("lets only an analyst's pages be framed by the studio (same origin)", async () => {
    // A customer's session is Orch's cookie: nothing of this server's.
    const asCustomer = await app.inject({ url: '/who', headers: { cookie: 'sid=0123456789abcdef' } });
    expect(asCustomer.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(asCustomer.headers['x-frame-options']).toBe('DENY');
    const analyst = cookieOf((await app.inject('/sign-in')).headers['set-cookie']);
    const asAnalyst = await app.inject({ url: '/who', headers: { cookie: analyst } });
    expect(asAnalyst.headers['content-security-policy']).toBe(ANALYST_CONTENT_SECURITY_POLICY);
    expect(asAnalyst.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
