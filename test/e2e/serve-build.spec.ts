import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { expect, test } from '@playwright/test';
import { freePort } from '../../lib/free-port';
import { checkContext } from '../../lib/rules-files';
import { identityAccountsOf, readSandboxAnalysts } from '../../sandbox/analysts';
import { startIdentityProvider, type IdentityProvider } from '../../sandbox/identity-provider';
import { createSandboxServer, type SandboxServer } from '../../sandbox/server';
import { CookieJars, follow } from '../support/follow';

/**
 * Issues 21 item 5, 28 and 29 (docs/decisions/025, 040): a production release runs from its production
 * dependencies, with production's settings, against Orch as an upstream. What `npm run build` made (dist/,
 * the server compiled into dist/server/) is copied with the files the server reads into a folder of its own,
 * `npm prune --omit=dev` takes every development package out of its node_modules, and `npm run serve` there
 * (PORTAL_MODE production, a caller's NODE_ENV=development notwithstanding) must serve the portal:
 *
 * - a signed-out customer is sent to the configured sign-in (the sandbox standing in for the provider's, on
 *   an address of its own), never to /sandbox; signed in there, /home is rendered by the server with React's
 *   production build (the server says which build it loaded);
 * - the rules, readiness, and the metrics on their own port, in Prometheus' format;
 * - an analyst signs in through the identity provider and the studio's checks run (compiled into the build);
 * - SIGTERM to npm's own process drains the server and ends it, as SIGTERM to node does.
 *
 * No browser: this is about what the process can load and how it ends. node_modules is copied as hard links
 * (`cp -al`, fast, and prune only unlinks), so the test never touches the repository's own packages.
 */
const RELEASE_FILES = ['package.json', 'package-lock.json', 'dist', 'config', 'rules', 'schemas'];
const CLIENT = { id: 'portal-studio', secret: 'the-release-test-client-secret' };

let release: string;
let server: ChildProcess | undefined;
let sandbox: SandboxServer | undefined;
let idp: IdentityProvider | undefined;

test.afterAll(async () => {
  if (server?.pid !== undefined && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    process.kill(-server.pid, 'SIGKILL');
    await exited;
  }
  await sandbox?.close(0);
  await idp?.close();
  if (release) rmSync(release, { recursive: true, force: true });
});

interface LogLine {
  msg?: string;
  react?: string[];
}

/** `npm run serve` in the release: its log lines as they come, and its exit. */
function serve(cwd: string, env: Record<string, string>) {
  server = spawn('npm', ['run', 'serve'], {
    cwd,
    // Its own process group, so a failed test can stop all of it; the test itself signals npm alone.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? cwd, ...env },
  });
  const started = server;
  const lines: LogLine[] = [];
  const errors: string[] = [];
  const waiting: { test: (l: LogLine) => boolean; resolve: (l: LogLine) => void }[] = [];
  createInterface({ input: started.stderr! }).on('line', (line) => errors.push(line));
  createInterface({ input: started.stdout! }).on('line', (text) => {
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      return;
    }
    lines.push(line);
    for (const w of waiting.filter((x) => x.test(line))) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve(line);
    }
  });
  const exited = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)));
  const line = (match: RegExp): Promise<LogLine> => {
    const test = (l: LogLine) => match.test(String(l.msg));
    const seen = lines.find(test);
    if (seen) return Promise.resolve(seen);
    return Promise.race([
      new Promise<LogLine>((resolve) => waiting.push({ test, resolve })),
      exited.then((code) => {
        throw new Error(`npm run serve exited ${code}:\n${errors.slice(-20).join('\n')}`);
      }),
    ]);
  };
  return { process: started, line, exited };
}

