import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import orchProxyPlugin from '../../server/plugins/orch-proxy';
import { CONTENT_SECURITY_POLICY } from '../../server/security';
import { appWith } from './harness';

interface Seen {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  body: string;
}
const seen: Seen[] = [];
let upstream: Server;
let app: FastifyInstance;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      // An upstream with security headers of its own and a session cookie of its own.
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-security-policy': 'default-src *',
        'x-frame-options': 'ALLOWALL',
        'set-cookie': 'ORCHSESSION=abc; Path=/; HttpOnly; Secure; SameSite=Lax',
      });
      res.end(JSON.stringify({ upstream: true }));
    });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const { port } = upstream.address() as AddressInfo;
  app = await appWith(
    (root) =>
      void root.register(orchProxyPlugin, {
        upstream: `http://127.0.0.1:${port}`,
        // Stands for the sandbox's fault switch: it may answer before the call leaves.
        preHandler: (req, reply, done) => {
          if (req.url.startsWith('/Orch/held')) return void reply.code(599).send({ held: true });
          done();
        },
      }),
  );
});
afterAll(async () => {
  await app.close();
  upstream.closeAllConnections();
  await new Promise<void>((r) => upstream.close(() => r()));
});

describe('the Orch proxy plugin', () => {
  it("sends method, path, query, body and the customer's cookies up, and the upstream's cookie back", async () => {
    seen.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: '/Orch/dssh/setCurrentAccount?x=1',
      headers: { cookie: 'ORCHSESSION=xyz; other=1', 'content-type': 'application/json' },
      payload: '{"pid":"P1"}',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ upstream: true });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/Orch/dssh/setCurrentAccount?x=1',
      body: '{"pid":"P1"}',
    });
    expect(seen[0]?.headers.cookie).toBe('ORCHSESSION=xyz; other=1');
    expect(String(res.headers['set-cookie'])).toContain('ORCHSESSION=abc');
  });

  it('proxies /preauth the same way', async () => {
    seen.length = 0;
    await app.inject('/preauth/dssh/bm/validateEmailUn?emailAddress=a@b.example');
    expect(seen[0]?.url).toBe('/preauth/dssh/bm/validateEmailUn?emailAddress=a@b.example');
  });

  it("puts this server's security headers over the upstream's", async () => {
    const res = await app.inject('/Orch/isAuth');
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('refuses a call from another origin before it leaves', async () => {
    seen.length = 0;
    const res = await app.inject({ url: '/Orch/logout', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(403);
    expect(seen).toHaveLength(0);
  });

  it('lets its preHandler answer instead of the upstream', async () => {
    seen.length = 0;
    const res = await app.inject('/Orch/held');
    expect(res.statusCode).toBe(599);
    expect(seen).toHaveLength(0);
  });
});
