/**
 * Replays a session captured in the browser (the QA panel's saved file, path format 2) in Chromium against
 * the sandbox, and checks at each step the machine's state (read from the page's QA panel) and the text on
 * screen. machines/README.md (Captured sessions) explains it for QA; docs/decisions/018-qa-sessions.md why.
 *
 *   npm run qa:replay -- FILE [--rules DIR] [--headed]   (scripts/qa-replay.ts)
 *
 * 1. The machine version and the rules' hash are compared with the recorded ones. When the rules differ,
 *    each recorded rule file is looked up in git history and the sandbox serves those versions (a clear
 *    warning says which, and which could not be found).
 * 2. A sandbox starts on a free port (sandbox/main.ts, the built app in dist/) with SANDBOX_TODAY at the
 *    recorded sandbox clock; the browser's clock, time zone, locale and window are the recorded ones.
 * 3. It signs in as the recorded persona with the recorded faults (or arms them before sign-in) and opens the
 *    recorded page with `?qa`.
 * 4. Each step: the recorded user actions are done by role and accessible name; the page's own recording of
 *    the flow (the QA panel) must take the same event into the same state with the same messages and
 *    effects; the lines the step brought on screen must be there and those it took off must be gone.
 * Prints a verdict per step; exits 0 when every step matches, 1 at the first mismatch, 2 when it cannot run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, relative, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { chromium, type Browser, type Locator, type Page, type Route } from '@playwright/test';
import { PATH_MACHINES } from '../machines/path-scenarios';
import {
  actorAnswer,
  PATH_FORMAT,
  type CapturedSession,
  type PathFile,
  type PathStep,
  type UiAction,
  type UiTarget,
} from '../machines/paths';
import { machineVersion } from '../machines/version';
import { loadPersonas } from '../sandbox/personas';
import { readScreenLines } from '../src/shell/qa-screen';
import { readPathFile } from './paths/path-file';
import { findRuleFileInHistory, rulesHashOfDir, short } from './paths/sessions';
import { repoRoot as ROOT } from './repo';

export interface ReplayOptions {
  /** serve these rules instead of looking for the recorded ones */
  rulesDir?: string;
  headed?: boolean;
  /** how long one step may take to happen in the page (ms) */
  stepTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface SessionReplayResult {
  ok: boolean;
  /** 2: it could not run (no build, not a captured session, the sandbox did not start) */
  exitCode: 0 | 1 | 2;
}

class Unrunnable extends Error {}

const stateText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => (v === undefined ? k : `${k}.${stateText(v)}`))
        .join(', ');

const quote = (s: string): string => JSON.stringify(s);

