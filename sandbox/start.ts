/**
 * `npm start` after the build (dist/sandbox/start.js): the portal in sandbox mode with the sandbox as its
 * upstream, two processes, one command, on loopback.
 *
 * 1. The sandbox (main.js beside this file) is forked and says where it listens and its identity provider's
 *    client.
 * 2. The portal (dist/server/main.js, the very server production runs) is forked with PORTAL_MODE=sandbox,
 *    ORCH_UPSTREAM the sandbox and OIDC_* its identity provider, in its environment (never in arguments), and
 *    the caller's environment besides (PORT, HOST, RULES_DIR, CALL_TIMEOUT_MS ...; SANDBOX_* go to the
 *    sandbox).
 * 3. The portal says where it listens; the identity provider then accepts its callback.
 *
 * SIGTERM or SIGINT drains the portal first (its SHUTDOWN_GRACE_SECONDS), then stops the sandbox, and exits
 * with the portal's code. Either process ending on its own ends the other, and this one with code 1.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { SERVER_NODE_FLAGS } from '../server/node-flags';
import type { LauncherMessage, SandboxMessage } from './main';

const here = dirname(fileURLToPath(import.meta.url));
const SANDBOX_MAIN = join(here, 'main.js');
const PORTAL_MAIN = join(here, '..', 'server', 'main.js');

/** How long each process may take to say it listens (a cold start on a slow host takes seconds). */
const START_DEADLINE_MS = 60_000;

function waitFor<T>(child: ChildProcess, name: string, accept: (m: unknown) => T | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start within ${START_DEADLINE_MS / 1000} s`)),
      START_DEADLINE_MS,
    );
    const onMessage = (m: unknown): void => {
      const value = accept(m);
      if (value === undefined) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(value);
    };
    const onExit = (code: number | null): void => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code ?? 'a signal'} before it listened`));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

const isSandboxReady = (m: unknown): Extract<SandboxMessage, { type: 'sandbox-ready' }> | undefined =>
  (m as SandboxMessage | undefined)?.type === 'sandbox-ready'
    ? (m as Extract<SandboxMessage, { type: 'sandbox-ready' }>)
    : undefined;

const sandbox = fork(SANDBOX_MAIN, [], { stdio: 'inherit', execArgv: ['--enable-source-maps'] });
let portal: ChildProcess | undefined;
let stopping = false;

/** Ends both: the portal first (it drains), then the sandbox; exits with `code` (or the portal's). */
async function stopAll(signal: NodeJS.Signals, code?: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  let portalCode = 0;
  if (portal && portal.exitCode === null && portal.signalCode === null) {
    const exited = new Promise<number>((resolve) => portal!.once('exit', (c) => resolve(c ?? 1)));
    portal.kill(signal);
    portalCode = await exited;
  }
  if (sandbox.exitCode === null && sandbox.signalCode === null) {
    const exited = new Promise<void>((resolve) => sandbox.once('exit', () => resolve()));
    sandbox.kill('SIGTERM');
    await exited;
  }
  process.exit(code ?? portalCode);
}

process.on('SIGTERM', () => void stopAll('SIGTERM'));
process.on('SIGINT', () => void stopAll('SIGINT'));

try {
  const ready = await waitFor(sandbox, 'The sandbox', isSandboxReady);
  sandbox.on('exit', (c) => {
    console.error(`The sandbox exited (${c ?? 'signal'}): stopping the portal`);
    void stopAll('SIGTERM', 1);
  });
  const sandboxOnly = /^SANDBOX_/;
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !sandboxOnly.test(k)));
  portal = fork(PORTAL_MAIN, [], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    execArgv: [...SERVER_NODE_FLAGS],
    env: {
      ...env,
      PORTAL_MODE: 'sandbox',
      ORCH_UPSTREAM: ready.url,
      OIDC_ISSUER_URL: ready.issuer,
      OIDC_CLIENT_ID: ready.clientId,
      OIDC_CLIENT_SECRET: ready.clientSecret,
    },
  });
  const listening = await waitFor(portal, 'The portal', (m) =>
    (m as { type?: string } | undefined)?.type === 'listening' ? (m as { url: string }).url : undefined,
  );
  portal.on('exit', (c) => {
    if (!stopping) console.error(`The portal exited (${c ?? 'signal'}): stopping the sandbox`);
    void stopAll('SIGTERM', c ?? 1);
  });
  sandbox.send({ type: 'portal', url: listening } satisfies LauncherMessage);
  await waitFor(sandbox, 'The identity provider', (m) =>
    (m as SandboxMessage | undefined)?.type === 'idp-ready' ? true : undefined,
  );
  console.log(
    `Portal running at ${listening} (sandbox mode); the sandbox at ${ready.url}, its identity provider at ${ready.issuer}`,
  );
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  await stopAll('SIGTERM', 1);
}
