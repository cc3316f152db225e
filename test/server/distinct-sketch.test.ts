import { describe, expect, it } from 'vitest';
import { Registry } from 'prom-client';
import { DistinctSketch, PARTS, REGISTERS } from '../../server/distinct-sketch';
import { customersOf } from '../../server/rollout-figures';
import { RolloutMetrics } from '../../server/rollout-metrics';
import { distinctCustomers, type Sample } from '../../server/rollout-prometheus';
import { placementOf, type Rollout } from '../../src/engine/rollout';

const accounts = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `3${String(from + i).padStart(8, '0')}`);

describe('distinct customers in a sketch (issue 32 item 2)', () => {
  it('counts the same customer once, however often it is added', () => {
    const sketch = new DistinctSketch();
    for (let i = 0; i < 50; i += 1) sketch.add('310222666');
    expect(sketch.count()).toBe(1);
    expect(new DistinctSketch().count()).toBe(0);
  });

  it('is near exact for a few customers and within its error for many', () => {
    for (const n of [2, 5, 10, 40]) {
      const count = DistinctSketch.of(accounts(n)).count();
      expect(Math.abs(count - n), `${n} customers counted ${count}`).toBeLessThanOrEqual(Math.ceil(n * 0.05));
    }
    // 1.04 / sqrt(128) is about 9 %: three standard errors hold for any fixed set of accounts.
    for (const n of [1_000, 20_000]) {
      const count = DistinctSketch.of(accounts(n, 7)).count();
      expect(Math.abs(count - n) / n, `${n} customers counted ${count}`).toBeLessThan(0.28);
    }
  });

  it('merges two sketches into the union, by packed parts as a gauge carries them', () => {
    const a = DistinctSketch.of(accounts(30));
    const b = DistinctSketch.of(accounts(30, 20));
    const union = DistinctSketch.of(accounts(50));
    const merged = new DistinctSketch();
    for (const s of [a, b]) for (let p = 0; p < PARTS; p += 1) merged.mergePacked(p, s.packed(p));
    expect([...merged.registers]).toEqual([...union.registers]);
    const direct = new DistinctSketch();
    direct.merge(a);
    direct.merge(b);
    expect(direct.count()).toBe(union.count());
    // A packed part is an exact float64 and grows as its registers do.
    const grown = DistinctSketch.of(accounts(30));
    const before = Array.from({ length: PARTS }, (_, p) => grown.packed(p));
    for (const x of accounts(200, 1_000)) grown.add(x);
    for (let p = 0; p < PARTS; p += 1) {
      expect(Number.isSafeInteger(grown.packed(p))).toBe(true);
      expect(grown.packed(p)).toBeGreaterThanOrEqual(before[p]!);
    }
  });

  it('ignores a packed value it cannot hold: negative, fractional, too large, a part out of range', () => {
    const sketch = new DistinctSketch();
    for (const [part, value] of [
      [0, -1],
      [0, 1.5],
      [0, 2 ** 53],
      [PARTS, 1],
      [-1, 1],
      [0.5, 1],
    ] as const)
      sketch.mergePacked(part, value);
    expect(sketch.registers.every((r) => r === 0)).toBe(true);
    expect(sketch.registers.length).toBe(REGISTERS);
  });
});

describe('every server’s sketches, read back from /metrics, count each customer once', () => {
  const rollout: Rollout = {
    change: 'c0ffee123456',
    summary: 'Warn 45 days before the card expires',
    share: 50,
    setBy: 'Ben',
    setAt: '2026-11-29T10:00:00.000Z',
    files: {},
  };

  /** The sketch series of a registry's exposition, as Prometheus would store them (plus the server's name). */
  async function scraped(registry: Registry, instance: string): Promise<Sample[]> {
    const out: Sample[] = [];
    for (const line of (await registry.metrics()).split('\n')) {
      const m = /^portal_rollout_customers_sketch\{(.*)\} (\S+)$/.exec(line);
      if (!m) continue;
      const metric: Record<string, string> = { instance };
      for (const [, k, v] of m[1]!.matchAll(/(\w+)="([^"]*)"/g)) metric[k!] = v!;
      out.push({ metric, value: [0, m[2]!] });
    }
    return out;
  }

  it('two servers and a restart: each customer once per side and figure; no account number exposed', async () => {
    const serve = () => {
      const registry = new Registry();
      return { registry, metrics: new RolloutMetrics(registry, () => [rollout.change]) };
    };
    const s1 = serve();
    const s2 = serve();
    const home = (server: ReturnType<typeof serve>, account: string) =>
      server.metrics.rendered([placementOf(rollout, account)], ['greeting', 'prepaid-card-alert'], account);
    const customers = accounts(12);
    // Every customer loads a home on s1, the first six twice; the last four again on s2; two tap the alert.
    for (const c of customers) home(s1, c);
    for (const c of customers.slice(0, 6)) home(s1, c);
    for (const c of customers.slice(8)) home(s2, c);
    for (const c of customers.slice(0, 2))
      s2.metrics.acted([placementOf(rollout, c)], 'prepaid-card-alert', 'tapped', c);
    const before = await scraped(s1.registry, 's1');
    // s1 restarts: its registry starts empty; Prometheus keeps what it scraped from the last lifetime.
    const s1again = serve();
    home(s1again, customers[0]!);
    const samples = [
      ...before,
      ...(await scraped(s1again.registry, 's1')),
      ...(await scraped(s2.registry, 's2')),
    ];
    const text = (await s1.registry.metrics()) + (await s2.registry.metrics());
    for (const c of customers) expect(text).not.toContain(c);

    const merged = distinctCustomers(samples);
    for (const side of ['live', 'new'] as const) {
      const mine = customers.filter((c) => placementOf(rollout, c).side === side);
      const expected = DistinctSketch.of(mine).count();
      const got = customersOf(merged[side]);
      expect(got.home, `${side}: ${mine.length} customers`).toBe(expected);
      expect(got.shown['prepaid-card-alert'] ?? 0).toBe(expected);
      const tappers = customers.slice(0, 2).filter((c) => placementOf(rollout, c).side === side);
      expect(got.tapped['prepaid-card-alert'] ?? 0).toBe(tappers.length);
    }
    expect(customersOf(merged.live).home + customersOf(merged.new).home).toBe(12);
  });

  it('a share set again starts the sketches afresh, and a rollout no longer served leaves /metrics', async () => {
    const registry = new Registry();
    let served = [rollout.change];
    const metrics = new RolloutMetrics(registry, () => served);
    const account = accounts(1)[0]!;
    metrics.rendered([placementOf(rollout, account)], ['greeting'], account);
    expect(await registry.metrics()).toContain(`set="${rollout.setAt}"`);
    const again = { ...rollout, setAt: '2026-11-29T12:00:00.000Z' };
    metrics.rendered([placementOf(again, accounts(1, 5)[0])], ['greeting'], accounts(1, 5)[0]);
    const text = await registry.metrics();
    expect(text).not.toContain(`set="${rollout.setAt}"`);
    expect(text).toContain(`set="${again.setAt}"`);
    served = [];
    expect(await registry.metrics()).not.toContain('portal_rollout_customers_sketch{');
  });
});
