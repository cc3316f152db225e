import { existsSync } from 'node:fs';
import type { Page, Request } from '@playwright/test';
import { test, expect, signIn, settled } from './fixtures';
import { LOADING_TEXT } from '../../src/shell/shell-html';

/**
 * Issue 12, fast on a phone: a page load over the network shows compressed assets, one rule request and the
 * profile requested before the route chunk finishes; index.html paints the shell before any JavaScript runs;
 * sections that arrive with later data do not push the page about.
 */

interface Timed {
  url: string;
  start: number;
  end: number;
  encoding: string | undefined;
}

/** Every request of the page with its start and end on the page's clock (ms), as they finish. */
function recordRequests(page: Page): Timed[] {
  const out: Timed[] = [];
  const done = async (request: Request): Promise<void> => {
    const timing = request.timing();
    const response = await request.response();
    out.push({
      url: new URL(request.url()).pathname,
      start: timing.startTime,
      end: timing.startTime + timing.responseEnd,
      encoding: (await response?.allHeaders())?.['content-encoding'],
    });
  };
  page.on('requestfinished', (r) => void done(r));
  return out;
}

/** Holds the answers whose path matches, for `ms`: a slow network, for these files only. */
async function slow(page: Page, pattern: RegExp, ms: number): Promise<void> {
  await page.route(pattern, async (route) => {
    const response = await route.fetch();
    await new Promise((r) => setTimeout(r, ms));
    await route.fulfill({ response });
  });
}

test.describe('a short chain', () => {
  test('isAuth and the profile start as soon as the entry runs, before the /home route chunk and the rules have arrived; one rule request; compressed assets', async ({
    guarded: page,
  }) => {
    await signIn(page, 'postpaid');
    await settled(page);
    const html = await (await page.request.get('/home')).text();
    const preloaded = /<link rel="modulepreload"[^>]*href="(\/assets\/home-route-[^"]+\.js)"/.exec(html)?.[1];
    expect(preloaded, 'index.html preloads the /home route chunk').toBeTruthy();

    // The route chunk and the rules answer slowly: the profile must not wait for either.
    await slow(page, /\/assets\/home-route-[^/]+\.js$/, 1_500);
    await slow(page, /\/rules\/bundle\.json$/, 1_500);
    const requests = recordRequests(page);
    await page.goto('/home');
    await settled(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => requests.some((r) => r.url === preloaded)).toBe(true);

    const find = (path: string) => requests.find((r) => r.url === path);
    const route = find(preloaded!)!;
    const rules = find('/rules/bundle.json')!;
    for (const call of ['/Orch/isAuth', '/Orch/dssh/homeEarlyInit', '/Orch/dssh/getProfileFromRequest']) {
      const r = find(call);
      expect(r, `${call} was asked for`).toBeTruthy();
      expect(r!.start, `${call} started before the /home route chunk finished`).toBeLessThan(route.end);
      expect(r!.start, `${call} started before the rules arrived`).toBeLessThan(rules.end);
    }
    expect(requests.filter((r) => r.url.startsWith('/rules/'))).toHaveLength(1);
    expect(requests.filter((r) => r.url === '/Orch/isAuth')).toHaveLength(1);

    // Every script the build precompressed (all but the few under 1 KB) travels as brotli.
    const scripts = requests.filter((r) => r.url.endsWith('.js') && existsSync(`dist${r.url}.br`));
    expect(scripts.length).toBeGreaterThan(5);
    for (const s of scripts) expect(s.encoding, `${s.url} travels compressed`).toBe('br');
    // Dynamic JSON is gzipped (docs/decisions/008-server-on-fastify.md: brotli's set-up costs more per answer).
    expect(find('/rules/bundle.json')!.encoding).toBe('gzip');
  });
});

