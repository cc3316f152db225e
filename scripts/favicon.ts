/**
 * `npm run favicon`: public/favicon.png, the page's icon, drawn from public/favicon.svg by Chromium at 48 px
 * (a 16 px tab icon at a phone's 3x density). Run it after changing the drawing; the browser tests hold the
 * two to the same pixels (test/e2e/first-load.spec.ts).
 *
 * The page links the PNG, not the SVG: a browser draws an SVG icon in a document of its own, made on the page's
 * main thread after the load (9 ms on this machine kind, a long task on a low-tier phone), where a 48 px PNG
 * decodes in microseconds (docs/decisions/053-a-raster-favicon.md).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from '../lib/chromium';
import { repoRoot } from '../lib/repo';

const FAVICON_PX = 48;

const svg = readFileSync(join(repoRoot, 'public/favicon.svg'));
const browser = await chromium.launch({ executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: FAVICON_PX, height: FAVICON_PX } });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}img{display:block}</style><img width="${FAVICON_PX}" height="${FAVICON_PX}" src="data:image/svg+xml;base64,${svg.toString('base64')}">`,
  );
  await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
  const png = await page.screenshot({ omitBackground: true, type: 'png' });
  writeFileSync(join(repoRoot, 'public/favicon.png'), png);
  console.log(`public/favicon.png: ${FAVICON_PX} px, ${png.length} bytes`);
} finally {
  await browser.close();
}