function targetText(t: UiTarget): string {
  return `${t.role} ${quote(t.name)}${t.index ? ` (#${t.index + 1})` : ''}${t.within !== undefined ? ` in dialog ${quote(t.within)}` : ''}`;
}

function actionText(a: UiAction): string {
  if (a.action === 'press') return `press ${a.key}`;
  if (a.action === 'fill') return `fill ${targetText(a)} with ${quote(a.value)}`;
  if (a.action === 'select') return `choose ${quote(a.value)} in ${targetText(a)}`;
  return `click ${targetText(a)}`;
}

function eventText(step: PathStep): string {
  const answer = actorAnswer(step.event);
  if (answer) return `${answer.actorId} ${answer.kind === 'done' ? 'answers' : 'fails'}`;
  return step.event.type;
}

// ---------------------------------------------------------------------------------------------------------
// Rules

/**
 * The rules folder to serve: the current rules/ when they are the recorded ones; otherwise a copy where each
 * recorded file that differs is its version from git history. Says clearly what differs.
 */
export async function rulesToServe(session: CapturedSession, log: (l: string) => void, cleanup: string[]) {
  const dir = join(ROOT, 'rules');
  const current = await rulesHashOfDir(dir);
  if (session.rules.hash === null) {
    log(`  rules     WARNING: the capture recorded no rules hash; replaying with the current rules`);
    return dir;
  }
  if (current.hash === session.rules.hash) {
    log(`  rules     ${short(current.hash)} as captured`);
    return dir;
  }
  log(`  rules     WARNING: the rules differ from those the session was decided with`);
  log(`            captured ${short(session.rules.hash)}, now ${short(current.hash)}`);
  const copy = mkdtempSync(join(tmpdir(), 'qa-replay-rules-'));
  cleanup.push(copy);
  for (const f of readdirSync(dir)) if (f.endsWith('.json')) copyFileSync(join(dir, f), join(copy, f));
  let missing = 0;
  for (const [name, recorded] of Object.entries(session.rules.files)) {
    if (recorded.hash === null || current.files[name]?.hash === recorded.hash) continue;
    const found = await findRuleFileInHistory(name, recorded.hash);
    if (found) {
      writeFileSync(join(copy, name), found.text);
      log(
        `            rules/${name}: serving the captured version, from commit ${found.commit.slice(0, 10)}`,
      );
    } else {
      missing++;
      log(
        `            rules/${name}: WARNING the captured version (${short(recorded.hash)}) is not in this ` +
          `repository's history; serving the current one`,
      );
    }
  }
  for (const name of Object.keys(current.files)) {
    if (!(name in session.rules.files))
      log(`            rules/${name}: new since the capture, served as it is`);
  }
  log(
    missing
      ? `            ${missing} rule file(s) differ from the capture: a mismatch below may come from them`
      : `            the sandbox serves the captured rules (RULES_DIR=${copy})`,
  );
  return copy;
}

// ---------------------------------------------------------------------------------------------------------
// Sandbox

async function startSandbox(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'sandbox', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(
      () => reject(new Unrunnable(`the sandbox did not start in 60 s:\n${output}`)),
      60_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Portal running at (http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolveUrl(m[1]!);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Unrunnable(`the sandbox stopped (exit ${code}):\n${output}`));
    });
  });
  child.stdout?.resume();
  child.stderr?.resume();
  return { url, child };
}

// ---------------------------------------------------------------------------------------------------------
// The page

/** The control a recorded action names, as the page has it now. */
function locate(page: Page, t: UiTarget): Locator {
  const role = t.role as Parameters<Page['getByRole']>[0];
  const scope =
    t.within === undefined
      ? page
      : page
          .getByRole('dialog', { name: t.within, exact: true })
          .or(page.getByRole('alertdialog', { name: t.within, exact: true }));
  return scope.getByRole(role, { name: t.name, exact: true }).nth(t.index ?? 0);
}

