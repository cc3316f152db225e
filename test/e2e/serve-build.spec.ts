import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { expect, test } from '@playwright/test';
import { checkContext } from '../../lib/rules-files';

/**
 * Issue 21 item 5 (docs/decisions/025): the release runs from its production dependencies. What `npm run
 * build` made (dist/, the server compiled into dist/server/) is copied with the files the server reads into a
 * folder of its own, `npm prune --omit=dev` takes every development package out of its node_modules, and
 * `npm run serve` there must serve the portal: a customer signs in and gets /home rendered by the server, the
 * rules, the studio's checks (compiled into the build), readiness. No browser: this is about what the process can load.
 *
 * node_modules is copied as hard links (`cp -al`, fast, and prune only unlinks), so the test never touches the
 * repository's own packages.
 */
const RELEASE_FILES = ['package.json', 'package-lock.json', 'dist', 'config', 'rules', 'schemas'];

let release: string;
let server: ChildProcess | undefined;

test.afterAll(async () => {
  if (server?.pid !== undefined && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    process.kill(-server.pid, 'SIGTERM');
    await exited;
  }
  if (release) rmSync(release, { recursive: true, force: true });
});

/** Starts `npm run serve` in the release and resolves to the address it prints. */
function serve(cwd: string): Promise<string> {
  server = spawn('npm', ['run', 'serve'], {
    cwd,
    // Its own process group: the test stops npm and the server it started together.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? cwd, PORT: '0' },
  });
  const started = server;
  const errors: string[] = [];
  createInterface({ input: started.stderr! }).on('line', (line) => errors.push(line));
  return new Promise((resolve, reject) => {
    createInterface({ input: started.stdout! }).on('line', (line) => {
      const url = /Portal running at (http:\/\/\S+)/.exec(line)?.[1];
      if (url) resolve(url);
    });
    started.once('exit', (code) =>
      reject(new Error(`npm run serve exited ${code}:\n${errors.slice(-20).join('\n')}`)),
    );
  });
}

test('npm run serve serves the portal from production dependencies alone', async () => {
  test.setTimeout(60_000);
  expect(existsSync('dist/server/main.js'), 'npm run build compiles the server').toBe(true);
  release = mkdtempSync(join(tmpdir(), 'portal-release-'));
  for (const f of RELEASE_FILES) cpSync(f, join(release, f), { recursive: true });
  mkdirSync(join(release, 'sandbox'));
  cpSync('server/personas', join(release, 'sandbox', 'personas'), { recursive: true });
  execFileSync('cp', ['-al', 'node_modules', join(release, 'node_modules')]);
  execFileSync('npm', ['prune', '--omit=dev', '--offline', '--no-audit', '--no-fund'], {
    cwd: release,
    stdio: 'pipe',
  });
  // The development packages are gone: neither tsx nor TypeScript nor Vite can run anything here.
  for (const dev of ['tsx', 'typescript', 'vite', 'vitest', '@playwright/test']) {
    expect(existsSync(join(release, 'node_modules', dev)), dev).toBe(false);
  }

  const base = await serve(release);
  const signIn = await fetch(`${base}/sandbox/signin?persona=postpaid`, { redirect: 'manual' });
  expect(signIn.status).toBe(302);
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  expect(cookie).toMatch(/^sid=/);

  // The home is rendered by the server (dist/server/entry-server.js, React's server renderer and what it
  // imports, all loaded from the production packages): the customer's name and account are in the HTML.
  const home = await fetch(`${base}/home`, { headers: { cookie } });
  expect(home.status).toBe(200);
  const html = (await home.text()).replaceAll('<!-- -->', '');
  expect(html).toContain('Hi, Alex!');
  expect(html).toContain('Account 310245781');
  expect(html).toContain('id="server-state"');
  const call = await fetch(`${base}/Orch/dssh/homeEarlyInit`, { headers: { cookie } });
  expect(call.status).toBe(200);
  const bundle = await fetch(`${base}/rules/bundle.json`, { headers: { 'accept-encoding': 'br' } });
  expect(bundle.status).toBe(200);
  expect(Object.keys(((await bundle.json()) as { files: object }).files).length).toBeGreaterThan(0);
  expect((await fetch(`${base}/readyz`)).status).toBe(200);

  // The studio's checks: what the code reads was compiled in (the release has no src/ to scan).
  const analyst = await fetch(`${base}/sandbox/signin?analyst=ana`, { redirect: 'manual' });
  const analystCookie = (analyst.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const studio = await fetch(`${base}/studio/api/rules`, { headers: { cookie: analystCookie } });
  expect(studio.status).toBe(200);
  const { context } = (await studio.json()) as { context: { codeReads: { constants: string[] } } };
  expect(context.codeReads.constants.length).toBeGreaterThan(0);
  expect(context).toEqual(checkContext());
  expect(existsSync(join(release, 'src'))).toBe(false);
});
