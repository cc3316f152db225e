/**
 * `npm run bench:server` (a benchmark, not a test): the sandbox server on loopback, measured from the same
 * process. Prints requests per second for the entry chunk (static, brotli accepted) and for one Orch call
 * (GET /Orch/dssh/homeEarlyInit with a session), the heap after 2,000 sign-ins, and the entry chunk's size
 * raw / gzip / brotli as served. Needs a build (dist/) and `node --expose-gc` for the heap figure.
 */
import { readFileSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createSandboxServer } from '../sandbox/server';
import { repoRoot } from './rules-lib';

const SIGN_INS = 2_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
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

const sandbox = createSandboxServer({ distDir: dist });
const base = await sandbox.listen(0, '127.0.0.1');

async function signIn(): Promise<string> {
  const res = await fetch(`${base}/sandbox/signin?persona=multi-account`, { redirect: 'manual' });
  await res.arrayBuffer();
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

function run(path: string, headers: Record<string, string>): Promise<autocannon.Result> {
  return autocannon({ url: base + path, headers, connections: 10, duration: SECONDS });
}

const size = (file: string): string =>
  existsSync(file) ? `${(statSync(file).size / 1024).toFixed(0)} KB` : '-';
const entryFile = join(dist, entry);
console.log(
  `entry chunk ${entry}: raw ${size(entryFile)}, gzip ${size(`${entryFile}.gz`)}, brotli ${size(`${entryFile}.br`)}`,
);

const before = heapMb();
for (let i = 0; i < SIGN_INS; i += 50) await Promise.all(Array.from({ length: 50 }, signIn));
const after = heapMb();
console.log(
  `heap: ${before.toFixed(1)} MB before, ${after.toFixed(1)} MB after ${SIGN_INS} sign-ins ` +
    `(${(((after - before) * 1e6) / SIGN_INS / 1024).toFixed(1)} KB per session)${gc ? '' : ' (no --expose-gc: rough)'}`,
);

const cookie = await signIn();
const asset = await run(`/${entry}`, { 'accept-encoding': 'br, gzip' });
console.log(
  `static ${entry} (br accepted): ${asset.requests.average.toFixed(0)} req/s, ${asset.non2xx} non-2xx`,
);
const orch = await run('/Orch/dssh/homeEarlyInit', { cookie, 'accept-encoding': 'br, gzip' });
console.log(
  `GET /Orch/dssh/homeEarlyInit: ${orch.requests.average.toFixed(0)} req/s, ${orch.non2xx} non-2xx`,
);
await sandbox.close();
