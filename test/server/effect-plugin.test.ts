import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import effectPlugin, { EFFECT_BODY_LIMIT, EFFECT_PER_MINUTE } from '../../server/plugins/effect';
import { RolloutMetrics } from '../../server/rollout-metrics';
import { EFFECT_URL, parseSectionAction } from '../../src/engine/rollout-effect';
import { placementOf, type Rollout } from '../../src/engine/rollout';
import { appWith } from './harness';

/** A rollout at 50 %: each account's side is its bucket's (src/engine/rollout.ts). */
const rollout: Rollout = {
  change: 'c0ffee123456',
  summary: 'Warn 45 days before the card expires',
  share: 50,
  setBy: 'Ben',
  setAt: '2026-11-29T10:00:00Z',
  files: {},
};
const ACCOUNTS = Array.from({ length: 40 }, (_, i) => `5016${String(i).padStart(5, '0')}`);
const live = ACCOUNTS.filter((a) => placementOf(rollout, a).side === 'live');
const fresh = ACCOUNTS.filter((a) => placementOf(rollout, a).side === 'new');

let app: FastifyInstance;
let registry: Registry;
let metrics: RolloutMetrics;
let rollouts: Rollout[] = [rollout];

beforeAll(async () => {
  registry = new Registry();
  metrics = new RolloutMetrics(registry, () => rollouts.map((r) => r.change));
  app = await appWith(
    (root) =>
      void root.register(effectPlugin, {
        place: (account) => rollouts.map((r) => placementOf(r, account)),
        acted: (placements, section, action, account) => metrics.acted(placements, section, action, account),
        shown: (placements, sections, account) => metrics.rendered(placements, sections, account),
      }),
  );
});
afterAll(() => app.close());

