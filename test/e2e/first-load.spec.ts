import { existsSync } from 'node:fs';
import type { Page, Request } from '@playwright/test';
import { test, expect, signIn, settled } from './fixtures';

/**
 * Issues 12 and 20, fast on a phone: the server's page carries the home (its data, decisions and copy), paints
 * before any JavaScript runs and is hydrated in place, with compressed assets and one rule request at the first input;
 * sections that arrive with later data do not push the page about.
 */

interface Timed {
  url: string;
  start: number;
  end: number;
  encoding: string | undefined;
}

/** The name of one of the build's chunks from its address (`/assets/engine-AbCd1234.js` -> `engine`). */
const chunkName = (url: string): string | undefined => /^\/assets\/([\w-]+)-[\w-]{8}\.js$/.exec(url)?.[1];

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

test.describe('the home in the first response', () => {
  test("the server's page carries the home: the browser asks for none of its data, hydrates with the page's own chunks, fetches the rules once at the first input; compressed assets", async ({
    guarded: page,
  }) => {
    await signIn(page, 'postpaid');
    await settled(page);
    const html = await (await page.request.get('/home')).text();
    const preloaded = /<link rel="modulepreload"[^>]*href="(\/assets\/home-route-[^"]+\.js)"/.exec(html)?.[1];
    expect(preloaded, "the server preloads the /home route's chunk").toBeTruthy();
    // Every script of the page is fetched at low priority, its stylesheets at the browser's own (highest):
    // the first paint needs the markup and the styles, not the code that hydrates them.
    const scriptTags = html.match(/<script\b[^>]*\bsrc=[^>]*>|<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(scriptTags.length).toBeGreaterThan(10);
    for (const tag of scriptTags) expect(tag).toContain('fetchpriority="low"');
    // The start-up's chunks are compiled as they download (lib/vite-compile-hints.ts): V8's hint is their
    // first line, in the compressed copy the browser is sent too; the home's own chunks are compiled lazily.
    const chunk = (name: string) =>
      [...html.matchAll(/(?:src|href)="(\/assets\/([\w-]+)-[\w-]{8}\.js)"/g)].filter((m) => m[2] === name);
    for (const name of ['index', 'react', 'mobx', 'router', 'start', 'home-route']) {
      expect(chunk(name).length, `the page loads a ${name} chunk`).toBeGreaterThan(0);
      // Each of the entry's pieces is in its library's file (docs/decisions/055), not a file of its own that
      // only imports it.
      if (['react', 'mobx', 'router'].includes(name)) expect(chunk(name), `one ${name} file`).toHaveLength(1);
      for (const [, path] of chunk(name)) {
        const served = await page.request.get(path!, { headers: { 'accept-encoding': 'br' } });
        expect(served.headers()['content-encoding'] ?? 'identity').toMatch(/^(br|identity)$/);
        expect((await served.text()).startsWith('//# allFunctionsCalledOnLoad\n'), path).toBe(
          name !== 'home-route',
        );
      }
    }
    // Its stylesheets are in the page itself (server/inline-styles.ts): the first paint waits for no request
    // after the page's own. Each keeps its link, disabled: never fetched, and found there by the route's code.
    const inlined = [...html.matchAll(/<style data-href="([^"]+)">/g)].map(([, href]) => href!);
    expect(inlined.length).toBeGreaterThan(1);
    const styleTags = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
    expect(styleTags.map((tag) => /href="([^"]+)"/.exec(tag)?.[1])).toEqual(inlined);
    for (const tag of styleTags) expect(tag).toMatch(/ disabled>$/);

    const requests = recordRequests(page);
    await page.goto('/home');
    await settled(page);
    await expect(page.getByRole('heading', { name: 'Hi, Alex!' })).toBeVisible();
    // The next decision's rules and engine come at the customer's first input (docs/decisions/057): a key.
    await page.keyboard.press('Shift');
    await expect.poll(() => requests.some((r) => r.url === '/rules/bundle.json')).toBe(true);
    await page.waitForLoadState('networkidle');

    const find = (path: string) => requests.find((r) => r.url === path);
    expect(find(preloaded!), 'the route chunk was fetched').toBeTruthy();
    // No stylesheet is fetched, at the first paint or when hydration imports the route's code; the page is
    // styled all the same (the CSP lets the inlined sheets in: the guarded page fails on a violation).
    expect(requests.filter((r) => r.url.endsWith('.css'))).toEqual([]);
    await expect(page.locator('.header')).toHaveCSS('border-bottom-style', 'solid');
    await expect(page.locator('.home-section').first()).toHaveCSS('display', 'contents');
    // The server made the page's calls: the browser makes none of them again.
    for (const call of ['/Orch/isAuth', '/Orch/dssh/homeEarlyInit', '/Orch/dssh/getProfileFromRequest'])
      expect(find(call), `${call} is the server's`).toBeUndefined();
    expect(requests.filter((r) => r.url.startsWith('/Orch/'))).toEqual([]);
    expect(requests.filter((r) => r.url.startsWith('/rules/'))).toHaveLength(1);
    // The engine (fetched at the first input) and the vitals are one file each (docs/decisions/055): the bundler made
    // seven of the first and two of the second, a request each after every page load.
    const scriptNames = () => requests.map((r) => chunkName(r.url)).filter((n) => n !== undefined);
    await expect.poll(() => scriptNames().filter((n) => n === 'engine')).toEqual(['engine']);
    await expect.poll(() => scriptNames().filter((n) => n === 'vitals')).toEqual(['vitals']);
    for (const apart of [
      'load',
      'rollout-runtime',
      'runtime',
      'decisions',
      'vocabulary',
      'rule-hash',
      'web-vitals',
    ])
      expect(scriptNames(), `no ${apart} file of its own`).not.toContain(apart);

    // The page itself is compressed on the fly; every script the build precompressed travels as brotli.
    expect(find('/home')!.encoding).toBe('br');
    const scripts = requests.filter((r) => r.url.endsWith('.js') && existsSync(`dist${r.url}.br`));
    expect(scripts.length).toBeGreaterThan(2);
    for (const s of scripts) expect(s.encoding, `${s.url} travels compressed`).toBe('br');
    // The rules travel compressed too (asked afresh: the page's own request may be answered 304 from its cache).
    const rules = await page.request.get('/rules/bundle.json', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(['br', 'gzip']).toContain(rules.headers()['content-encoding']);
  });

  test("a page for another route preloads its own chunks, never the home's", async ({ guarded: page }) => {
    await signIn(page, 'postpaid');
    await settled(page);
    const billing = await (await page.request.get('/billing')).text();
    expect(billing).not.toMatch(/modulepreload[^>]*home-route/);
    expect(billing).toMatch(/modulepreload[^>]*billing-route/);
    const login = await (await page.request.get('/login/forgotPassword')).text();
    expect(login).not.toMatch(/home-route|home-deps/);
  });
});

