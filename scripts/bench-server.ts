/**
 * `npm run bench:server` (a benchmark, not a test): the sandbox server on loopback, measured from the same
 * process. Prints requests per second for the entry chunk (static, brotli accepted) and for one Orch call
 * (GET /Orch/dssh/homeEarlyInit with a session), for the rule bundle (/rules/bundle.json) and an analyst's
 * draft bundle (/rules/draft/bundle.json) by accepted encoding, the heap after 2,000 sign-ins, and the entry
 * chunk's size raw / gzip / brotli as built. Needs a build (dist/) and `node --expose-gc` for the heap figure.
 *
 * The client is a plain keep-alive loop over node:http (a few parallel connections, bodies read and dropped):
 * autocannon's parser costs more per byte of a compressed answer than the server does, so it measured itself.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { createSandboxServer } from '../sandbox/server';
import { createPortalServer } from '../server/app';
import { repoRoot } from '../lib/repo';

const SIGN_INS = 2_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 4;
const dist = join(repoRoot, 'dist');
const manifestFile = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) throw new Error('dist/ is missing: run npm run build first');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<
  string,
  { file: string; isEntry?: boolean }
>;
const entry = Object.values(manifest).find((c) => c.isEntry)?.file;
if (!entry) throw new Error('no entry chunk in the manifest');

const gc = (globalThis as { gc?: () => void }).gc;
const heapMb = (): number => {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed / 1e6;
};

// Loopback is one client: the per-client sign-in limit would stop the 2,000 sign-ins at 300.
const stand = createSandboxServer({ rateLimits: { signIn: 10 * SIGN_INS } });
const upstream = await stand.listen(0, '127.0.0.1');
const sandbox = createPortalServer({ upstream, distDir: dist, rateLimits: { signIn: 10 * SIGN_INS } });
const base = new URL(await sandbox.listen(0, '127.0.0.1'));

async function signIn(): Promise<string> {
  const res = await fetch(`${base.origin}/sandbox/signin?persona=multi-account`, { redirect: 'manual' });
  await res.arrayBuffer();
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** Requests per second on `path` over SECONDS, CONNECTIONS keep-alive connections each one request at a time. */
async function rate(
  path: string,
  headers: Record<string, string>,
): Promise<{ perSecond: number; failed: number }> {
  const until = Date.now() + SECONDS * 1000;
  let done = 0;
  let failed = 0;
  const loop = async (): Promise<void> => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    while (Date.now() < until) {
      const status = await new Promise<number>((resolveStatus, reject) => {
        const req = request({ host: base.hostname, port: base.port, path, headers, agent }, (res) => {
          res.resume();
          res.on('end', () => resolveStatus(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
      });
      done++;
      if (status < 200 || status >= 300) failed++;
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  return { perSecond: done / SECONDS, failed };
}

const kb = (file: string): string =>
  existsSync(file) ? `${(statSync(file).size / 1024).toFixed(0)} KB` : '-';
const entryFile = join(dist, entry);
console.log(
  `entry chunk ${entry}: raw ${kb(entryFile)}, gzip ${kb(`${entryFile}.gz`)}, brotli ${kb(`${entryFile}.br`)}`,
);

const before = heapMb();
for (let i = 0; i < SIGN_INS; i += 50) await Promise.all(Array.from({ length: 50 }, signIn));
const after = heapMb();
console.log(
  `heap: ${before.toFixed(1)} MB before, ${after.toFixed(1)} MB after ${SIGN_INS} sign-ins ` +
    `(${(((after - before) * 1e6) / SIGN_INS / 1024).toFixed(1)} KB per session)${gc ? '' : ' (no --expose-gc: rough)'}`,
);

const cookie = await signIn();
for (const [label, accept] of [
  ['brotli accepted', 'br, gzip'],
  ['no compression accepted', 'identity'],
] as const) {
  const r = await rate(`/${entry}`, { 'accept-encoding': accept });
  console.log(`static ${entry} (${label}): ${r.perSecond.toFixed(0)} req/s, ${r.failed} failed`);
}
for (const [label, accept] of [
  ['gzip accepted', 'gzip, deflate, br'],
  ['no compression accepted', 'identity'],
] as const) {
  const r = await rate('/Orch/dssh/homeEarlyInit', { cookie, 'accept-encoding': accept });
  console.log(`GET /Orch/dssh/homeEarlyInit (${label}): ${r.perSecond.toFixed(0)} req/s, ${r.failed} failed`);
}

// The rule bundle, live and an analyst's draft (the studio's preview), by what the browser accepts.
const analyst = await (async () => {
  const res = await fetch(`${base.origin}/sandbox/signin?analyst=ana`, { redirect: 'manual' });
  await res.arrayBuffer();
  const c = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const session = (await (
    await fetch(`${base.origin}/studio/api/session`, { headers: { cookie: c } })
  ).json()) as {
    csrfToken: string;
  };
  const preview = await fetch(`${base.origin}/studio/api/preview`, {
    method: 'POST',
    headers: { cookie: c, 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
    body: JSON.stringify({ persona: 'postpaid', files: {} }),
  });
  if (!preview.ok) throw new Error(`preview: ${preview.status}`);
  return c;
})();
for (const [path, headers] of [
  ['/rules/bundle.json', {}],
  ['/rules/draft/bundle.json', { cookie: analyst }],
] as const) {
  for (const accept of ['br', 'gzip, deflate, br, zstd', 'identity']) {
    const r = await rate(path, { ...headers, 'accept-encoding': accept });
    console.log(
      `GET ${path} (accept-encoding: ${accept}): ${r.perSecond.toFixed(0)} req/s, ${r.failed} failed`,
    );
  }
}
await sandbox.close();
await stand.close();
