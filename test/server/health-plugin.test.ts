import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import healthPlugin from '../../server/plugins/health';
import { RulesCache } from '../../server/rules-cache';
import { copyRules } from '../sandbox/harness';
import { appWith } from './harness';

/** An HTTP server on loopback: `answer` false holds every request without answering. */
async function upstream(answer: boolean): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    if (answer) res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
}

const rules = new RulesCache(copyRules(), { onProblem: () => undefined });
let up: { url: string; server: Server };
let silent: { url: string; server: Server };
let gone: string;

beforeAll(async () => {
  up = await upstream(true);
  silent = await upstream(false);
  const closed = await upstream(true);
  gone = closed.url;
  await stop(closed.server);
});
afterAll(async () => {
  await stop(up.server);
  await stop(silent.server);
});

/**
 * The plugin with a readiness bound: generous where the upstream answers (a loaded machine must not turn
 * an answer into a time-out), short where it never will (the bound is what is tested).
 */
async function health(upstreamUrl?: string, cache = rules, timeoutMs = 10_000): Promise<FastifyInstance> {
  return appWith(
    (root) =>
      void root.register(healthPlugin, {
        rules: cache,
        ...(upstreamUrl ? { upstream: upstreamUrl } : {}),
        upstreamTimeoutMs: timeoutMs,
      }),
    { allowedHosts: ['localhost'] },
  );
}

describe('the health plugin', () => {
  it('says it is alive, uncached', async () => {
    const app = await health();
    const res = await app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'alive' });
    expect(res.headers['cache-control']).toBe('no-store');
    await app.close();
  });

  it('is ready in the sandbox when every rule file has a version to serve', async () => {
    const app = await health();
    const res = await app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready', checks: { rules: { ok: true } } });
    await app.close();
  });

  it('is not ready while a rule file has no valid version, and names it', async () => {
    const dir = copyRules();
    rmSync(join(dir, 'navigation.json'));
    const app = await health(undefined, new RulesCache(dir, { onProblem: () => undefined }));
    const res = await app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'not ready',
      checks: { rules: { ok: false, detail: 'no valid version of navigation.json' } },
    });
    await app.close();
  });

  it('is ready in production when the upstream answers, whatever it answers', async () => {
    const app = await health(up.url);
    const res = await app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      checks: { upstream: { ok: true, detail: `${up.url} answered 404` } },
    });
    await app.close();
  });

  it('is not ready when the upstream refuses the connection, or says nothing within the bound', async () => {
    for (const [url, detail] of [
      [gone, `${gone} unreachable`],
      [silent.url, `${silent.url} unreachable: no answer within 200 ms`],
    ] as const) {
      const app = await health(url, rules, 200);
      const res = await app.inject('/readyz');
      expect(res.statusCode, url).toBe(503);
      expect(res.json<{ checks: { upstream: { detail: string } } }>().checks.upstream.detail).toContain(
        detail,
      );
      await app.close();
    }
  });

  it('answers a probe that names the server by its address, and nothing else for that Host', async () => {
    const app = await appWith(
      (root) => {
        void root.register(healthPlugin, { rules });
        void root.register((scope, _o, done) => {
          scope.get('/home', (_req, reply) => reply.send('home'));
          done();
        });
      },
      { allowedHosts: ['localhost'], anyHost: ['/healthz', '/readyz'] },
    );
    const byAddress = { host: '10.0.0.5:8080' };
    expect((await app.inject({ url: '/readyz', headers: byAddress })).statusCode).toBe(200);
    expect((await app.inject({ url: '/healthz?probe=1', headers: byAddress })).statusCode).toBe(200);
    expect((await app.inject({ url: '/home', headers: byAddress })).statusCode).toBe(421);
    await app.close();
  });
});