/**
 * What the page fetches for the next decision (an account switch, a flow's outcome): the code of the home's cards
 * the server's page did not show, the rules and the engine (docs/decisions/057). Postpaid's home shows the
 * billing card; these three lazy cards are never its own.
 */
test.describe('what the next decision needs', () => {
  const OTHER_CARDS = /^\/assets\/(SuspendedAlert|WalledGardenAlert|BlueMarbleSection)-[\w-]{8}\.js$/;
  const others = (requests: Timed[]) => requests.filter((r) => OTHER_CARDS.test(r.url)).map((r) => r.url);
  const names = (requests: Timed[]) =>
    requests.map((r) => (r.url === '/rules/bundle.json' ? 'rules' : chunkName(r.url)));

  test("on a home the server decided on every call's answer, comes at the customer's first input", async ({
    guarded: page,
  }) => {
    await signIn(page, 'postpaid');
    await settled(page);
    const requests = recordRequests(page);
    await page.goto('/home');
    await settled(page);
    // The page's work when idle is done: the vitals come in its first idle moments, and what the next decision
    // needs, if it were fetched when idle, would be on its way by then.
    await expect.poll(() => names(requests)).toContain('vitals');
    await page.waitForLoadState('networkidle');
    await page.evaluate(
      () => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))),
    );
    expect(others(requests), 'no other card fetched before any input').toEqual([]);
    expect(names(requests), 'neither the rules nor the engine before any input').not.toContain('rules');
    expect(names(requests)).not.toContain('engine');
    // A key (a keyboard's first Tab, here Shift alone) is the customer's first input: it all comes after it.
    await page.keyboard.press('Shift');
    await expect.poll(() => others(requests).length).toBe(3);
    await expect.poll(() => names(requests)).toEqual(expect.arrayContaining(['rules', 'engine']));
    await expect(page.locator('html[data-rules]')).toHaveCount(1);
  });

  test('on a home rendered while a call had not answered, comes when idle, with no input', async ({
    guarded: page,
  }) => {
    // The offer's call is held past the server's wait: its answer, when the browser has it, decides again.
    const requests = recordRequests(page);
    await page.goto(
      `/sandbox/signin?${new URLSearchParams({ persona: 'postpaid', redirect: '/home', fault: '/Orch/dssh/offers/modemReplacement:timeout' })}`,
    );
    await settled(page);
    await expect.poll(() => others(requests).length).toBe(3);
    await expect.poll(() => names(requests)).toEqual(expect.arrayContaining(['rules', 'engine']));
  });
});

