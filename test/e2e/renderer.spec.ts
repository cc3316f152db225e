import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, signIn, settled } from './fixtures';

/**
 * React 19 is the renderer of what ships (issue 20): the built JavaScript carries react-dom 19's renderer and
 * no other one (Preact's compat layer was the build's renderer before; nothing may alias React away again).
 */
const dist = join(process.cwd(), 'dist', 'assets');
const shipped = () =>
  readdirSync(dist)
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ file: f, body: readFileSync(join(dist, f), 'utf8') }));
const reactDomVersion = (
  JSON.parse(readFileSync(join(process.cwd(), 'node_modules/react-dom/package.json'), 'utf8')) as {
    version: string;
  }
).version;

test("the shipped JavaScript holds react-dom 19's renderer and no other renderer", () => {
  expect(reactDomVersion).toMatch(/^19\./);
  const files = shipped();
  // react-dom registers itself with its package name and version (what React's devtools read).
  const renderer = files.filter(({ body }) =>
    body.includes(`version:\`${reactDomVersion}\`,rendererPackageName:\`react-dom\``),
  );
  expect(
    renderer.map((f) => f.file),
    'one chunk carries react-dom',
  ).toHaveLength(1);
  // Its CommonJS modules are wrapped in parenthesised functions, which V8 compiles with the chunk, off the
  // main thread (lib/vite-eager-cjs.ts), not arrows compiled on their first call.
  const body = renderer[0]!.body;
  expect(body.match(/\(\(function\([\w$,]*\)\{/g)?.length ?? 0).toBeGreaterThanOrEqual(5);
  expect(body).not.toMatch(/\(\(\(?[\w$,]*\)?=>\{/);
  for (const { file, body } of files) {
    expect(body.includes('__PREACT_DEVTOOLS__'), `${file} carries Preact`).toBe(false);
    expect(/preact\/(compat|hooks)/.test(body), `${file} names Preact`).toBe(false);
  }
});

test('the page in the browser is rendered by React (its root container is a React root)', async ({
  guarded: page,
}) => {
  await signIn(page, 'postpaid');
  await settled(page);
  const reactRoot = await page.evaluate(() =>
    Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer$')),
  );
  expect(reactRoot).toBe(true);
});
