import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Registry } from 'prom-client';
import type { FastifyBaseLogger } from 'fastify';
import { effectQuery, prometheusEffect, sketchQuery } from '../../server/rollout-prometheus';
import { DistinctSketch, PARTS } from '../../server/distinct-sketch';
import { RolloutMetrics, rolloutWatch } from '../../server/rollout-metrics';
import type { PortalMetrics } from '../../server/metrics';
import type { RulesCache } from '../../server/rules-cache';
import type { RulesRepo } from '../../server/studio/studio-repo';
import type { Rollout } from '../../src/engine/rollout';

/** A stand-in for Prometheus' query API: answers by the metric the query names; records every query. */
let answer: (query: string) => { status: number; body: unknown; delayMs?: number };
const queries: string[] = [];
let closedEarly = 0;
let server: Server;
let url: string;

const vector = (result: Array<[Record<string, string>, string]>) => ({
  status: 200,
  body: {
    status: 'success',
    data: { resultType: 'vector', result: result.map(([metric, v]) => ({ metric, value: [1764400000, v] })) },
  },
});

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const query = new URLSearchParams(body).get('query') ?? '';
      queries.push(query);
      const a = answer(query);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body));
      };
      res.on('close', () => {
        if (!res.writableEnded) closedEarly += 1;
      });
      // A Prometheus that never answers: only the caller's deadline ends the wait.
      if (a.delayMs === Infinity) return;
      if (a.delayMs) setTimeout(send, a.delayMs);
      else send();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((r) => server.close(() => r()));
});

const SET_AT = '2026-11-29T10:00:00.000Z';
const NOW = new Date('2026-11-29T11:00:00.000Z');

/** A sketch's non-zero parts as max_over_time answers them, labelled as one server's lifetime exposes them. */
function sketchSamples(
  accounts: string[],
  labels: Record<string, string>,
): Array<[Record<string, string>, string]> {
  const sketch = DistinctSketch.of(accounts);
  const out: Array<[Record<string, string>, string]> = [];
  for (let part = 0; part < PARTS; part += 1)
    if (sketch.packed(part) > 0) out.push([{ ...labels, part: String(part) }, String(sketch.packed(part))]);
  return out;
}

const customers = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `31000${from + i}`);

/** Every server's figures as Prometheus sums them, by metric. */
function summed(query: string) {
  if (query.includes('portal_rollout_customers_sketch'))
    return vector([
      // Two servers, one of them restarted: the same customers on several count once.
      ...sketchSamples(customers(3), {
        instance: 's1',
        boot: 'a',
        side: 'live',
        what: 'home',
        section: 'home',
      }),
      ...sketchSamples(customers(3, 2), {
        instance: 's1',
        boot: 'b',
        side: 'live',
        what: 'home',
        section: 'home',
      }),
      ...sketchSamples(customers(2, 4), {
        instance: 's2',
        boot: 'c',
        side: 'live',
        what: 'home',
        section: 'home',
      }),
      ...sketchSamples(customers(2), {
        instance: 's2',
        boot: 'c',
        side: 'live',
        what: 'tapped',
        section: 'prepaid-card-alert',
      }),
      ...sketchSamples(customers(4, 10), {
        instance: 's1',
        boot: 'a',
        side: 'new',
        what: 'shown',
        section: 'greeting',
      }),
      // Junk a series could carry: an unknown figure, a side, a part out of range, a value too large.
      [{ side: 'new', what: 'bought', section: 'greeting', part: '0' }, '1'],
      [{ side: 'other', what: 'home', section: 'home', part: '0' }, '1'],
      [{ side: 'new', what: 'home', section: 'home', part: '99' }, '1'],
      [{ side: 'new', what: 'home', section: 'home', part: '0' }, '1e300'],
    ]);
  if (query.includes('portal_rollout_homes_total'))
    return vector([
      [{ side: 'live' }, '7'],
      [{ side: 'new' }, '5'],
    ]);
  if (query.includes('portal_rollout_sections_shown_total'))
    return vector([
      [{ side: 'live', section: 'prepaid-card-alert' }, '3'],
      [{ side: 'new', section: 'prepaid-card-alert' }, '0'],
      [{ side: 'new', section: 'greeting' }, '5'],
    ]);
  if (query.includes('portal_rollout_section_actions_total'))
    return vector([
      [{ side: 'live', section: 'prepaid-card-alert', action: 'tapped' }, '2'],
      [{ side: 'live', section: 'prepaid-card-alert', action: 'dismissed' }, '1'],
      [{ side: 'new', section: 'greeting', action: 'tapped' }, '0'],
    ]);
  return vector([[{ side: 'new' }, '4']]);
}

