/** The sandbox and the browser qa:replay replays a session in (lib/qa-replay.ts), each its own. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { repoRoot as ROOT } from '../repo';
import { Unrunnable } from './session';
import { CHROMIUM_ARGS, CHROMIUM_PATH, HEADLESS_SHELL_PATH } from '../chromium';

/**
 * Starts the portal with its sandbox as `npm start` does (dist/sandbox/start.js: the built portal and the
 * sandbox, two processes) on a free port; its URL once the launcher says both run.
 */
export async function startSandbox(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'sandbox', 'start.js')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group of its own: stopSandbox can end the launcher, the portal and the sandbox together.
    detached: true,
  });
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(
      () => reject(new Unrunnable(`the sandbox did not start in 60 s:\n${output}`)),
      60_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // The launcher's line, once the portal, the sandbox and its identity provider all run.
      const m = /Portal running at (http:\/\/\S+) \(sandbox mode\); the sandbox at/.exec(output);
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

/** How long the launcher may take to drain the portal and stop the sandbox before the group is killed. */
const STOP_DEADLINE_MS = 20_000;

/**
 * Stops what startSandbox started and waits until it has ended: the launcher drains the portal and stops the
 * sandbox on SIGTERM; past the deadline the whole group is killed. Waiting matters: a replay that exited at
 * once left the three processes running, writing to a pipe nobody read.
 */
export async function stopSandbox(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>(
    (resolve) => (timer = setTimeout(() => resolve('late'), STOP_DEADLINE_MS)),
  );
  if ((await Promise.race([exited, late])) === 'late' && child.pid !== undefined) {
    process.kill(-child.pid, 'SIGKILL');
    await exited;
  }
  clearTimeout(timer);
}

/** Chromium as the browser tests run it: the headless shell, or the full browser with --headed to watch. */
export function launchBrowser(headed: boolean): Promise<Browser> {
  return chromium.launch({
    executablePath: headed ? CHROMIUM_PATH : HEADLESS_SHELL_PATH,
    headless: !headed,
    args: CHROMIUM_ARGS,
  });
}
