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