describe("a rollout's live effect from Prometheus' query API (issue 32 item 4)", () => {
  it("asks each figure's increase since the share was set, rounded per series, summed by side", async () => {
    answer = summed;
    queries.length = 0;
    const sides = await prometheusEffect({ url }, 'c0ffee123456', SET_AT, NOW);
    expect(queries.sort()).toEqual(
      [
        'sum by (side) (round(increase(portal_rollout_homes_total{change="c0ffee123456"}[3600s])))',
        'sum by (side, section) (round(increase(portal_rollout_sections_shown_total{change="c0ffee123456"}[3600s])))',
        'sum by (side, section, action) (round(increase(portal_rollout_section_actions_total{change="c0ffee123456"}[3600s])))',
        'sum by (side) (round(increase(portal_rollout_issues_total{change="c0ffee123456"}[3600s])))',
        'max_over_time(portal_rollout_customers_sketch{change="c0ffee123456",set="2026-11-29T10:00:00.000Z"}[3600s])',
      ].sort(),
    );
    // Distinct customers: the union of every server's and lifetime's sketch (accounts 0 to 5 on the live side).
    const union = (accounts: string[]) => DistinctSketch.of(accounts).count();
    expect(sides).toEqual({
      live: {
        homes: 7,
        shown: { 'prepaid-card-alert': 3 },
        tapped: { 'prepaid-card-alert': 2 },
        dismissed: { 'prepaid-card-alert': 1 },
        completed: {},
        issues: 0,
        customers: {
          home: union(customers(6)),
          shown: {},
          tapped: { 'prepaid-card-alert': 2 },
          completed: {},
        },
      },
      new: {
        homes: 5,
        shown: { greeting: 5 },
        tapped: {},
        dismissed: {},
        completed: {},
        issues: 4,
        customers: { home: 0, shown: { greeting: 4 }, tapped: {}, completed: {} },
      },
    });
    expect(union(customers(6))).toBe(6);
  });

  it('quotes the change as a PromQL string, never pasted in as it is', () => {
    expect(effectQuery('m', 'a"} or vector(1) #', 10, ['side'])).toBe(
      'sum by (side) (round(increase(m{change="a\\"} or vector(1) #"}[10s])))',
    );
    expect(sketchQuery('a"}', 'b"}', 10)).toBe(
      'max_over_time(portal_rollout_customers_sketch{change="a\\"}",set="b\\"}"}[10s])',
    );
  });

  it("says what failed: Prometheus' own error, a non-vector, an address nobody answers", async () => {
    answer = () => ({ status: 400, body: { status: 'error', error: 'parse error at char 7' } });
    await expect(prometheusEffect({ url }, 'c', SET_AT, NOW)).rejects.toThrow(
      'Prometheus answered 400: parse error at char 7',
    );
    answer = () => ({ status: 200, body: { status: 'success', data: { resultType: 'matrix', result: [] } } });
    await expect(prometheusEffect({ url }, 'c', SET_AT, NOW)).rejects.toThrow(
      'Prometheus answered something other than a vector',
    );
    await expect(prometheusEffect({ url: 'http://127.0.0.1:1' }, 'c', SET_AT, NOW)).rejects.toThrow(
      /^Prometheus could not be reached/,
    );
  });

  it('gives up at its deadline and leaves no request running', async () => {
    answer = (q) => ({ ...summed(q), delayMs: Infinity });
    closedEarly = 0;
    await expect(prometheusEffect({ url, timeoutMs: 200 }, 'c', SET_AT, NOW)).rejects.toThrow(
      'Prometheus did not answer within 0.2 s',
    );
    await vi.waitFor(() => expect(closedEarly).toBe(5));
  });
});

