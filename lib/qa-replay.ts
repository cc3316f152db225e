/**
 * Replays a session captured in the browser (the QA panel's saved file, path format 2) in Chromium against
 * the sandbox, and checks at each step the machine's state (read from the page's QA panel) and the text on
 * screen. machines/README.md (Captured sessions) explains it for QA; docs/decisions/018-qa-sessions.md why.
 *
 *   npm run qa:replay -- FILE... [--rules DIR] [--headed]   (scripts/qa-replay.ts)
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
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { relative } from 'node:path';
import type { Browser } from '@playwright/test';
import { openPage, openRecordedPage } from './session-replay/page';
import { chooseRules } from './session-replay/rules';
import { launchBrowser, startSandbox, stopSandbox } from './session-replay/sandbox';
import { describeSession, loadSession, sandboxToday, Unrunnable } from './session-replay/session';
import { noteStepsBeyond, replaySteps } from './session-replay/step';

export { rulesToServe } from './session-replay/rules';

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

const cannotRun = (e: unknown): e is Error =>
  e instanceof Unrunnable || (e instanceof Error && /is not a path file|not JSON/.test(e.message));

/**
 * Replays the sessions saved in `paths` (the steps above), each in its own browser context, one after another;
 * what it finds goes to `options.log`. Those captured with the same rules on the same sandbox day share one
 * sandbox and one browser (starting them is most of a replay's time). The result is the worst of theirs: 2
 * when one could not run, else 1 when one failed, else 0.
 */
export async function replaySessions(
  paths: readonly string[],
  options: ReplayOptions = {},
): Promise<SessionReplayResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  let exitCode: 0 | 1 | 2 = 0;
  const worst = (code: 0 | 1 | 2): void => {
    exitCode = Math.max(exitCode, code) as 0 | 1 | 2;
  };
  // 1. Each session, its machine and its rules (a file that cannot be read is said at once and left out).
  const groups = new Map<string, Array<{ path: string; loaded: ReturnType<typeof loadSession> }>>();
  for (const path of paths) {
    try {
      const loaded = loadSession(path);
      const { session } = loaded;
      const key = `${session.rules.hash ?? ''}\n${sandboxToday(session)}`;
      groups.set(key, [...(groups.get(key) ?? []), { path, loaded }]);
    } catch (e) {
      if (!cannotRun(e)) throw e;
      log(`qa:replay ${relative(process.cwd(), path) || path}`);
      log(`qa:replay cannot run: ${e.message}`);
      worst(2);
    }
  }
  for (const group of groups.values()) {
    const cleanup: string[] = [];
    let browser: Browser | undefined;
    let sandbox: ChildProcess | undefined;
    let started: { url: string } | undefined;
    let rulesDir: string | undefined;
    try {
      for (const { path, loaded } of group) {
        const { file, session } = loaded;
        log(`qa:replay ${relative(process.cwd(), path) || path}`);
        try {
          await describeSession(loaded, log);
          // The group's sessions were decided with the same rules: chosen (and looked up in git) once.
          if (rulesDir === undefined) rulesDir = await chooseRules(session, options.rulesDir, log, cleanup);
          else log('  rules     the same as the session above');
          log(
            `  page      ${session.page.path}${session.page.state === undefined ? '' : ' (with router state)'}`,
          );
          // 2. A sandbox and a browser, set as they were (the group's first session starts them).
          if (!started) {
            const up = await startSandbox({ SANDBOX_TODAY: sandboxToday(session), RULES_DIR: rulesDir });
            sandbox = up.child;
            started = up;
            browser = await launchBrowser(options.headed === true);
          }
          log(`  sandbox   ${started.url}`);
          const { page, gate } = await openPage(browser!, started.url, session);
          try {
            // 3. Signed in as recorded, on the recorded page; 4. each step.
            await openRecordedPage(page, session, started.url, log);
            const replay = { page, gate, file, stepTimeout: options.stepTimeoutMs ?? 15_000, log };
            const ok = await replaySteps(replay);
            if (ok) await noteStepsBeyond(replay);
            log(ok ? 'OK' : 'FAIL');
            worst(ok ? 0 : 1);
          } finally {
            await page
              .context()
              .close()
              .catch(() => undefined);
          }
        } catch (e) {
          if (!cannotRun(e)) throw e;
          log(`qa:replay cannot run: ${e.message}`);
          worst(2);
        }
      }
    } finally {
      await browser?.close().catch(() => undefined);
      if (sandbox) {
        await stopSandbox(sandbox);
        log('  sandbox stopped');
      }
      for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
    }
  }
  return { ok: exitCode === 0, exitCode };
}
