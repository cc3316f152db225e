import { describe, expect, it } from 'vitest';
import puppeteer from 'puppeteer-core';
import {
  CHROME,
  CHROME_FLAGS,
  QUIET_UI_FEATURES,
  browserUiPages,
  disabledFeatures,
  measuringFlags,
  refuseBrowserUiPages,
} from '../../lib/bench-sandbox';

describe("measuringFlags: the bench's Chromium without its own UI pages", () => {
  it('disables the omnibox popup pages in one --disable-features', () => {
    const flags = measuringFlags();
    expect(flags.filter((f) => f.startsWith('--disable-features='))).toHaveLength(1);
    expect(disabledFeatures(flags)).toEqual([...QUIET_UI_FEATURES]);
    expect(flags.slice(0, CHROME_FLAGS.length)).toEqual(CHROME_FLAGS);
  });

  it("keeps a launcher's own disabled features in that one flag (Chromium reads only the last)", () => {
    const launcher = ['--disable-features=Translate,OptimizationHints', '--mute-audio'];
    const flags = measuringFlags(launcher);
    expect(flags.filter((f) => f.startsWith('--disable-features='))).toEqual([
      `--disable-features=Translate,OptimizationHints,${QUIET_UI_FEATURES.join(',')}`,
    ]);
    // chrome-launcher puts its own flags first and these after: the last --disable-features, the one Chromium
    // reads, holds both lists.
    const last = [...launcher, ...flags].filter((f) => f.startsWith('--disable-features=')).at(-1)!;
    expect(disabledFeatures([last])).toEqual(['Translate', 'OptimizationHints', ...QUIET_UI_FEATURES]);
  });

  it('reads every --disable-features of a list', () => {
    expect(
      disabledFeatures(['--a', '--disable-features=X,Y', '--disable-features=Z', '--disable-features=']),
    ).toEqual(['X', 'Y', 'Z']);
  });
});

// Debian's Chromium itself: what a new version of it would change under the bench.
describe("this Chromium's own UI pages", () => {
  async function pagesWith(args: string[]): Promise<{ pages: string[]; refused: string | null }> {
    const browser = await puppeteer.launch({ executablePath: CHROME, args, headless: true });
    try {
      const context = await browser.createBrowserContext();
      await context.newPage();
      const pages = await browserUiPages(browser);
      const refused = await refuseBrowserUiPages(browser).then(
        () => null,
        (e: unknown) => (e instanceof Error ? e.message : String(e)),
      );
      return { pages, refused };
    } finally {
      await browser.close();
    }
  }

  it('opens the omnibox popup as web pages with the plain flags, and none with the measuring ones', async () => {
    const plain = await pagesWith(CHROME_FLAGS.slice(1));
    expect(plain.pages.some((u) => u.startsWith('chrome://omnibox-popup.top-chrome/'))).toBe(true);
    expect(plain.refused).toMatch(/chrome:\/\/omnibox-popup\.top-chrome\/.*QUIET_UI_FEATURES/);

    const measuring = await pagesWith(measuringFlags().slice(1));
    expect(measuring).toEqual({ pages: [], refused: null });
  });
});