test('a production release serves customers and analysts from production dependencies, and drains on SIGTERM to npm', async () => {
  expect(existsSync('dist/server/main.js'), 'npm run build compiles the server').toBe(true);

  // What production has outside the portal: Orch, the provider's sign-in, the identity provider, a remote.
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  sandbox = createSandboxServer({ portalUrl: base });
  const upstream = await sandbox.listen(0);
  idp = await startIdentityProvider({
    accounts: identityAccountsOf(readSandboxAnalysts()),
    client: CLIENT,
    signInByHint: true,
  });
  await idp.register([`${base}/studio/auth/callback`]);
  const remote = join(mkdtempSync(join(tmpdir(), 'release-remote-')), 'rules.git');
  execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', remote]);

  release = mkdtempSync(join(tmpdir(), 'portal-release-'));
  for (const f of RELEASE_FILES) cpSync(f, join(release, f), { recursive: true });
  mkdirSync(join(release, 'sandbox'));
  cpSync('sandbox/personas', join(release, 'sandbox', 'personas'), { recursive: true });
  execFileSync('cp', ['-al', 'node_modules', join(release, 'node_modules')]);
  execFileSync('npm', ['prune', '--omit=dev', '--offline', '--no-audit', '--no-fund'], {
    cwd: release,
    stdio: 'pipe',
  });
  // The development packages are gone: neither tsx nor TypeScript nor Vite nor the sandbox's can run here.
  for (const dev of ['tsx', 'typescript', 'vite', 'vitest', '@playwright/test', 'oidc-provider']) {
    expect(existsSync(join(release, 'node_modules', dev)), dev).toBe(false);
  }

  const run = serve(release, {
    // Whatever the caller says, the server runs every library's production build.
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PORTAL_MODE: 'production',
    ORCH_UPSTREAM: upstream,
    PUBLIC_URL: base,
    COOKIE_SECRET: 'a-release-test-cookie-secret-of-32-chars+',
    OIDC_ISSUER_URL: idp.issuer,
    OIDC_CLIENT_ID: CLIENT.id,
    OIDC_CLIENT_SECRET: CLIENT.secret,
    RULES_REMOTE: remote,
    SIGN_IN_URL: `${upstream}/sandbox/signin`,
    QA_SESSION_INFO_URL: `${upstream}/sandbox/session`,
    PAYMENT_PLAN_URL: `${upstream}/sandbox/jump/paymentPlan?token=`,
    APPLICATION_KEY_URL: `${upstream}/sandbox/application-key`,
    CHAT_WIDGET_URL: `${upstream}/sandbox/chat-widget.js`,
    METRICS_PORT: '0',
    SHUTDOWN_GRACE_SECONDS: '30',
  });
  await run.line(/^Portal running at /);
  const metricsUrl = /at (http:\/\/\S+\/metrics)/.exec(String((await run.line(/^Metrics at /)).msg))?.[1];
  const build = await run.line(/^rendering with React's/);
  expect(build.react).toEqual(['production']);

  // A signed-out customer goes to the configured sign-in with the page wanted, never to /sandbox here.
  const signedOut = await fetch(`${base}/home`, { redirect: 'manual' });
  expect(signedOut.status).toBe(302);
  expect(signedOut.headers.get('location')).toBe(`${upstream}/sandbox/signin?redirect=%2Fhome`);
  expect((await fetch(`${base}/sandbox/signin`)).status).toBe(404);

  // Signed in there (Orch's cookie, for this host), back on the portal: the home rendered by the server.
  const jars = new CookieJars();
  const signedIn = await follow(`${upstream}/sandbox/signin?persona=postpaid&redirect=%2Fhome`, jars);
  expect(signedIn.trail.at(-1)).toBe(`${base}/home`);
  expect(signedIn.res.status).toBe(200);
  const html = (await signedIn.res.text()).replaceAll('<!-- -->', '');
  expect(html).toContain('Hi, Alex!');
  expect(html).toContain('Account 310245781');
  expect(html).toContain('id="server-state"');
  // The page carries production's addresses, and its CSP lets the widget and the key service be.
  expect(html).toContain(`"signInUrl":"${upstream}/sandbox/signin"`);
  expect(signedIn.res.headers.get('content-security-policy')).toContain(`script-src 'self' ${upstream}`);

  const bundle = await fetch(`${base}/rules/bundle.json`, { headers: { 'accept-encoding': 'br' } });
  expect(bundle.status).toBe(200);
  expect(Object.keys(((await bundle.json()) as { files: object }).files).length).toBeGreaterThan(0);
  expect((await fetch(`${base}/readyz`)).status).toBe(200);

  // An analyst signs in through the identity provider; the studio's checks were compiled into the build.
  const studio = await follow(`${base}/studio/auth/login?login_hint=ana&redirect=%2Fstudio`, jars);
  expect(studio.trail.at(-1)).toBe(`${base}/studio`);
  const rules = await fetch(`${base}/studio/api/rules`, { headers: { cookie: jars.header(base) } });
  expect(rules.status).toBe(200);
  const { context } = (await rules.json()) as { context: { codeReads: { constants: string[] } } };
  expect(context.codeReads.constants.length).toBeGreaterThan(0);
  expect(context).toEqual(checkContext());
  expect(existsSync(join(release, 'src'))).toBe(false);

  // The metrics, on their own port, in Prometheus' text format: this server's requests and renders.
  const metrics = await (await fetch(metricsUrl!)).text();
  expect(metrics).toMatch(
    /^portal_http_request_duration_seconds_count\{route="\/rules\/bundle.json",method="GET",status_code="200"\} 1$/m,
  );
  expect(metrics).toMatch(/^portal_render_duration_seconds_count\{page="\/home",result="page"\} [1-9]/m);
  // Each rendered home's markup is counted by how it was made (the first home of a process may wait for its
  // cards' code: streamed; later ones are made in one pass).
  expect(metrics).toMatch(/^portal_render_markup_total\{page="\/home",pass="(one_pass|streamed)"\} [1-9]/m);
  expect(metrics).toMatch(/^portal_upstream_requests_total\{call="\/Orch\/isAuth",outcome="ok"\} [1-9]/m);
  expect(metrics).toMatch(/^portal_analyst_sessions 1$/m);
  // Not on the portal's own port: there /metrics is one more page (a signed-out visitor goes to sign in).
  const onPortal = await fetch(`${base}/metrics`, { redirect: 'manual' });
  expect(await onPortal.text()).not.toContain('portal_http_request_duration_seconds');

  // SIGTERM to npm's own process (as a supervisor sends it): the server drains and ends, npm with it.
  process.kill(run.process.pid!, 'SIGTERM');
  await run.line(/^SIGTERM: shutting down$/);
  await run.line(/^closed: every request in flight has finished$/);
  expect(await run.exited).toBe(0);
  await expect(fetch(`${base}/healthz`)).rejects.toThrow();
});