/** A beacon as the page sends it: a JSON string, so text/plain. */
const post = (body: unknown, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: EFFECT_URL,
    remoteAddress,
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('POST /effect: what customers did with a home section, per side of a rollout (issue 32 item 2)', () => {
  it('counts a tap and a close on the side of the account, and keeps no account number', async () => {
    expect(live.length).toBeGreaterThan(1);
    expect(fresh.length).toBeGreaterThan(1);
    for (const accountNumber of [live[0], live[1], live[1], fresh[0]])
      expect(
        (await post({ accountNumber, section: 'prepaid-card-alert', action: 'tapped' })).statusCode,
      ).toBe(204);
    expect(
      (await post({ accountNumber: fresh[1], section: 'prepaid-card-alert', action: 'dismissed' }))
        .statusCode,
    ).toBe(204);
    expect(
      (await post({ accountNumber: fresh[1], section: 'prepaid-card-alert', action: 'completed' }))
        .statusCode,
    ).toBe(204);
    const effect = await metrics.effect(rollout.change);
    expect(effect.live.tapped).toEqual({ 'prepaid-card-alert': 3 });
    expect(effect.new.tapped).toEqual({ 'prepaid-card-alert': 1 });
    expect(effect.new.dismissed).toEqual({ 'prepaid-card-alert': 1 });
    expect(effect.new.completed).toEqual({ 'prepaid-card-alert': 1 });
    expect(effect.live.dismissed).toEqual({});
    // Three taps on the live side by two customers; a close is no distinct figure, a completed flow is.
    expect(effect.live.customers.tapped).toEqual({ 'prepaid-card-alert': 2 });
    expect(effect.new.customers).toMatchObject({
      tapped: { 'prepaid-card-alert': 1 },
      completed: { 'prepaid-card-alert': 1 },
    });
    const exposed = await registry.metrics();
    expect(exposed).toContain(
      'portal_rollout_section_actions_total{change="c0ffee123456",side="live",section="prepaid-card-alert",action="tapped"} 3',
    );
    for (const account of ACCOUNTS) expect(exposed).not.toContain(account);
  });

  it('counts a home the browser showed after a navigation as the server counts those it renders', async () => {
    const before = await metrics.effect(rollout.change);
    expect(
      (await post({ accountNumber: fresh[0], home: ['prepaid-card-alert', 'greeting', 'quick-links'] }))
        .statusCode,
    ).toBe(204);
    const after = await metrics.effect(rollout.change);
    expect(after.new.homes).toBe(before.new.homes + 1);
    expect(after.new.shown).toMatchObject({ 'prepaid-card-alert': 1, greeting: 1, 'quick-links': 1 });
    expect(after.new.customers.home).toBe(1);
    expect(after.new.customers.shown).toMatchObject({ greeting: 1, 'quick-links': 1 });
    expect(after.live.homes).toBe(before.live.homes);
  });

  it('with no rollout served, answers 204 and counts nothing', async () => {
    rollouts = [];
    try {
      const before = await registry.metrics();
      expect((await post({ accountNumber: live[0], section: 'greeting', action: 'tapped' })).statusCode).toBe(
        204,
      );
      expect(await registry.metrics()).toBe(before);
    } finally {
      rollouts = [rollout];
    }
  });

  it('refuses a report that is not one, names what is wrong, and counts nothing of it', async () => {
    const before = await registry.metrics();
    const refused = async (body: unknown) => {
      const r = await post(body);
      expect(r.statusCode).toBe(400);
      return r.json<{ error: string }>().error;
    };
    expect(await refused({ accountNumber: live[0], section: 'not-a-section', action: 'tapped' })).toBe(
      'Report refused: section',
    );
    expect(await refused({ accountNumber: live[0], section: 'greeting', action: 'liked' })).toBe(
      'Report refused: action',
    );
    expect(await refused({ accountNumber: '<script>', section: 'greeting', action: 'tapped' })).toBe(
      'Report refused: accountNumber',
    );
    expect(
      await refused({ accountNumber: live[0], section: 'greeting', action: 'tapped', page: '/home' }),
    ).toBe('Report refused: unknown field page');
    // The lenient parser wraps a non-object as { value }.
    expect(await refused('[1,2]')).toBe('Report refused: unknown field value');
    expect(await refused({ accountNumber: live[0], home: ['greeting', 'greeting'] })).toBe(
      'Report refused: home',
    );
    expect(await refused({ accountNumber: live[0], home: ['greeting', 'nope'] })).toBe(
      'Report refused: home',
    );
    expect(await refused({ accountNumber: live[0], home: 'greeting' })).toBe('Report refused: home');
    expect(await refused({ accountNumber: live[0], home: [], section: 'greeting' })).toBe(
      'Report refused: unknown field section',
    );
    expect(await registry.metrics()).toBe(before);
  });

  it('takes a small body only, from this site only', async () => {
    const ok = { accountNumber: live[0], section: 'greeting', action: 'tapped' };
    expect((await post({ ...ok, pad: 'x'.repeat(EFFECT_BODY_LIMIT) })).statusCode).toBe(413);
    expect((await post(ok, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await post(ok, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await post(ok, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(204);
  });

  it('is rate-limited per client', async () => {
    const ok = { accountNumber: live[0], section: 'greeting', action: 'tapped' };
    const statuses: number[] = [];
    for (let i = 0; i <= EFFECT_PER_MINUTE; i++) statuses.push((await post(ok, {}, '10.9.9.8')).statusCode);
    expect(statuses.slice(0, EFFECT_PER_MINUTE).every((s) => s === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('parseSectionAction', () => {
  it('takes exactly the three fields', () => {
    const sections = new Set(['greeting']);
    expect(
      parseSectionAction({ accountNumber: 'A-1', section: 'greeting', action: 'dismissed' }, sections),
    ).toEqual({
      accountNumber: 'A-1',
      section: 'greeting',
      action: 'dismissed',
    });
    expect(parseSectionAction(null, sections)).toBe('not an object');
    expect(
      parseSectionAction({ accountNumber: 'x'.repeat(33), section: 'greeting', action: 'tapped' }, sections),
    ).toBe('accountNumber');
    expect(parseSectionAction({ accountNumber: 'A', section: 'toString', action: 'tapped' }, sections)).toBe(
      'section',
    );
  });
});
