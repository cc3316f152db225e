import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CONTENT_SECURITY_POLICY, HSTS, PERMISSIONS_POLICY } from '../../server/security';
import { appWith } from './harness';

let app: FastifyInstance;

beforeAll(async () => {
  app = await appWith(
    (root) => {
      // Two sibling families, each encapsulated: the shared plugin's hooks must reach both.
      void root.register((scope, _o, done) => {
        scope.get('/one', (_req, reply) => reply.send({ one: true }));
        done();
      });
      void root.register((scope, _o, done) => {
        scope.get('/two.js', (_req, reply) => reply.type('application/javascript').send('void 0'));
        scope.get('/boom', () => {
          throw new Error('a bug');
        });
        done();
      });
    },
    { allowedHosts: ['localhost', 'portal.example'], trustProxy: true },
  );
});
afterAll(() => app.close());

describe('the security plugin (shared by every route family)', () => {
  it.each(['/one', '/two.js', '/missing'])('puts the CSP and helmet headers on %s', async (url) => {
    const res = await app.inject(url);
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it('puts them on an error answer too, which says nothing of the bug', async () => {
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(res.json()).toEqual({ error: 'Server error' });
  });

  it('answers JavaScript as text/javascript (RFC 9239)', async () => {
    const res = await app.inject('/two.js');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
  });

  it('adds HSTS only over HTTPS (as a trusted proxy says)', async () => {
    expect((await app.inject('/one')).headers['strict-transport-security']).toBeUndefined();
    const https = await app.inject({ url: '/one', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe(HSTS);
  });

  it('refuses a Host it does not own with 421 and the reason, before any route runs', async () => {
    const res = await app.inject({ url: '/one', headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(421);
    expect(res.body).toContain("Host 'evil.example'");
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    const own = await app.inject({ url: '/one', headers: { host: 'portal.example:8443' } });
    expect(own.statusCode).toBe(200);
  });
});
