/**
 * The main taps' Interaction to Next Paint on the calibrated low-tier phone (issue 30, item 3), figures only:
 * opening the Share WiFi dialog, the header's menu and the account menu in it (412 px: the account selector
 * is in the menu), and starting the pay flow (Pay Now), on each persona's /home.
 *
 * Each tap is made on a fresh load at the calibrated CPU slowdown (lib/bench-calibration.ts), once the page is
 * hydrated (`html[data-ready]`) and the browser has found an idle moment, as a customer taps a page that looks
 * ready: a scripted click at the control's centre (Chromium's own input events, trusted). The page's Event
 * Timing observer (`PerformanceObserver` type 'event', 16 ms threshold, the least the API allows) records the
 * tap's events; the interaction's latency is the longest of its events (pointerdown, pointerup, click), from
 * the input to the next paint, as INP counts one interaction. No event reported means under 16 ms.
 *
 * Driven by puppeteer-core with its DevTools client set as V8 provides for performance automation
 * (lib/bench-inspector.ts, docs/decisions/051): the page runs as with no DevTools attached, as the long-task
 * and Lighthouse figures do. The page never leaves: a navigation after the tap is answered 204 No Content, and
 * other origins do not resolve in this browser.
 *
 * Alone, after `npm run build`: `npx tsx scripts/bench-interactions.ts`.
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { quietInspector } from '../lib/bench-inspector';
import { BUDGETS } from '../lib/budgets';
import {
  BENCH_PERSONAS,
  BENCH_RUNS,
  launchMeasuringBrowser,
  benchServer,
  median,
  signInCookie,
  withRetries,
} from '../lib/bench-sandbox';
import { calibrateHost, describeCalibration } from '../lib/bench-calibration';

interface EventEntry {
  name: string;
  interactionId: number;
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
}

/** One interaction's figures: its latency and where the time went (the longest event's phases). */
export interface TapFigures {
  /** ms from the input to the next paint; 0 when no event reached the 16 ms threshold */
  latencyMs: number;
  inputDelayMs: number;
  processingMs: number;
  presentationMs: number;
}

/** The interaction's figures from its events (those sharing the tap's interactionId). */
export function interactionOf(entries: EventEntry[]): TapFigures {
  const ids = entries.filter((e) => e.interactionId > 0);
  if (ids.length === 0) return { latencyMs: 0, inputDelayMs: 0, processingMs: 0, presentationMs: 0 };
  const longest = ids.reduce((a, b) => (b.duration > a.duration ? b : a));
  return {
    latencyMs: longest.duration,
    inputDelayMs: longest.processingStart - longest.startTime,
    processingMs: longest.processingEnd - longest.processingStart,
    presentationMs: longest.startTime + longest.duration - longest.processingEnd,
  };
}

interface Tap {
  /** what the customer does */
  label: string;
  /** the taps before it on the same load (not measured), e.g. opening the menu that holds it */
  before?: (page: Page) => Promise<void>;
  /**
   * the control tapped: a selector on the document (CSS, `::-p-xpath`, `::-p-text`), never `::-p-aria`. An ARIA
   * query reads the browser's accessibility tree, which turns the renderer's accessibility on for the page:
   * from then on every frame also updates that tree (10 to 23 ms of the tap's frame at 10x on this host),
   * which a phone without assistive technology never does (docs/decisions/054).
   */
  control: string;
  /** what shows when the tap has been answered */
  answered: (page: Page) => Promise<void>;
}

const shown = async (page: Page, selector: string, timeout = 10_000): Promise<void> => {
  await page.waitForSelector(selector, { visible: true, timeout });
};
const MENU = 'button[aria-controls="main-menu"]';
/** An element (an XPath step from the document) by its whole visible text; a button by default. */
const byText = (path: string, text: string): string => `::-p-xpath(//${path}[normalize-space()="${text}"])`;
const button = (text: string): string => byText('button', text);
const ACCOUNT_MENU = 'button[aria-controls="account-menu"]';

export const TAPS: Tap[] = [
  {
    label: 'open the Share WiFi dialog',
    control: button('Share WiFi password'),
    // The open dialog, by its title (it labels the dialog).
    answered: (page) => shown(page, byText('dialog[@open]//h2', 'Share WiFi password')),
  },
  {
    label: "open the header's menu",
    control: MENU,
    answered: (page) => shown(page, '#main-menu'),
  },
  {
    label: 'open the account menu (in the menu)',
    before: async (page) => {
      await (await page.waitForSelector(MENU))!.click();
      await shown(page, ACCOUNT_MENU);
    },
    control: ACCOUNT_MENU,
    answered: (page) => shown(page, '#account-menu'),
  },
  {
    label: 'start the pay flow (Pay Now)',
    control: button('Pay Now'),
    // The flow's first step shows at once; then the page leaves for the payment site.
    answered: (page) =>
      shown(page, '::-p-text(Taking you to the payment site…)', 3_000).catch(() => undefined),
  },
];

/**
 * Installed before any script of the page: every event the Event Timing API reports over 16 ms. A string: a
 * function's text from tsx carries helpers (its `__name`) that are not in the page.
 */
const OBSERVE_EVENTS = `(() => {
  window.__events = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      window.__events.push({
        name: e.name,
        interactionId: e.interactionId,
        startTime: e.startTime,
        duration: e.duration,
        processingStart: e.processingStart,
        processingEnd: e.processingEnd,
      });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
})()`;