test.describe('no blank page', () => {
  test("index.html paints the header's frame and 'Please wait while we retrieve your account information.' before any JavaScript runs, at the height React keeps", async ({
    guarded: page,
  }) => {
    await signIn(page, 'postpaid');
    await settled(page);
    for (const width of [412, 1280]) {
      await page.setViewportSize({ width, height: 823 });
      await page.route(/\.js$/, (r) => r.abort());
      await page.goto('/home');
      await expect(page.getByRole('status')).toHaveText(LOADING_TEXT);
      await expect(page.getByRole('link', { name: /The Provider home page/ })).toBeVisible();
      const staticHeader = await page.locator('header').boundingBox();
      await page.unroute(/\.js$/);

      await page.goto('/home');
      await settled(page);
      await expect(page.getByRole('button', { name: 'Sign Out', includeHidden: true })).toBeAttached();
      const reactHeader = await page.locator('header').boundingBox();
      expect(reactHeader, `the header keeps its height at ${width} px`).toEqual(staticHeader);
    }
  });
});

test.describe('the first paint is kept', () => {
  test("the app adopts index.html's loading text rather than painting it again: the page's largest paint stays the first one", async ({
    guarded: page,
  }) => {
    await signIn(page, 'postpaid');
    await settled(page);
    // The /home route chunk answers late, so the router shows its first frame (ShellFrame) meanwhile.
    await slow(page, /\/assets\/home-route-[^/]+\.js$/, 1_500);
    await page.addInitScript(() => {
      const w = window as unknown as { __static?: Element | null; __lcp: Element[] };
      w.__lcp = [];
      document.addEventListener('DOMContentLoaded', () => {
        w.__static = document.querySelector('#root p');
      });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          const element = (e as PerformanceEntry & { element?: Element | null }).element;
          if (element) w.__lcp.push(element);
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const isAuth = page.waitForRequest(/\/Orch\/isAuth$/);
    await page.goto('/home');
    await isAuth; // the entry has run and rendered the router's first frame
    await expect(page.getByRole('status')).toHaveText(LOADING_TEXT);
    const same = () =>
      page.evaluate(() => {
        const w = window as unknown as { __static?: Element | null };
        return w.__static != null && w.__static === document.querySelector('#root p');
      });
    expect(await same(), 'the loading text is still the element index.html painted').toBe(true);
    await expect
      .poll(() =>
        page.evaluate(() => {
          const w = window as unknown as { __static?: Element | null; __lcp: Element[] };
          return w.__lcp.length > 0 && w.__lcp[0] === w.__static;
        }),
      )
      .toBe(true);
  });
});

/** A PerformanceObserver summing layout shifts, installed before the page's own code on every load. */
async function observeLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: { cls: number; sources: string[] } };
    w.__shift = { cls: 0, sources: [] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{
        value: number;
        hadRecentInput: boolean;
        sources: Array<{ node?: Node | null }>;
      }>) {
        if (entry.hadRecentInput) continue;
        w.__shift.cls += entry.value;
        for (const s of entry.sources)
          w.__shift.sources.push((s.node as Element | null)?.className || String(s.node?.nodeName));
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Cumulative layout shift of one load of /home, until the page is complete. */
async function homeLayoutShift(page: Page): Promise<{ cls: number; sources: string[] }> {
  await page.goto('/home');
  await settled(page);
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => (window as unknown as { __shift: { cls: number; sources: string[] } }).__shift);
}

test.describe('stable layout', () => {
  // Each persona has sections that arrive with later calls (the walled-garden alert with getWGStatus, the
  // outage alert with the outage call, orders, the second provider's banner with the decisions).
  for (const persona of ['walled-garden-soft', 'outage-eta', 'second-provider-order']) {
    test(`cumulative layout shift stays below 0.05 on ${persona}'s home, on a phone and on a desktop`, async ({
      guarded: page,
    }) => {
      await signIn(page, persona);
      await settled(page);
      await observeLayoutShift(page);
      for (const width of [412, 1280]) {
        await page.setViewportSize({ width, height: 823 });
        const shift = await homeLayoutShift(page);
        expect(shift.cls, `CLS at ${width} px (moved: ${shift.sources.join(', ')})`).toBeLessThan(0.05);
      }
    });
  }
});
