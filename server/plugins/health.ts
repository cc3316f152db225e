/**
 * What a load balancer or an orchestrator asks: `GET /healthz`, is the process alive (always 200 while it
 * answers at all), and `GET /readyz`, should it get traffic: 200 when every rule file has a version to serve,
 * with a rules remote when this server serves the shared rules (it fetched the remote since it started, or
 * serves a version it fetched before: the detail says which), and, in production, the Orch upstream answers
 * within a short bound; 503 with the failing checks otherwise.
 * While the server shuts down, Fastify answers 503 to both (return503OnClosing), so traffic drains away.
 *
 * Neither is cached, limited or logged at info: a probe every few seconds must not fill the log.
 */
import type { FastifyPluginCallback } from 'fastify';
import { json } from '../http';
import type { RulesCache } from '../rules-cache';

/**
 * How long /readyz waits for the upstream before it says 503 (unless the app passes another bound). A load
 * balancer's probe must allow longer than this for the answer (docs/deploy.md, lib/rehearsal/haproxy.ts).
 */
export const READY_UPSTREAM_TIMEOUT_MS = 2_000;

export interface HealthOptions {
  rules: RulesCache;
  /** the Orch upstream (production); readiness then asks it */
  upstream?: string;
  /** how long the upstream may take to answer readiness's request (default 2 s) */
  upstreamTimeoutMs?: number;
  /** with a rules remote: whether this server serves the shared rules, and why (server/studio/rules-remote.ts) */
  rulesRemote?: () => Promise<Check>;
}

export interface Check {
  ok: boolean;
  detail: string;
}

/** Every decision's rule file has a version to serve (a rejected edit keeps its last valid one). */
export function rulesCheck(rules: RulesCache): Check {
  const missing = Object.entries(rules.status())
    .filter(([, entry]) => entry.status === 'unavailable')
    .map(([name]) => name);
  return missing.length === 0
    ? { ok: true, detail: 'every rule file has a version to serve' }
    : { ok: false, detail: `no valid version of ${missing.join(', ')}` };
}

/** The upstream answers anything at all (any status) within `timeoutMs`: it is up and reachable. */
export async function upstreamCheck(upstream: string, timeoutMs: number): Promise<Check> {
  const { origin } = new URL(upstream);
  try {
    const res = await fetch(origin, {
      method: 'HEAD',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel();
    return { ok: true, detail: `${origin} answered ${res.status}` };
  } catch (e) {
    const reason =
      e instanceof Error && e.name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : e instanceof Error
          ? ((e.cause as Error | undefined)?.message ?? e.message)
          : String(e);
    return { ok: false, detail: `${origin} unreachable: ${reason}` };
  }
}

const health: FastifyPluginCallback<HealthOptions> = (app, options, done) => {
  const quiet = { logLevel: 'warn' as const };
  app.get('/healthz', quiet, (_req, reply) => json(reply, 200, { status: 'alive' }));
  app.get('/readyz', quiet, async (_req, reply) => {
    const checks: Record<string, Check> = { rules: rulesCheck(options.rules) };
    if (options.rulesRemote) checks.rulesRemote = await options.rulesRemote();
    if (options.upstream) {
      checks.upstream = await upstreamCheck(
        options.upstream,
        options.upstreamTimeoutMs ?? READY_UPSTREAM_TIMEOUT_MS,
      );
    }
    const ready = Object.values(checks).every((c) => c.ok);
    return json(reply, ready ? 200 : 503, { status: ready ? 'ready' : 'not ready', checks });
  });
  done();
};

export default health;
