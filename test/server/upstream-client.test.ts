/**
 * The server render's calls to Orch (server/upstream.ts): what the API client reads of an answer (status, its
 * headers, its body as text or JSON), and Orch's cookies kept for the page's own answer, never among the
 * answer's headers; an Orch that hangs past the API client's deadline counted and logged as the proxy's calls
 * are (a timeout on /metrics, the outage at warn once).
 */
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client';
import { getHomeEarlyInit } from '../../src/api/calls/home-early-init';
import { PortalMetrics } from '../../server/metrics';
import { UpstreamHealth } from '../../server/plugins/orch-proxy';
import { UpstreamClient } from '../../server/upstream';

let orch: Server;
let client: UpstreamClient;
const seen: Array<{ url: string; cookie: string | undefined }> = [];

beforeAll(async () => {
  orch = createServer((req, res) => {
    seen.push({ url: req.url ?? '', cookie: req.headers.cookie });
    if (req.url === '/Orch/empty') return void res.writeHead(204).end();
    res.setHeader('Set-Cookie', ['ORCHSESSION=fresh; Path=/', 'ROUTE=b; Path=/']);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ status: 'SUCCESS', name: 'Zoë' }));
  });
  await new Promise<void>((ok) => orch.listen(0, '127.0.0.1', ok));
  const upstream = `http://127.0.0.1:${(orch.address() as AddressInfo).port}`;
  client = new UpstreamClient({
    upstream,
    timeoutMs: 5_000,
    ownCookies: ['portal_session'],
    health: new UpstreamHealth(upstream, { warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger),
  });
});
afterAll(async () => {
  await client.close();
  await new Promise((ok) => orch.close(ok));
});

const request = {
  headers: { cookie: 'portal_session=secret; ORCHSESSION=old' },
  host: 'portal.example',
  protocol: 'https',
  ip: '203.0.113.9',
} as unknown as FastifyRequest;

describe("the server render's calls to Orch", () => {
  it("answer what the API client reads, and keep Orch's cookies for the page", async () => {
    const setCookies: string[] = [];
    const res = await client.fetchFor(request, setCookies)('/Orch/profile?x=1', { method: 'GET' });
    expect(res.status).toBe(200);
    expect(res.ok).toBe(true);
    expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await res.json()).toEqual({ status: 'SUCCESS', name: 'Zoë' });
    expect(await res.text()).toBe('{"status":"SUCCESS","name":"Zoë"}');
    expect(setCookies).toEqual(['ORCHSESSION=fresh; Path=/', 'ROUTE=b; Path=/']);
    // The customer's cookies go up without the portal's own.
    expect(seen.at(-1)).toEqual({ url: '/Orch/profile?x=1', cookie: 'ORCHSESSION=old' });
  });

  it('answer 204 with an empty body', async () => {
    const res = await client.fetchFor(request, [])('/Orch/empty', { method: 'GET' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
  });
});

/** A logger that keeps what it was told, by level. */
function lines(): { log: FastifyBaseLogger; at: (level: 'warn' | 'info') => Array<Record<string, unknown>> } {
  const kept: Array<Record<string, unknown> & { level: string }> = [];
  const at =
    (level: string) =>
    (obj: Record<string, unknown>, msg: string): void =>
      void kept.push({ ...obj, msg, level });
  return {
    log: { warn: at('warn'), info: at('info') } as unknown as FastifyBaseLogger,
    at: (level) => kept.filter((l) => l.level === level).map(({ level: _, ...l }) => l),
  };
}

describe("the server render's calls to an Orch that accepts and never answers", () => {
  const sockets: Socket[] = [];
  const hanging = createTcpServer((s) => void sockets.push(s));
  let upstream = '';
  beforeAll(async () => {
    await new Promise<void>((ok) => hanging.listen(0, '127.0.0.1', ok));
    upstream = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((ok) => hanging.close(ok));
  });

  it('are counted as timeouts and logged, the outage once at warn, when the API client gives up', async () => {
    const { log, at } = lines();
    const metrics = new PortalMetrics();
    // Production's deadline for undici (15 s): the API client's own, shorter here, passes first.
    const hung = new UpstreamClient({
      upstream,
      timeoutMs: 15_000,
      ownCookies: [],
      health: new UpstreamHealth(upstream, log),
      metrics,
    });
    try {
      const api = createClient({
        fetch: hung.fetchFor({ ...request, log }, []),
        timeoutMs: 200,
      });
      for (let i = 0; i < 2; i++)
        // The API client still reports its own time-out to the page.
        expect(await getHomeEarlyInit(api)).toMatchObject({ ok: false, kind: 'timeout' });
      expect(await metrics.text()).toMatch(
        /^portal_upstream_requests_total\{call="\/Orch\/dssh\/homeEarlyInit",outcome="timeout"\} 2$/m,
      );
      expect(at('warn')).toEqual([
        {
          upstream,
          call: '/Orch/dssh/homeEarlyInit',
          reason: 'did not answer in time',
          msg: `Orch outage: ${upstream} did not answer in time`,
        },
      ]);
      expect(at('info')).toEqual(
        Array(2).fill({
          upstream,
          call: '/Orch/dssh/homeEarlyInit',
          outcome: 'timeout',
          msg: 'Orch did not answer in time',
        }),
      );
    } finally {
      await hung.close();
    }
  });

  it('count nothing for a call given up before it left', async () => {
    const { log, at } = lines();
    const metrics = new PortalMetrics();
    const hung = new UpstreamClient({
      upstream,
      timeoutMs: 15_000,
      ownCookies: [],
      health: new UpstreamHealth(upstream, log),
      metrics,
    });
    try {
      const call = hung.fetchFor({ ...request, log }, [])('/Orch/dssh/homeEarlyInit', {
        method: 'GET',
        signal: AbortSignal.abort(),
      });
      await expect(call).rejects.toMatchObject({ name: 'AbortError' });
      expect(await metrics.text()).not.toMatch(/^portal_upstream_requests_total\{/m);
      expect(at('warn')).toEqual([]);
    } finally {
      await hung.close();
    }
  });
});
