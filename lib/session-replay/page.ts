/**
 * The page a session is replayed on (lib/qa-replay.ts): opened as it was captured (browser clock, time zone,
 * locale, window; persona, faults, account, page and router state), the recorded actions done by role and
 * name, the page's own recording of the flow (its QA panel) and what it shows read back.
 */
import { delimiter } from 'node:path';
import type { Browser, Locator, Page, Route } from '@playwright/test';
import type { CapturedSession, PathFile, PathStep, UiAction, UiTarget } from '../../machines/paths';
import { loadPersonas } from '../../server/personas';
import { readScreenLines } from '../../src/shell/qa-screen';
import { quote } from './text';
import { Unrunnable } from './session';

/** The control a recorded action names, as the page has it now. */
export function locate(page: Page, t: UiTarget): Locator {
  const role = t.role as Parameters<Page['getByRole']>[0];
  const scope =
    t.within === undefined
      ? page
      : page
          .getByRole('dialog', { name: t.within, exact: true })
          .or(page.getByRole('alertdialog', { name: t.within, exact: true }));
  return scope.getByRole(role, { name: t.name, exact: true }).nth(t.index ?? 0);
}

export async function perform(page: Page, a: UiAction, timeout: number): Promise<void> {
  if (a.action === 'press') return page.keyboard.press(a.key);
  const control = locate(page, a);
  if (a.action === 'fill') return control.fill(a.value, { timeout });
  if (a.action === 'select') {
    await control.selectOption(a.value, { timeout });
    return;
  }
  return control.click({ timeout });
}

/** The page's own recordings of this machine (the QA panel's data-qa-path), the one with most steps. */
export async function livePath(page: Page, machine: string): Promise<PathFile | null> {
  const texts = await page
    .locator(`[data-qa-flow="${machine}"]`)
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-qa-path') ?? ''));
  let best: PathFile | null = null;
  for (const text of texts) {
    try {
      const file = JSON.parse(text) as PathFile;
      if (!best || file.steps.length > best.steps.length) best = file;
    } catch {
      // A half-rendered attribute: read again on the next poll.
    }
  }
  return best;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Every toast line the page showed since the last reset (a page script, installed before the app runs): a
 * busy machine may look at the screen after a 3 s toast has gone. Plain strings: they run in the page as they are.
 */
const WATCH_TOASTS = `window.__qaToastsSeen = [];
new MutationObserver(() => {
  const area = document.querySelector('.toasts');
  if (!area) return;
  for (const raw of area.innerText.split('\\n')) {
    const line = raw.replace(/\\s+/g, ' ').trim();
    if (line && !window.__qaToastsSeen.includes(line)) window.__qaToastsSeen.push(line);
  }
}).observe(document, { subtree: true, childList: true, characterData: true });`;
const TOASTS_SEEN = 'window.__qaToastsSeen ?? []';
export const RESET_TOASTS = 'window.__qaToastsSeen = []';

/** What is wrong with the screen now for this step's recorded change (empty when it shows it). */
export async function screenProblems(page: Page, step: PathStep): Promise<string[]> {
  if (!step.screen) return [];
  const { lines } = await page.evaluate(readScreenLines);
  // A toast leaves on its own timer: one that showed since the step began counts as shown.
  const toasts = await page.evaluate<string[]>(TOASTS_SEEN);
  const now = new Set(lines);
  return [
    ...step.screen.shown
      .filter((l) => !now.has(l) && !toasts.includes(l))
      .map((l) => `screen: missing ${quote(l)}`),
    ...step.screen.gone.filter((l) => now.has(l)).map((l) => `screen: still shows ${quote(l)}`),
  ];
}

/**
 * Holds the page's calls to the back end while a step's screen is checked, so a state that waits on a call
 * is seen as the capture saw it even when the sandbox answers faster than the captured back end did.
 */
export class CallGate {
  private held: Route[] = [];
  private closed = false;
  readonly handle = async (route: Route) => {
    if (this.closed) this.held.push(route);
    // A call the page gave up on meanwhile cannot continue: nothing is lost.
    else await route.continue().catch(() => undefined);
  };
  close(): void {
    this.closed = true;
  }
  async open(): Promise<void> {
    this.closed = false;
    const held = this.held.splice(0);
    for (const route of held) await route.continue().catch(() => undefined);
  }
}

/** A page in the captured browser's setting, watching toasts, its back-end calls through a gate. */
export async function openPage(
  browser: Browser,
  base: string,
  session: CapturedSession,
): Promise<{ page: Page; gate: CallGate }> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: session.browser.viewport,
    locale: session.browser.locale,
    timezoneId: session.browser.timeZone,
  });
  await context.clock.install({ time: session.capturedAt });
  await context.addInitScript({ content: WATCH_TOASTS });
  const page = await context.newPage();
  const gate = new CallGate();
  await page.route(/\/(Orch|preauth)\//, gate.handle);
  return { page, gate };
}

/**
 * Signs in as the recorded persona with its faults (or arms them signed out), makes the recorded account
 * current, and opens the recorded page with ?qa (and its router state) until the QA panel is there.
 */
export async function openRecordedPage(
  page: Page,
  session: CapturedSession,
  base: string,
  log: (line: string) => void,
): Promise<void> {
  const target = new URL(session.page.path, base);
  target.searchParams.set('qa', '');
  const landing = `${target.pathname}${target.search}`;
  const faults = Object.entries(session.faults);
  if (session.persona) {
    const q = new URLSearchParams({ persona: session.persona, redirect: landing });
    for (const [call, mode] of faults) q.append('fault', `${call}:${mode}`);
    await page.goto(`/sandbox/signin?${q.toString()}`);
  } else {
    for (const [call, mode] of faults) {
      const r = await page.request.get(`/sandbox/faults?set=${encodeURIComponent(`${call}:${mode}`)}`);
      if (!r.ok()) throw new Unrunnable(`could not arm the fault ${call}:${mode} (${r.status()})`);
    }
    await page.goto(landing);
  }
  if (session.persona && session.accountIndex) {
    await makeAccountCurrent(page, session, log);
    await page.goto(landing);
  }
  if (session.page.state !== undefined) {
    // The page was opened with router state (React Router keeps it in history.state.usr): open it so again.
    const usr: unknown = session.page.state;
    await page.evaluate(
      (state) => window.history.replaceState({ usr: state, key: 'qa-replay', idx: 0 }, ''),
      usr,
    );
    await page.reload();
  }
  await page.getByRole('button', { name: /^QA: rules and flow paths/ }).waitFor({ timeout: 30_000 });
}

/** The flow began on another of the persona's accounts: make it current as the app's selector does. */
async function makeAccountCurrent(
  page: Page,
  session: CapturedSession,
  log: (line: string) => void,
): Promise<void> {
  const accountIndex = session.accountIndex ?? 0;
  const dirs = (process.env.SANDBOX_PERSONAS_DIR ?? '').split(delimiter).filter(Boolean);
  const persona = loadPersonas(dirs, () => undefined).find((p) => p.id === session.persona);
  const account = persona?.accounts[accountIndex];
  const r = account
    ? await page.request.post('/Orch/dssh/setCurrentAccount', { data: { pid: account.pid } })
    : null;
  if (!r?.ok()) {
    throw new Unrunnable(`cannot make account ${accountIndex + 1} of ${session.persona} current`);
  }
  log(`  account   ${account?.accountNumber} (account ${accountIndex + 1} of ${session.persona})`);
}
