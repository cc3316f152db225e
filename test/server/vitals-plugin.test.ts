import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import vitalsPlugin, { VITALS_BODY_LIMIT, VITALS_PATH, VITALS_PER_MINUTE } from '../../server/plugins/vitals';
import { parseVitalsReport, routeLabel } from '../../server/vitals-metrics';
import { appWith } from './harness';

let app: FastifyInstance;
let registry: Registry;

beforeAll(async () => {
  registry = new Registry();
  app = await appWith((root) => void root.register(vitalsPlugin, { registry }));
});
afterAll(() => app.close());

/** A beacon as the page sends it: a JSON string, so text/plain. */
const post = (body: unknown, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: VITALS_PATH,
    remoteAddress,
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

const metricLine = async (prefix: string): Promise<string[]> =>
  (await registry.metrics()).split('\n').filter((l) => l.startsWith(prefix));

describe('POST /vitals: real loads’ web vitals as histograms by route (issue 30, item 4)', () => {
  it('records LCP, INP and TTFB in seconds and CLS as a score, by the route of the page', async () => {
    const r = await post({
      page: '/home',
      vitals: [
        { name: 'LCP', value: 1800 },
        { name: 'INP', value: 120 },
        { name: 'CLS', value: 0.02 },
        { name: 'TTFB', value: 300 },
      ],
    });
    expect(r.statusCode).toBe(204);
    expect(await metricLine('portal_web_vitals_lcp_seconds_sum{route="/home"}')).toEqual([
      'portal_web_vitals_lcp_seconds_sum{route="/home"} 1.8',
    ]);
    expect(await metricLine('portal_web_vitals_lcp_seconds_bucket{le="2",route="/home"}')).toEqual([
      'portal_web_vitals_lcp_seconds_bucket{le="2",route="/home"} 1',
    ]);
    expect(await metricLine('portal_web_vitals_inp_seconds_sum{route="/home"}')).toEqual([
      'portal_web_vitals_inp_seconds_sum{route="/home"} 0.12',
    ]);
    expect(await metricLine('portal_web_vitals_cls_sum{route="/home"}')).toEqual([
      'portal_web_vitals_cls_sum{route="/home"} 0.02',
    ]);
    expect(await metricLine('portal_web_vitals_ttfb_seconds_count{route="/home"}')).toEqual([
      'portal_web_vitals_ttfb_seconds_count{route="/home"} 1',
    ]);
    expect(await metricLine('portal_web_vitals_reports_total{result="recorded"}')).toEqual([
      'portal_web_vitals_reports_total{result="recorded"} 1',
    ]);
  });

  it('labels a page by its route, an unknown address as other (a client never adds a series)', async () => {
    expect(routeLabel('/billing')).toBe('/billing');
    expect(routeLabel('/settings/accountInfo/')).toBe('/settings/accountInfo');
    expect(routeLabel('/')).toBe('/home');
    expect(routeLabel('/login/forgotPassword')).toBe('/login/forgotPassword');
    expect(routeLabel('/billing/4711')).toBe('other');
    expect(routeLabel('/x'.repeat(90))).toBe('other');
    expect((await post({ page: '/wp-admin', vitals: [{ name: 'CLS', value: 0 }] })).statusCode).toBe(204);
    expect(await metricLine('portal_web_vitals_cls_count{route="other"}')).toEqual([
      'portal_web_vitals_cls_count{route="other"} 1',
    ]);
  });

  it('refuses junk whole, records nothing of it and counts it', async () => {
    const before = (await registry.metrics()).match(/portal_web_vitals_lcp_seconds_count\{[^}]*\} \d+/g);
    const junk: unknown[] = [
      'not json',
      [1, 2],
      { page: '/home' },
      { page: 'home', vitals: [{ name: 'LCP', value: 1 }] },
      { page: '/home', vitals: [] },
      { page: '/home', vitals: [{ name: 'FID', value: 10 }] },
      { page: '/home', vitals: [{ name: '__proto__', value: 10 }] },
      { page: '/home', vitals: [{ name: 'LCP', value: -1 }] },
      { page: '/home', vitals: [{ name: 'LCP', value: 1e308 }] },
      { page: '/home', vitals: [{ name: 'LCP', value: '1200' }] },
      { page: '/home', vitals: [{ name: 'CLS', value: 101 }] },
      {
        page: '/home',
        vitals: [
          { name: 'LCP', value: 1 },
          { name: 'LCP', value: 2 },
        ],
      },
      { page: '/home', vitals: [{ name: 'LCP', value: 1 }, null] },
    ];
    for (const body of junk) {
      const r = await post(body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
    }
    // NaN and Infinity are not JSON: a body with them does not parse.
    expect((await post('{"page":"/home","vitals":[{"name":"LCP","value":NaN}]}')).statusCode).toBe(400);
    expect((await registry.metrics()).match(/portal_web_vitals_lcp_seconds_count\{[^}]*\} \d+/g)).toEqual(
      before,
    );
    expect(await metricLine('portal_web_vitals_reports_total{result="refused"}')).toEqual([
      `portal_web_vitals_reports_total{result="refused"} ${junk.length - 1}`,
    ]);
    expect(parseVitalsReport({ page: '/home', vitals: [{ name: 'INP', value: Infinity }] })).toEqual({
      refused: 'INP out of range',
    });
  });

  it('takes a small body only, from this site only', async () => {
    const big = { page: '/home', vitals: [{ name: 'LCP', value: 1 }], pad: 'x'.repeat(VITALS_BODY_LIMIT) };
    expect((await post(big)).statusCode).toBe(413);
    const ok = { page: '/home', vitals: [{ name: 'TTFB', value: 10 }] };
    expect((await post(ok, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await post(ok, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await post(ok, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(204);
  });

  it('is rate-limited per client, like the CSP report address', async () => {
    const ok = { page: '/billing', vitals: [{ name: 'TTFB', value: 10 }] };
    const statuses: number[] = [];
    for (let i = 0; i <= VITALS_PER_MINUTE; i++) statuses.push((await post(ok, {}, '10.9.9.9')).statusCode);
    expect(statuses.slice(0, VITALS_PER_MINUTE).every((s) => s === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