describe('the series of a served rollout start at zero, so Prometheus counts their first increments', () => {
  it('primes every side, section and action at the scrape, and this server’s effect leaves zeros out', async () => {
    const registry = new Registry();
    const metrics = new RolloutMetrics(registry, () => ['c0ffee123456']);
    const text = await registry.metrics();
    expect(text).toContain('portal_rollout_homes_total{change="c0ffee123456",side="new"} 0');
    expect(text).toContain(
      'portal_rollout_section_actions_total{change="c0ffee123456",side="live",section="prepaid-card-alert",action="dismissed"} 0',
    );
    const effect = await metrics.effect('c0ffee123456');
    expect(effect.live).toEqual({
      homes: 0,
      shown: {},
      tapped: {},
      dismissed: {},
      completed: {},
      customers: { home: 0, shown: {}, tapped: {}, completed: {} },
    });
  });
});

describe('the studio’s live effect: every server’s through Prometheus, or this server’s with the reason', () => {
  const rollout: Rollout = {
    change: 'c0ffee123456',
    summary: 'Warn 45 days before the card expires',
    share: 50,
    setBy: 'Ben',
    setAt: SET_AT,
    files: {},
  };
  const watch = (prometheus: { url: string; timeoutMs?: number }, log: FastifyBaseLogger) =>
    rolloutWatch(
      { registry: new Registry() } as unknown as PortalMetrics,
      { rollouts: () => [rollout] } as unknown as RulesCache,
      {} as RulesRepo,
      { log, prometheus },
    );
  const logger = () => {
    const log = { warn: vi.fn(), info: vi.fn() };
    return { log, as: log as unknown as FastifyBaseLogger };
  };

  it('answers from Prometheus since the share was set', async () => {
    answer = summed;
    const { as } = logger();
    const effect = await watch({ url }, as).effect('c0ffee123456');
    expect(effect.source).toBe('prometheus');
    expect(effect.since).toBe(SET_AT);
    expect(effect.sides.live.homes).toBe(7);
  });

  it('falls back to this server’s counts with the reason, warning once per outage', async () => {
    answer = () => ({ status: 503, body: { status: 'error', error: 'unavailable' } });
    const { log, as } = logger();
    const w = watch({ url }, as);
    const placed = [{ ...rollout, side: 'live' as const, bucket: 1, files: [], why: '' }];
    w.metrics.rendered(placed, ['greeting'], '310000001');
    w.metrics.rendered(placed, ['greeting'], '310000001');
    w.metrics.acted(placed, 'greeting', 'completed', '310000001');
    const first = await w.effect('c0ffee123456');
    expect(first).toMatchObject({ source: 'server', problem: 'Prometheus answered 503: unavailable' });
    expect(first.sides.live).toMatchObject({
      homes: 2,
      shown: { greeting: 2 },
      completed: { greeting: 1 },
      customers: { home: 1, shown: { greeting: 1 }, tapped: {}, completed: { greeting: 1 } },
    });
    await w.effect('c0ffee123456');
    expect(log.warn).toHaveBeenCalledTimes(1);
    answer = summed;
    expect((await w.effect('c0ffee123456')).source).toBe('prometheus');
    expect(log.info).toHaveBeenCalledTimes(1);
  });

  it('a change no longer served is this server’s, with no question to Prometheus', async () => {
    queries.length = 0;
    const { as } = logger();
    const effect = await watch({ url }, as).effect('0123456789ab');
    expect(effect.source).toBe('server');
    expect(queries).toEqual([]);
  });
});
