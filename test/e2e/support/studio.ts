/**
 * Helpers of the rule studio's browser tests (src/features/studio/*.e2e.ts): analysts' pages kept across
 * the serial tests of a story, each guarded against CSP violations and page errors, and the layout checks
 * of issue 22 item 7 (headers whole, nothing cut, nothing covered by the save bar).
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { axe, expect } from '../fixtures';

/** A page that records CSP violations and uncaught errors (as the `guarded` fixture does). */
export async function guardedPage(
  browser: Browser,
  baseURL: string,
  width = 1280,
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) problems.push(`CSP: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`uncaught: ${err.message}`));
  // Leaving a page with an unsaved draft asks first (beforeunload): the tests leave anyway.
  page.on('dialog', (d) => void (d.type() === 'beforeunload' ? d.accept() : d.dismiss()));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Refused to load (CSP ${e.violatedDirective}): ${e.blockedURI}`);
    });
  });
  return { page, problems };
}

/** Signs an analyst in; the studio opens on the card file once its first check has run. */
export async function openStudio(page: Page, analyst: string): Promise<void> {
  await page.goto(`/sandbox/signin?analyst=${analyst}`);
  await expect(page.getByRole('heading', { name: 'rules/prepaid-card.json' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(checkStatus(page)).toHaveText(/cases failing|errors?, /, { timeout: 40_000 });
}

/** The status line of the draft's check. */
export const checkStatus = (page: Page): Locator =>
  page.getByRole('status').filter({ hasText: /cases failing|the cases run once|Checking/ });

export async function expectAxeClean(page: Page): Promise<void> {
  expect((await axe(page)).violations).toEqual([]);
}

/** No table header of the studio breaks inside a word: each header's text sits on one line. */
export async function expectHeadersWhole(page: Page): Promise<void> {
  const broken = await page.evaluate(() => {
    const out: string[] = [];
    for (const th of document.querySelectorAll<HTMLElement>('.studio thead th')) {
      if (th.offsetParent === null) continue;
      const range = document.createRange();
      range.selectNodeContents(th);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (tops.size > 1) out.push(th.textContent ?? '');
    }
    return out;
  });
  expect(broken, 'table headers on more than one line').toEqual([]);
}

/** Nothing in the studio is clipped: no element hides part of its text behind a hidden overflow. */
export async function expectNothingCut(page: Page): Promise<void> {
  const cut = await page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('.studio *')) {
      if (el.offsetParent === null || el.classList.contains('visually-hidden')) continue;
      const style = getComputedStyle(el);
      const hides =
        ['hidden', 'clip'].includes(style.overflowY) || ['hidden', 'clip'].includes(style.overflowX);
      if (hides && (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1))
        out.push(`${el.tagName.toLowerCase()}.${el.className}: ${(el.textContent ?? '').slice(0, 60)}`);
      if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1)
        out.push(`ellipsis: ${(el.textContent ?? '').slice(0, 60)}`);
    }
    return out;
  });
  expect(cut, 'elements whose text is cut').toEqual([]);
}

/**
 * The element, once scrolled into view as focus or a click would, is not under the sticky save bar (or
 * anything else): the topmost element at its centre (its first line, for a tall one) is itself or inside
 * it. Scrolled and measured in one task, so nothing drawn meanwhile moves it.
 */
export async function expectNotCovered(target: Locator): Promise<void> {
  await target.waitFor();
  const covered = await target.evaluate((el) => {
    if (el instanceof HTMLElement && el.tabIndex >= 0) el.focus();
    else el.scrollIntoView({ block: 'nearest' });
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 10));
    return top === el || el.contains(top) ? null : `${top?.tagName ?? 'nothing'}.${top?.className ?? ''}`;
  });
  expect(covered, 'covered by').toBeNull();
}

/** The JSON editor's styles applied under the CSP: line numbers in a gutter beside the text, not above it. */
export async function expectEditorLaidOut(dialog: Locator): Promise<void> {
  const layout = await dialog.evaluate((root) => {
    const gutters = root.querySelector('.cm-gutters');
    const content = root.querySelector('.cm-content');
    if (!gutters || !content) return null;
    const g = gutters.getBoundingClientRect();
    const c = content.getBoundingClientRect();
    return {
      display: getComputedStyle(gutters).display,
      besides: g.right <= c.left + 1,
      sameTop: Math.abs(g.top - c.top) < 8,
    };
  });
  expect(layout).toEqual({ display: 'flex', besides: true, sameTop: true });
}

/** No CSP report reached the server from a studio page. */
export async function expectNoCspReports(page: Page): Promise<void> {
  const { reports } = (await (await page.request.get('/sandbox/csp-reports')).json()) as {
    reports: { 'csp-report': Record<string, string | number> }[];
  };
  const fromStudio = reports.filter((r) => `${r['csp-report']['document-uri'] ?? ''}`.includes('/studio'));
  expect(fromStudio).toEqual([]);
}
