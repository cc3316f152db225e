import { readFileSync } from 'node:fs';
import { CALL_TIMEOUT_MS } from '../../playwright.config';
import { test, expect, signIn, settled } from './fixtures';

/**
 * The time-outs and addresses a server sets at run time (server/runtime-config.ts, docs/decisions/036 and
 * 040): the test server writes CALL_TIMEOUT_MS and its addresses (the sandbox's, in sandbox mode) into every
 * page as a JSON data block, and the portal, built once with the shipped 15 s, uses it.
 */
const DECLINE = '/Orch/dssh/profile/declineAltTn';
const DECLINE_FAILED = 'We were unable to decline alternate number. Please try again later';
const portal = JSON.parse(readFileSync('config/portal.json', 'utf8')) as {
  timeouts: { callMs: number };
  signIn: { signInUrl: string };
  qa: { sessionInfoUrl: string };
  jumpOuts: { paymentPlan: string };
  preauth: { applicationKeyUrl: string };
  chat: { widgetScriptUrl: string };
};
const bundled = portal.timeouts;

test("every page carries the server's time-outs as data, which the strict CSP lets be", async ({
  guarded: page,
}) => {
  await signIn(page, 'postpaid');
  await settled(page);
  const block = page.locator('script#portal-runtime');
  await expect(block).toHaveAttribute('type', 'application/json');
  expect(JSON.parse((await block.textContent()) ?? '')).toEqual({
    timeouts: { callMs: CALL_TIMEOUT_MS },
    // Sandbox mode: config/portal.json's addresses, the sandbox's pages on this origin.
    addresses: {
      signInUrl: portal.signIn.signInUrl,
      qaSessionInfoUrl: portal.qa.sessionInfoUrl,
      paymentPlanUrl: portal.jumpOuts.paymentPlan,
      applicationKeyUrl: portal.preauth.applicationKeyUrl,
      chatWidgetUrl: portal.chat.widgetScriptUrl,
    },
  });
  // The guarded page fails the test on any CSP violation: the block is data, never run.
});

test("a call held by the sandbox times out at the server's call time-out, not the bundled one", async ({
  guarded: page,
}) => {
  expect(CALL_TIMEOUT_MS).toBeLessThan(bundled.callMs);
  await page.clock.install();
  await signIn(page, 'no-contact-number');
  await settled(page);
  // Set by hand (not setFault): here the test moves the page's clock itself, stopped from the click on.
  const fault = await page.request.get(`/sandbox/faults?set=${encodeURIComponent(`${DECLINE}:timeout`)}`);
  expect(fault.ok()).toBe(true);
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === DECLINE);
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.getByRole('button', { name: 'Decline' }).click();
  await sent;
  await page.clock.runFor(CALL_TIMEOUT_MS - 500);
  await expect(page.getByText(DECLINE_FAILED)).toHaveCount(0);
  await page.clock.runFor(500);
  await expect(page.getByText(DECLINE_FAILED)).toBeVisible();
});
