/** The sandbox and the browser qa:replay replays a session in (lib/qa-replay.ts), each its own. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { repoRoot as ROOT } from '../repo';
import { Unrunnable } from './session';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';

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

/** Chromium as the sandbox's tests run it (headed with --headed, to watch a replay). */
export function launchBrowser(headed: boolean): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: !headed,
    args: CHROMIUM_ARGS,
  });
}
