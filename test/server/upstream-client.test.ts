/**
 * The server render's calls to Orch (server/upstream.ts): what the API client reads of an answer (status, its
 * headers, its body as text or JSON), and Orch's cookies kept for the page's own answer, never among the
 * answer's headers.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
