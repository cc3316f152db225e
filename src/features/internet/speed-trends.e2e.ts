import type { Page } from '@playwright/test';
import { test, expect, signIn, settled } from '../../../test/e2e/fixtures';

/**
 * View Trends' y axis (issue 24 item 9; home spec §5: 'Chart y-axis starts at the lowest non-zero speed rounded
 * down to ten, minus 10, never below 0; step size defaults to 10.'). The labels are read from what the chart
 * draws on its canvas (fillText, recorded in the page), on gig-plan and on a 1 Gig persona written for this
 * test with another week of speeds.
 */

/** Records every text the page draws on a canvas (uPlot draws its axis labels with fillText). */
async function recordCanvasText(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const drawn: string[] = [];
    (window as unknown as { __canvasText: string[] }).__canvasText = drawn;
    const proto = CanvasRenderingContext2D.prototype;
    const fillText = Object.getOwnPropertyDescriptor(proto, 'fillText')?.value as (
      this: CanvasRenderingContext2D,
      text: string,
      x: number,
      y: number,
      maxWidth?: number,
    ) => void;
    proto.fillText = function (
      this: CanvasRenderingContext2D,
      text: string,
      x: number,
      y: number,
      w?: number,
    ) {
      drawn.push(String(text));
      if (w === undefined) fillText.call(this, text, x, y);
      else fillText.call(this, text, x, y, w);
    };
  });
}

const drawnText = (page: Page) =>
  page.evaluate(() => (window as unknown as { __canvasText: string[] }).__canvasText.slice());

for (const [persona, lowest, highest] of [
  ['gig-plan', 880, 944],
  ['gig-plan-variant', 788, 858],
] as const) {
  test(`${persona}: the speed-trend chart's y-axis labels start at the lowest speed rounded down to ten, minus 10, and step by 10`, async ({
    guarded: page,
  }) => {
    await recordCanvasText(page);
    await signIn(page, persona);
    await settled(page);
    await page
      .getByRole('region', { name: 'Internet', exact: true })
      .getByRole('button', { name: 'View Trends' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Speed Trends' });
    await expect(dialog.locator('canvas')).toHaveCount(1);
    // The table beside the chart holds the same figures (what the chart was drawn from).
    await expect(
      dialog.getByRole('table', { name: 'Measured speeds, past 7 days (Mbps)' }).getByRole('row'),
    ).toHaveCount(8);
    await expect.poll(async () => (await drawnText(page)).some((t) => /^\d+$/.test(t))).toBe(true);
    const labels = [...new Set((await drawnText(page)).filter((t) => /^\d+$/.test(t)).map(Number))].sort(
      (a, b) => a - b,
    );
    const bottom = Math.floor(lowest / 10) * 10 - 10;
    expect(labels[0]).toBe(bottom);
    expect(labels.at(-1)).toBeGreaterThanOrEqual(highest);
    const steps = new Set(labels.slice(1).map((l, i) => l - (labels[i] ?? 0)));
    expect([...steps]).toEqual([10]);
  });
}
