import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRulesDir } from '../../lib/rules-files';
import { loadRules } from '../../src/engine/load';
import { bucketOf, type Rollout } from '../../src/engine/rollout';
import { createAccountRuntime } from '../../src/engine/rollout-runtime';
import type { RuleFile } from '../../src/engine/types';
import type { ServerState } from '../../src/stores/hydration';
import { serverStateIn } from '../support/server-state';
import { startPortal, type RunningPortal } from '../support/portal';

/**
 * Issue 32 item 1 on the server: the home the server renders is decided by the account's side of a rollout
 * (rules/rollouts/<change>.json), the bundle the browser loads carries the rollout, and the browser's own
 * engine (src/engine/load.ts + rollout-runtime.ts, as src/start.tsx makes it) places the account on the same
 * side and decides the same home.
 */
const dist = mkdtempSync(join(tmpdir(), 'dist-rollout-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><title>My Account</title></head>' +
    '<body><!--ssr-root--><div id="root">first paint</div><!--/ssr-root--></body></html>',
);
const rules = mkdtempSync(join(tmpdir(), 'rules-rollout-'));
cpSync('rules', rules, { recursive: true });
mkdirSync(join(rules, 'rollouts'), { recursive: true });

/** card-expiring's account: prepaid, its card expires in 50 days (warned at 60 days, not at 45). */
const ACCOUNT = 'PPB10020082';
const CHANGE = 'card45';

function cardAt45(): RuleFile {
  const file = structuredClone(loadRulesDir()['prepaid-card']);
  const rule = file.rules.find((r) => r.name === 'card-almost-expired')!;
  rule.conditions = { all: [{ fact: 'daysToCardExpiry', operator: 'lessThanInclusive', value: 45 }] };
  return file;
}

function rollOut(share: number): Rollout {
  const rollout: Rollout = {
    change: CHANGE,
    summary: 'card-almost-expired: 60 → 45 days',
    share,
    setBy: 'Ann Approver',
    setAt: '2026-03-10T09:00:00Z',
    files: { 'prepaid-card.json': cardAt45() },
  };
  // A new name each time: the rules cache sees the folder change at once (no same-size, same-time write).
  rmSync(join(rules, 'rollouts'), { recursive: true, force: true });
  mkdirSync(join(rules, 'rollouts'));
  writeFileSync(join(rules, 'rollouts', `${CHANGE}.json`), JSON.stringify(rollout, null, 2));
  return rollout;
}

let portal: RunningPortal;

beforeAll(async () => {
  portal = await startPortal({
    distDir: dist,
    rulesDir: rules,
    renderEntry: () => import('../../src/entry-server'),
    renderWaitMs: 30_000,
  });
});
afterAll(async () => {
  await portal.close();
});

async function home(): Promise<ServerState> {
  let cookie = '';
  const get = async (path: string) => {
    const res = await fetch(portal.base + path, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const set of res.headers.getSetCookie()) {
      const pair = set.split(';')[0] ?? '';
      if (pair.startsWith('sid=')) cookie = pair;
    }
    return res;
  };
  await get('/sandbox/signin?persona=card-expiring&redirect=/home');
  const html = await (await get('/home')).text();
  const state = serverStateIn(html);
  expect(state?.profile.data?.currentlyManagedAccount).toBe(ACCOUNT);
  return state!;
}

const sections = (state: ServerState) => state.decisions.current!.sections.map((s) => s.section);

/** The browser's engine on the served bundle, deciding the server's facts for the account. */
async function browserDecides(state: ServerState) {
  const loaded = await loadRules({
    fetch: (url, init) => fetch(portal.base + url, init),
    bundled: { hashes: {}, load: () => Promise.resolve({}) },
    onIssue: () => undefined,
  });
  const runtime = createAccountRuntime(loaded.rulesets, loaded.rollouts);
  const account = state.profile.data!.currentlyManagedAccount;
  const { decisions } = await runtime.forAccount(account).decide(state.decisions.facts!);
  return { runtime, decisions, placements: runtime.placements(account) };
}

describe('a rollout decides the home the server renders', () => {
  it('at 0 % renders the live rules exactly: the 60-day card warning shows', async () => {
    rollOut(0);
    const state = await home();
    expect(sections(state)).toContain('prepaid-card-alert');
    const browser = await browserDecides(state);
    expect(browser.placements[0]!.side).toBe('live');
    expect(browser.decisions).toEqual(state.decisions.current);
    expect(browser.runtime.version).toBe(state.rules);
  });

  it('at 100 % renders the change: no warning at 50 days, and the browser decides the same', async () => {
    rollOut(100);
    const state = await home();
    expect(state.decisions.current!.prepaidCard.status).toBe(0);
    expect(sections(state)).not.toContain('prepaid-card-alert');
    const browser = await browserDecides(state);
    expect(browser.placements[0]).toMatchObject({ side: 'new', bucket: bucketOf(CHANGE, ACCOUNT) });
    expect(browser.decisions).toEqual(state.decisions.current);
    expect(browser.runtime.version).toBe(state.rules);
  });

  it("at a share just above or below the account's bucket, puts it on the side the bucket says", async () => {
    const bucket = bucketOf(CHANGE, ACCOUNT);
    rollOut((bucket + 1) / 100);
    const onNew = await home();
    expect(sections(onNew)).not.toContain('prepaid-card-alert');
    expect((await browserDecides(onNew)).placements[0]!.side).toBe('new');
    // A reload stays on its side.
    expect(sections(await home())).not.toContain('prepaid-card-alert');
    rollOut(bucket / 100);
    const onLive = await home();
    expect(sections(onLive)).toContain('prepaid-card-alert');
    const browser = await browserDecides(onLive);
    expect(browser.placements[0]!.side).toBe('live');
    expect(browser.decisions).toEqual(onLive.decisions.current);
  });

  it('lists the rollout in /rules/status, and serves none that fails its checks', async () => {
    rollOut(50);
    const status = (await (await fetch(`${portal.base}/rules/status`)).json()) as {
      rollouts: Array<{ change: string; share: number; files: string[] }>;
    };
    expect(status.rollouts).toEqual([
      expect.objectContaining({ change: CHANGE, share: 50, files: ['prepaid-card.json'] }),
    ]);
    writeFileSync(
      join(rules, 'rollouts', `${CHANGE}.json`),
      JSON.stringify({ ...rollOut(100), share: 'all' }),
    );
    const broken = (await (await fetch(`${portal.base}/rules/status`)).json()) as {
      rollouts: unknown[];
      rolloutProblems: Record<string, string>;
    };
    expect(broken.rollouts).toEqual([]);
    expect(broken.rolloutProblems[`rules/rollouts/${CHANGE}.json`]).toMatch(/at share: must be number/);
    // Every customer gets the live rules.
    expect(sections(await home())).toContain('prepaid-card-alert');
  });

  it('counts the homes it rendered per side, and the sections they showed, without an account number', async () => {
    const counts = async () => {
      const read = async (name: string) =>
        (await portal.portal.metrics.registry.getSingleMetric(name)!.get()).values
          .filter((v) => v.labels.change === CHANGE)
          // prom-client hands out its own objects, which later counts change: copied as read.
          .map((v) => ({ labels: { ...v.labels }, value: v.value }));
      return {
        homes: await read('portal_rollout_homes_total'),
        shown: await read('portal_rollout_sections_shown_total'),
      };
    };
    const value = (vs: Awaited<ReturnType<typeof counts>>['homes'], labels: Record<string, string>) =>
      vs.find((v) => Object.entries(labels).every(([k, x]) => v.labels[k] === x))?.value ?? 0;
    const before = await counts();
    rollOut(100);
    await home();
    await home();
    rollOut(0);
    await home();
    // Counted after the page is sent: wait for the count, never a fixed delay.
    await expect
      .poll(
        async () => value((await counts()).homes, { side: 'live' }) - value(before.homes, { side: 'live' }),
      )
      .toBe(1);
    const after = await counts();
    expect(value(after.homes, { side: 'new' }) - value(before.homes, { side: 'new' })).toBe(2);
    const alert = { section: 'prepaid-card-alert' };
    expect(
      value(after.shown, { ...alert, side: 'new' }) - value(before.shown, { ...alert, side: 'new' }),
    ).toBe(0);
    expect(
      value(after.shown, { ...alert, side: 'live' }) - value(before.shown, { ...alert, side: 'live' }),
    ).toBe(1);
    const text = await portal.portal.metrics.registry.metrics();
    expect(text).toContain('portal_rollout_homes_total{change="card45",side="new"}');
    expect(text).not.toContain(ACCOUNT);
  });
});
