import { test, expect } from '@playwright/test';
import puppeteer, { type Browser } from 'puppeteer-core';
import { capturedFrames, quietInspector } from '../../lib/bench-inspector';
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from '../../lib/chromium';

/**
 * The bench's DevTools clients capture no stack for the page's errors (lib/bench-inspector.ts,
 * docs/decisions/051): with the capture on, React DOM's first error re-parsed its 200 KB module function, a
 * task of 80 to 130 ms at the calibrated slowdown that no customer's phone runs. The probe throws from two
 * nested functions: 2 frames captured, or none.
 */
let browser: Browser;
test.beforeAll(async () => {
  browser = await puppeteer.launch({
    executablePath: HEADLESS_SHELL_PATH,
    headless: 'shell',
    args: CHROMIUM_ARGS,
  });
});
test.afterAll(async () => {
  await browser?.close();
});

test('a DevTools client captures the stack of every error in the page by default', async () => {
  const page = await browser.newPage();
  expect(await capturedFrames(page)).toBe(2);
  await page.close();
});

test("quietInspector turns the capture off for the page's own session", async () => {
  const page = await quietInspector(await browser.newPage());
  expect(await capturedFrames(page)).toBe(0);
  // Across a navigation too: the page's renderer changes, the session's setting stays.
  await page.goto('data:text/html,<p>another document</p>');
  expect(await capturedFrames(page)).toBe(0);
  await page.close();
});

test('a session made for the page later (as Lighthouse makes its own) stays quiet when it enables Runtime', async () => {
  const page = await quietInspector(await browser.newPage());
  const lighthouse = await page.target().createCDPSession();
  await lighthouse.send('Runtime.enable');
  expect(await capturedFrames(page)).toBe(0);
  await lighthouse.detach();
  await page.close();
});

test("the control: quieting only the page's own session leaves a later client capturing", async () => {
  const page = await browser.newPage();
  const own = (page as unknown as { _client(): { send(m: string, p: object): Promise<unknown> } })._client();
  await own.send('Runtime.setMaxCallStackSizeToCapture', { size: 0 });
  expect(await capturedFrames(page)).toBe(0);
  const later = await page.target().createCDPSession();
  await later.send('Runtime.enable');
  expect(await capturedFrames(page)).toBe(2);
  await later.detach();
  await page.close();
});