test.describe("the page's icon", () => {
  test('is a PNG drawn from public/favicon.svg, which the page does not link (a browser draws an SVG icon in a document of its own, on the main thread)', async ({
    guarded: page,
  }) => {
    await signIn(page, 'postpaid');
    await settled(page);
    for (const path of ['/home', '/billing', '/login/forgotPassword']) {
      const html = await (await page.request.get(path)).text();
      const icons = html.match(/<link rel="icon"[^>]*>/g) ?? [];
      expect(icons, `${path} links one icon`).toHaveLength(1);
      expect(icons[0]).toContain('type="image/png"');
      expect(icons[0]).toContain('href="/favicon.png"');
    }
    // The PNG is what Chromium draws of the SVG at its size (npm run favicon makes it): the two may not drift.
    const difference = await page.evaluate(async () => {
      const pixels = async (src: string): Promise<Uint8ClampedArray> => {
        const image = new Image();
        image.src = src;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 48;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0, 48, 48);
        return context.getImageData(0, 0, 48, 48).data;
      };
      const [png, svg] = await Promise.all([pixels('/favicon.png'), pixels('/favicon.svg')]);
      let total = 0;
      let largest = 0;
      for (let i = 0; i < png.length; i++) {
        const d = Math.abs(png[i]! - svg[i]!);
        total += d;
        largest = Math.max(largest, d);
      }
      return { mean: total / png.length, largest };
    });
    expect(
      difference.mean,
      'public/favicon.png is public/favicon.svg drawn at 48 px: run npm run favicon',
    ).toBeLessThan(1);
    expect(difference.largest).toBeLessThan(48);
  });
});

test.describe('no blank page', () => {
  test('the home, header and footer paint before any JavaScript runs, at the place React keeps them', async ({
    guarded: page,
  }) => {
    await signIn(page, 'postpaid');
    await settled(page);
    for (const width of [412, 1280]) {
      await page.setViewportSize({ width, height: 823 });
      await page.route(/\.js$/, (r) => r.abort());
      await page.goto('/home');
      await expect(page.getByRole('heading', { name: 'Hi, Alex!' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'ACCOUNT BALANCE' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      const staticHeader = await page.locator('header').boundingBox();
      const staticMain = await page.locator('main').boundingBox();
      await expect(page.locator('html[data-ready]')).toHaveCount(0);
      await page.unroute(/\.js$/);

      await page.goto('/home');
      await settled(page);
      expect(await page.locator('header').boundingBox(), `the header stays put at ${width} px`).toEqual(
        staticHeader,
      );
      expect(await page.locator('main').boundingBox(), `the page stays put at ${width} px`).toEqual(
        staticMain,
      );
    }
  });
});

test.describe('the first paint is kept', () => {
  test("React hydrates the server's markup rather than painting it again: the page's largest paint stays the first one", async ({
    guarded: page,
  }) => {
    await signIn(page, 'postpaid');
    await settled(page);
    // The page's chunks answer late, so the server's markup is on screen a while before React takes it over.
    await slow(page, /\/assets\/.+\.js$/, 1_000);
    await page.addInitScript(() => {
      const w = window as unknown as { __static?: Element | null; __lcp: Element[] };
      w.__lcp = [];
      document.addEventListener('DOMContentLoaded', () => {
        w.__static = document.querySelector('#home-heading');
      });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          const element = (e as PerformanceEntry & { element?: Element | null }).element;
          if (element) w.__lcp.push(element);
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto('/home');
    await settled(page);
    const kept = await page.evaluate(() => {
      const w = window as unknown as { __static?: Element | null; __lcp: Element[] };
      return {
        heading: w.__static != null && w.__static === document.querySelector('#home-heading'),
        lcp: w.__lcp.length > 0 && w.__lcp.every((e) => e.isConnected),
      };
    });
    expect(kept.heading, 'the greeting is still the element the server painted').toBe(true);
    expect(kept.lcp, 'every largest paint is still on the page: nothing was painted twice').toBe(true);
    // Chunks the page asks for later (when idle, or a call's validator) may still be held when the test ends:
    // their answers are dropped, not sent to a page that is being closed.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
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
