import type { Page } from '@playwright/test';
import { test, expect, signIn, settled } from './fixtures';
import { issueRecords } from './home-helpers';

/**
 * The dataLayer (issue 24 items 1 and 3; catalogue src/stores/analytics.ts, docs/contracts.md 'Analytics'): every
 * UI issue-log record pushes an analytics error event (home spec §8 'Failures log a UI issue record ...
 * Analytics error events are also sent'), and a card's flow the customer never started sends no flow_step. On
 * postpaid and on postpaid-variant, a postpaid persona with other values written for these tests.
 */

type Event = Record<string, unknown> & { event: string };

const dataLayer = (page: Page): Promise<Event[]> =>
  page.evaluate(() => ((window as unknown as { dataLayer?: Event[] }).dataLayer ?? []).slice());

const operationsOf = (events: Event[]): string[] =>
  events
    .filter((e) => e.event === 'ui_issue_error')
    .map((e) => String(e.operation))
    .sort();

for (const [persona, account, faults] of [
  ['postpaid', '310245781', ['/Orch/dssh/services/myServices:500']],
  [
    'postpaid-variant',
    '310877402',
    ['/Orch/dssh/services/myServices:500', '/Orch/dssh/rx/getOutageDetails:500'],
  ],
] as const) {
  test(`${persona}: every issue-log record of a silent failure (${faults.join(', ')}) pushes a ui_issue_error event naming its operation and page, and nothing personal`, async ({
    guarded: page,
  }) => {
    // As a tester would: arm the faults, then sign in.
    for (const f of faults)
      expect((await page.request.get(`/sandbox/faults?set=${encodeURIComponent(f)}`)).ok()).toBe(true);
    await signIn(page, persona);
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: /^Hi, / })).toBeVisible();
    await expect.poll(async () => operationsOf(await dataLayer(page))).toContain('getHsiInfo');
    if (faults.length > 1)
      await expect.poll(async () => operationsOf(await dataLayer(page))).toContain('checkOutage');
    // One event per record: the same operations as the session's issue log, as many times.
    await expect
      .poll(async () => {
        const events = operationsOf(await dataLayer(page)).join(', ');
        const records = (await issueRecords(page))
          .map((r) => String(r.operation))
          .sort()
          .join(', ');
        return records === events ? 'one event per record' : `records: ${records}; events: ${events}`;
      })
      .toBe('one event per record');
    const events = await dataLayer(page);
    expect(events).toContainEqual({ event: 'ui_issue_error', operation: 'getHsiInfo', page_path: '/home' });
    expect(JSON.stringify(events)).not.toContain(account);
  });

  test(`${persona}: /home sends no flow_step for flows nobody started (pay-bill, view-bill, payment-plan, upgrade); View Bill, once clicked, sends its steps`, async ({
    guarded: page,
  }) => {
    await signIn(page, persona);
    await settled(page);
    await expect(page.getByRole('button', { name: 'View Bill' })).toBeVisible();
    await expect.poll(async () => (await dataLayer(page)).some((e) => e.event === 'page_view')).toBe(true);
    const atRest = (await dataLayer(page)).filter((e) => e.event === 'flow_step');
    expect(atRest).toEqual([]);

    await page.getByRole('button', { name: 'View Bill' }).click();
    await expect(page).toHaveURL(/\/billDetailPdf\?billDate=/);
    const steps = (await dataLayer(page)).filter((e) => e.event === 'flow_step');
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.every((e) => e.flow === 'view-bill')).toBe(true);
    expect(steps.map((e) => e.step)).toContain('loading');
  });
}

test("a real load's web vitals reach the server when the page is hidden (issue 30): LCP, CLS and TTFB, by the address it landed on", async ({
  guarded: page,
}) => {
  await signIn(page, 'postpaid');
  await settled(page);
  // The reporter is loaded when the page is idle after hydration (src/shell/vitals.ts marks when it listens).
  await page.waitForFunction(() => performance.getEntriesByName('portal:vitals-reporting').length > 0);
  // A tap ends the page's LCP (web-vitals reports it in an idle callback, which runs before this one).
  await page.getByRole('heading', { level: 1 }).click();
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  const beacon = page.waitForRequest((r) => new URL(r.url()).pathname === '/vitals' && r.method() === 'POST');
  // The page is hidden, as when the customer leaves it or switches tab: what the browser does then, done here
  // (Playwright does not see the requests of a page being unloaded; the beacon is the same).
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const request = await beacon;
  const body = request.postDataJSON() as { page: string; vitals: Array<{ name: string; value: number }> };
  expect(body.page).toBe('/home');
  expect(body.vitals.map((v) => v.name)).toEqual(expect.arrayContaining(['LCP', 'CLS', 'TTFB']));
  for (const v of body.vitals) expect(Number.isFinite(v.value) && v.value >= 0).toBe(true);
  // The server recorded it (server/plugins/vitals.ts answers junk with a 400).
  expect((await request.response())?.status()).toBe(204);
});