/** One fresh load of /home at `slowdown`, hydrated and idle, then the tap; its interaction's figures. */
export async function tapOnce(
  browser: Browser,
  base: string,
  persona: string,
  tap: Tap,
  slowdown: number,
): Promise<TapFigures> {
  const context = await browser.createBrowserContext();
  try {
    const cookie = await signInCookie(base, persona);
    const [name, value] = cookie.split('=') as [string, string];
    await context.setCookie({ name, value, domain: new URL(base).hostname, path: '/' });
    const page = await quietInspector(await context.newPage());
    await page.setViewport({ width: 412, height: 823 });
    await page.evaluateOnNewDocument(OBSERVE_EVENTS);
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await page.goto(`${base}/home`, { timeout: 120_000 });
    await page.waitForSelector('html[data-ready]', { timeout: 60_000 });
    const idle = () =>
      page.evaluate('new Promise((r) => requestIdleCallback(() => r(null), { timeout: 5000 }))');
    await idle();
    if (tap.before) {
      await tap.before(page);
      await idle();
    }
    const control = (await page.waitForSelector(tap.control, {
      visible: true,
      timeout: 10_000,
    })) as ElementHandle;
    await control.scrollIntoView();
    await idle();
    const from = (await page.evaluate('window.__events.length')) as number;
    // The page stays where it is: a navigation after the tap (the pay flow leaves for the payment site once its
    // first step is painted) is answered 204 No Content, which a browser takes as "stay on this page". Its
    // other requests go on untouched. A page left for an error page could not always be closed, and kept a
    // renderer busy beside the next loads.
    cdp.on('Fetch.requestPaused', (e) => {
      cdp.send('Fetch.fulfillRequest', { requestId: e.requestId, responseCode: 204 }).catch(() => {
        // The page is closing.
      });
    });
    await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*', resourceType: 'Document' }] });
    await control.click();
    await tap.answered(page);
    // Event Timing reports an event after the paint that follows it: two frames, then what arrived, read in the
    // same evaluation.
    const events = (await page
      .evaluate(
        `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => r(window.__events.slice(${from})), 100))))`,
      )
      .catch(() => [])) as EventEntry[];
    // Only the tap's own events: the first interaction after it started.
    const first = events.find((e) => e.interactionId > 0);
    return interactionOf(first ? events.filter((e) => e.interactionId === first.interactionId) : []);
  } finally {
    // A close that does not end in 10 s fails the load (a renderer left running would slow every load after it).
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      context.close(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error("the tap's browser context did not close within 10 s")),
          10_000,
        );
      }),
    ]).finally(() => clearTimeout(timer));
  }
}

/** Every host but the portal's fails to resolve: nothing the page asks for leaves this machine. */
const OTHER_ORIGINS_UNRESOLVED =
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1';

const msText = (x: number): string => (x ? `${Math.round(x)} ms` : 'under 16 ms');

/** Measures and prints every tap of TAPS for each persona, BENCH_RUNS fresh loads each, at `slowdown`. */
export async function benchInteractions(base: string, slowdown: number): Promise<void> {
  const browser = await launchMeasuringBrowser([OTHER_ORIGINS_UNRESOLVED]);
  const rows: string[] = [];
  let worst = 0;
  try {
    for (const persona of BENCH_PERSONAS)
      for (const tap of TAPS) {
        const runs: TapFigures[] = [];
        for (let i = 0; i < BENCH_RUNS; i++)
          runs.push(await withRetries(() => tapOnce(browser, base, persona, tap, slowdown)));
        const m = [...runs].sort((a, b) => a.latencyMs - b.latencyMs)[Math.floor(runs.length / 2)]!;
        const value = median(runs.map((r) => r.latencyMs));
        worst = Math.max(worst, value);
        rows.push(
          `| ${persona} | ${tap.label} | ${msText(value)} (${runs.map((r) => msText(r.latencyMs)).join(', ')}) | ${msText(m.inputDelayMs)} / ${msText(m.processingMs)} / ${msText(m.presentationMs)} | ${BUDGETS.inpMs} ms | ${value < BUDGETS.inpMs ? 'under budget' : 'OVER BUDGET'} |`,
        );
      }
  } finally {
    await browser.close();
  }
  console.log(
    `\nINP of the main taps on /home, Chromium at ${slowdown.toFixed(2)}x CPU slowdown (the calibrated low-tier phone), 412 px: a scripted tap on a fresh load once the page is hydrated and idle, the interaction's latency from the Event Timing API (its longest event, input to next paint), median of ${BENCH_RUNS} loads; load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')}:\n`,
  );
  console.log('| persona | tap | INP (each load) | input delay / processing / presentation | budget | |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const r of rows) console.log(r);
  console.log(
    `\nINP of the main taps, the worst: ${msText(worst)}, budget ${BUDGETS.inpMs} ms: ${worst < BUDGETS.inpMs ? 'under budget' : 'OVER BUDGET'}`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const server = await benchServer();
  try {
    const calibration = await calibrateHost();
    console.log(`\nThe phone emulated: ${describeCalibration(calibration)}.`);
    await benchInteractions(server.base, calibration.multiplier);
  } finally {
    server.stop();
  }
}
