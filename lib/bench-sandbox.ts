/**
 * What the page-load benches share (`npm run bench`, docs/decisions/010 and 038): the Chromium they run, a
 * sandbox server of their own on the built app, a signed-in session per run, and the median.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Browser as PuppeteerBrowser } from 'puppeteer-core';
import { freePort } from './free-port';
import { repoRoot } from './repo';

export const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Chromium features the bench's browser runs without: the web pages of the browser's own user interface. Each
 * new window of Debian's Chromium, headless or not, loads its omnibox's popup as a web page
 * (`chrome://omnibox-popup.top-chrome/`, and its AI-mode variant) in renderers of its own: on this 2-core kind
 * about 0.9 s of CPU in two processes, at the very moment Lighthouse measures the host's benchmark index and
 * loads the page, and for each fresh context the long-task and tap benches open. A phone's Chromium draws its
 * omnibox natively; the page's own work is unchanged. docs/decisions/065-the-bench-browser-without-its-own-pages.md.
 */
export const QUIET_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'] as const;

/** The features a list of Chromium flags disables (every `--disable-features=a,b` in it). */
export function disabledFeatures(flags: readonly string[]): string[] {
  return flags
    .filter((f) => f.startsWith('--disable-features='))
    .flatMap((f) => f.slice('--disable-features='.length).split(','))
    .filter(Boolean);
}

/**
 * CHROME_FLAGS for a measuring browser: one `--disable-features` with QUIET_UI_FEATURES and `launcherFlags`'
 * own disabled features. Chromium reads only the last `--disable-features` of its command line, so a second
 * one would silently undo a launcher's list (chrome-launcher's, which Lighthouse relies on); puppeteer merges
 * its own into the one it is given, chrome-launcher does not and passes its defaults here.
 */
export function measuringFlags(launcherFlags: readonly string[] = []): string[] {
  const features = [...new Set([...disabledFeatures(launcherFlags), ...QUIET_UI_FEATURES])];
  return [...CHROME_FLAGS, `--disable-features=${features.join(',')}`];
}

/**
 * The pages of the browser's own user interface open in `browser` (CDP targets of type `browser_ui`): none in a
 * browser launched with measuringFlags. The bench refuses to measure beside them: their work would be in the
 * figures (a Chromium that brings a new one names it here).
 */
export async function browserUiPages(browser: PuppeteerBrowser): Promise<string[]> {
  const session = await browser.target().createCDPSession();
  try {
    // An empty filter entry matches every target type; the default leaves browser_ui out.
    const { targetInfos } = await session.send('Target.getTargets', { filter: [{}] });
    return targetInfos.filter((t) => t.type === 'browser_ui').map((t) => t.url);
  } finally {
    await session.detach();
  }
}

/**
 * A headless Chromium launched by puppeteer with the measuring flags (and `extraArgs`), refused when a page of
 * its own user interface is open: what the calibration, the long-task bench and the tap bench measure in.
 */
export async function launchMeasuringBrowser(extraArgs: readonly string[] = []): Promise<PuppeteerBrowser> {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    executablePath: CHROME,
    // puppeteer sets headless itself; it merges its own disabled features into measuringFlags' one.
    args: [...measuringFlags().slice(1), ...extraArgs],
    headless: true,
  });
  try {
    await refuseBrowserUiPages(browser);
  } catch (e) {
    await browser.close();
    throw e;
  }
  return browser;
}

/** Throws, naming them, when browserUiPages finds any. */
export async function refuseBrowserUiPages(browser: PuppeteerBrowser): Promise<void> {
  const pages = await browserUiPages(browser);
  if (pages.length)
    throw new Error(
      `the bench's Chromium has pages of its own user interface open (${[...new Set(pages)].join(', ')}): ` +
        'add their feature to QUIET_UI_FEATURES (lib/bench-sandbox.ts)',
    );
}

/** The three personas of the page-load figures (BENCH_PERSONAS=a,b overrides them). */
export const BENCH_PERSONAS = (process.env.BENCH_PERSONAS?.split(',') ?? [
  'postpaid',
  'walled-garden-soft',
  'multi-account',
]) as readonly string[];

/** Runs per persona and build (BENCH_RUNS). */
export const BENCH_RUNS = Number(process.env.BENCH_RUNS ?? 3);

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface BenchServer {
  base: string;
  stop: () => void;
}

/**
 * The built portal with its sandbox as `npm start` runs them (dist/sandbox/start.js: two processes) on a free
 * port, in a process group of its own.
 */
export async function startSandbox(): Promise<BenchServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['dist/sandbox/start.js'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
    detached: true,
  });
  const base = `http://localhost:${port}`;
  let stopping = false;
  // A server that ends under the bench (killed, crashed) says so, rather than leaving only refused connections.
  child.once('exit', (code, signal) => {
    if (!stopping) console.log(`  (the bench's sandbox on ${base} ended: ${signal ?? `exit code ${code}`})`);
  });
  const stop = () => {
    stopping = true;
    // The launcher, the portal and the sandbox: the group this bench started, nothing else.
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  };
  for (let i = 0; i < 120; i++) {
    try {
      const r = await fetch(`${base}/sandbox/signin`);
      if (r.ok) return { base, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error('the sandbox server did not start');
}

/** BENCH_BASE_URL (a server already running) or a sandbox of the bench's own. */
export async function benchServer(): Promise<BenchServer> {
  const external = process.env.BENCH_BASE_URL;
  return external ? { base: external, stop: () => {} } : startSandbox();
}

/** Signs in through the sandbox and returns the session cookie ('sid=...'). */
export async function signInCookie(base: string, persona: string): Promise<string> {
  const r = await fetch(`${base}/sandbox/signin?persona=${encodeURIComponent(persona)}`, {
    redirect: 'manual',
  });
  const cookie = r.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`sign-in as ${persona} gave no session cookie (${r.status})`);
  return cookie;
}

/** Lighthouse or Chromium sometimes loses a run on a busy machine: such a run is made again. */
export async function withRetries<T>(run: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (e) {
      if (i >= tries) throw e;
      console.log(`  (run failed, again: ${e instanceof Error ? e.message : String(e)})`);
    }
  }
}