async function perform(page: Page, a: UiAction, timeout: number): Promise<void> {
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
async function livePath(page: Page, machine: string): Promise<PathFile | null> {
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

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

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
const RESET_TOASTS = 'window.__qaToastsSeen = []';

/** What is wrong with the screen now for this step's recorded change (empty when it shows it). */
async function screenProblems(page: Page, step: PathStep): Promise<string[]> {
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

/** The machine's side of a step: event, state, messages and effects, as the page recorded them. */
function machineProblems(expected: PathStep, actual: PathStep): { problems: string[]; notes: string[] } {
  const problems: string[] = [];
  const notes: string[] = [];
  if (actual.event.type !== expected.event.type) {
    problems.push(`event ${actual.event.type}, expected ${expected.event.type}`);
  } else if (!isDeepStrictEqual(actual.event, expected.event)) {
    // A call may answer with other data (a token, a number): the state and the screen are what must match.
    (actorAnswer(expected.event) ? notes : problems).push(
      `event data ${JSON.stringify(actual.event)}, captured ${JSON.stringify(expected.event)}`,
    );
  }
  if (!isDeepStrictEqual(actual.expectedState, expected.expectedState)) {
    problems.push(`state ${stateText(actual.expectedState)}, expected ${stateText(expected.expectedState)}`);
  }
  if (!isDeepStrictEqual(actual.expectedMessages ?? [], expected.expectedMessages ?? [])) {
    problems.push(
      `messages ${JSON.stringify((actual.expectedMessages ?? []).map((m) => m.text))}, expected ${JSON.stringify((expected.expectedMessages ?? []).map((m) => m.text))}`,
    );
  }
  if (!isDeepStrictEqual(actual.expectedEffects ?? [], expected.expectedEffects ?? [])) {
    problems.push(
      `effects ${JSON.stringify(actual.expectedEffects ?? [])}, expected ${JSON.stringify(expected.expectedEffects ?? [])}`,
    );
  }
  return { problems, notes };
}

/**
 * Holds the page's calls to the back end while a step's screen is checked, so a state that waits on a call
 * is seen as the capture saw it even when the sandbox answers faster than the captured back end did.
 */
class CallGate {
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

// ---------------------------------------------------------------------------------------------------------
// Replay

export async function replaySession(path: string, options: ReplayOptions = {}): Promise<SessionReplayResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const stepTimeout = options.stepTimeoutMs ?? 15_000;
  const cleanup: string[] = [];
  let browser: Browser | undefined;
  let sandbox: ChildProcess | undefined;
  try {
    const file = readPathFile(path);
    const session = file.session;
    if (file.format !== PATH_FORMAT || !session) {
      throw new Unrunnable(
        `${path} is a path without a captured session (format ${file.format ?? 1}): replay it against its ` +
          `machine with \`npx tsx scripts/generate-paths.ts --replay ${path}\``,
      );
    }
    const entry = PATH_MACHINES.find((m) => m.id === file.machine);
    if (!entry) throw new Unrunnable(`${path}: no machine '${file.machine}'`);
    if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
      throw new Unrunnable('the app is not built (dist/index.html is missing): run `npm run build` first');
    }

    log(`qa:replay ${relative(process.cwd(), path) || path}`);
    log(`  ${file.description}`);
    const version = await machineVersion(entry.machine);
    log(
      version === file.machineVersion
        ? `  machine   ${file.machine} ${short(version)} as captured`
        : `  machine   WARNING: ${file.machine} changed since the capture (${short(file.machineVersion)} -> ${short(version)})`,
    );
    const faults = Object.entries(session.faults);
    log(
      `  persona   ${session.persona ?? 'none (signed out)'}${session.accountIndex ? `, account ${session.accountIndex + 1}` : ''}; ` +
        `faults ${faults.length ? faults.map(([c, m]) => `${c}:${m}`).join(', ') : 'none'}`,
    );
    const today = session.sandboxClock ?? session.date;
    log(
      `  date      ${session.date} (SANDBOX_TODAY=${today}); browser clock ${session.capturedAt}, ` +
        `${session.browser.timeZone}, ${session.browser.locale}, ${session.browser.viewport.width}x${session.browser.viewport.height}`,
    );
    let rulesDir: string;
    if (options.rulesDir) {
      rulesDir = resolve(options.rulesDir);
      const given = await rulesHashOfDir(rulesDir);
      log(
        given.hash === session.rules.hash
          ? `  rules     ${rulesDir}: ${short(given.hash)} as captured`
          : `  rules     WARNING: ${rulesDir} (${short(given.hash)}) are not the captured rules (${short(session.rules.hash)})`,
      );
    } else rulesDir = await rulesToServe(session, log, cleanup);
    log(`  page      ${session.page.path}${session.page.state === undefined ? '' : ' (with router state)'}`);

    const started = await startSandbox({ SANDBOX_TODAY: today, RULES_DIR: rulesDir });
    sandbox = started.child;
    const base = started.url;
    log(`  sandbox   ${base}`);

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: !options.headed,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
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

    // Sign in as the recorded persona with its faults, and open the recorded page with ?qa.
    const target = new URL(session.page.path, base);
    target.searchParams.set('qa', '');
    const landing = `${target.pathname}${target.search}`;
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
      // The flow began on another of the persona's accounts: make it current as the app's selector does.
      const dirs = (process.env.SANDBOX_PERSONAS_DIR ?? '').split(delimiter).filter(Boolean);
      const persona = loadPersonas(dirs, () => undefined).find((p) => p.id === session.persona);
      const account = persona?.accounts[session.accountIndex];
      const r = account
        ? await page.request.post('/Orch/dssh/setCurrentAccount', { data: { pid: account.pid } })
        : null;
      if (!r?.ok()) {
        throw new Unrunnable(`cannot make account ${session.accountIndex + 1} of ${session.persona} current`);
      }
      log(
        `  account   ${account?.accountNumber} (account ${session.accountIndex + 1} of ${session.persona})`,
      );
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

    let ok = true;
    let initialChecked = false;
    const steps = file.steps;
    for (const [i, step] of steps.entries()) {
      await page.evaluate(RESET_TOASTS);
      const label = `${String(i + 1).padStart(3)}. ${
        step.via?.length ? `${step.via.map(actionText).join('; ')} → ` : ''
      }${eventText(step)} ⇒ ${stateText(step.expectedState)}`;
      const problems: string[] = [];
      const notes: string[] = [];
      const next = steps[i + 1];
      // A state that waits on a call is checked before the call answers, as the capture saw it.
      const hold = step.screen !== undefined && next !== undefined && actorAnswer(next.event) !== null;
      if (step.via?.length) {
        for (const [n, action] of step.via.entries()) {
          try {
            if (hold && n === step.via.length - 1) {
              // Hold the calls from the moment the control that sends the event is there to be used.
              if (action.action !== 'press') await locate(page, action).waitFor({ timeout: stepTimeout });
              gate.close();
            }
            await perform(page, action, stepTimeout);
          } catch (e) {
            problems.push(
              `cannot ${actionText(action)}: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`,
            );
            break;
          }
        }
      } else if (!actorAnswer(step.event)) {
        notes.push('no user action was recorded for this event: waiting for the page to send it');
      }

      // The page's recording must reach this step. A call's answer may take as long as a time-out fault.
      let live: PathFile | null = null;
      const wait = actorAnswer(step.event) ? stepTimeout * 3 : stepTimeout;
      const deadline = Date.now() + wait;
      while (!problems.length) {
        live = await livePath(page, file.machine);
        if (live && live.steps.length > i) break;
        if (Date.now() > deadline) {
          problems.push(
            `the flow did not take this step within ${wait / 1000} s (the page recorded ${live?.steps.length ?? 0} step(s)${
              live?.steps.length ? `, now in ${stateText(live.steps.at(-1)!.expectedState)}` : ''
            })`,
          );
          break;
        }
        await sleep(100);
      }
      if (live && !initialChecked) {
        initialChecked = true;
        if (!isDeepStrictEqual(live.initialState, file.initialState)) {
          problems.push(
            `the flow started in ${stateText(live.initialState)}, not ${stateText(file.initialState)}`,
          );
        }
      }
      const actual = live?.steps[i];
      if (actual) {
        const m = machineProblems(step, actual);
        problems.push(...m.problems);
        notes.push(...m.notes);
      }

      // The screen: what the step brought on must be there, what it took off must be gone.
      if (!problems.length && step.screen) {
        let screen = await screenProblems(page, step);
        // The closest the page came, reported if it never matches.
        let closest = screen;
        const until = Date.now() + 5_000;
        const release = Date.now() + 3_000;
        while (screen.length && Date.now() < until) {
          // Held calls may be what the screen waits for (a reload the step started): let them through.
          if (hold && Date.now() > release) await gate.open();
          await sleep(100);
          screen = await screenProblems(page, step);
          if (screen.length < closest.length) closest = screen;
        }
        if (screen.length) problems.push(...closest);
      }
      await gate.open();

      log(`${label}  ${problems.length ? 'FAIL' : 'OK'}`);
      for (const p of problems) log(`        ${p}`);
      for (const n of notes) log(`        note: ${n}`);
      if (problems.length) {
        ok = false;
        if (i + 1 < steps.length) log(`  (${steps.length - i - 1} later step(s) not run)`);
        break;
      }
    }
    if (ok) {
      await sleep(500);
      const live = await livePath(page, file.machine);
      const extra = (live?.steps.length ?? 0) - steps.length;
      if (extra > 0) {
        log(
          `  note: the flow went on after the captured steps: ${live!.steps
            .slice(steps.length)
            .map((s) => `${eventText(s)} ⇒ ${stateText(s.expectedState)}`)
            .join(', ')}`,
        );
      }
    }
    log(ok ? 'OK' : 'FAIL');
    return { ok, exitCode: ok ? 0 : 1 };
  } catch (e) {
    if (e instanceof Unrunnable || (e instanceof Error && /is not a path file|not JSON/.test(e.message))) {
      log(`qa:replay cannot run: ${e.message}`);
      return { ok: false, exitCode: 2 };
    }
    throw e;
  } finally {
    await browser?.close().catch(() => undefined);
    sandbox?.kill();
    for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
  }
}
