import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { firstLoad } from '../../lib/first-load';
import { BUDGETS } from '../../lib/budgets';

/**
 * The first-load JavaScript of /home, counted from the build `npm test` has just made (deterministic: the
 * same bytes gzipped at level 9, no timing). The budget is BUDGETS.firstLoadKb (190 KB with React 19, docs/decisions/037-react-server-rendering.md): a change
 * that takes /home's first load over it fails here, and `npm run bench` prints the figure against it.
 * docs/decisions/010-first-load.md says what is in the first load and what was moved out.
 */
const dist = join(process.cwd(), 'dist');

test('the first-load JavaScript of /home stays within its 190 KB budget (gzipped)', () => {
  const load = firstLoad(dist);
  expect(load, 'npm test builds dist/ before the browser tests').not.toBeNull();
  const kb = load!.files.reduce((sum, f) => sum + f.gzip, 0) / 1024;
  const heaviest = [...load!.files]
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 5)
    .map((f) => `${f.file} ${(f.gzip / 1024).toFixed(1)} KB`)
    .join(', ');
  expect(BUDGETS.firstLoadKb).toBe(190);
  expect(kb, `first load ${kb.toFixed(1)} KB gzipped (heaviest: ${heaviest})`).toBeLessThanOrEqual(
    BUDGETS.firstLoadKb,
  );
});

test("the analysts' fact vocabulary (its descriptions) is not part of /home's first load", () => {
  const load = firstLoad(dist);
  expect(load).not.toBeNull();
  // One description of each table of src/facts/vocabulary.ts: account, order and decision facts.
  const descriptions = [
    'decided by rules/toggles.json',
    "The repair ticket says the technician's location can be shown",
    'Which outage alert shows, decided by rules/outage.json.',
  ];
  for (const file of load!.files) {
    const body = readFileSync(join(dist, file.file), 'utf8');
    for (const text of descriptions) expect(body.includes(text), `${file.file} holds "${text}"`).toBe(false);
  }
  // …while the build still has them (the studio and the QA panel load them), so these texts are not stale.
  const chunks = readdirSync(join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(dist, 'assets', f), 'utf8'));
  for (const text of descriptions)
    expect(
      chunks.some((c) => c.includes(text)),
      text,
    ).toBe(true);
});

test("the calls' response validators are not part of /home's first load: each loads with its first call", () => {
  const load = firstLoad(dist);
  expect(load).not.toBeNull();
  // What each chunk was built from, as its source map (written, never served) lists it; the bundler's own
  // runtime chunk has none.
  const sourcesOf = (file: string): string[] =>
    existsSync(join(dist, `${file}.map`))
      ? (JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')) as { sources: string[] }).sources
      : [];
  const validator = /generated\/validators\//;
  for (const file of load!.files)
    expect(
      sourcesOf(file.file).filter((s) => validator.test(s)),
      `${file.file} holds validators`,
    ).toEqual([]);
  // …while the build has them, one chunk each, loaded by the call (so the check above is not vacuous).
  const built = readdirSync(join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .flatMap((f) => sourcesOf(`assets/${f}`));
  for (const call of ['outage', 'home-early-init', 'order-history', 'my-services'])
    expect(
      built.some((s) => s.endsWith(`generated/validators/${call}.js`)),
      call,
    ).toBe(true);
});

test("a later import's preload list leaves the start-up's files out: they are in the page by then", () => {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]* src="\/(assets\/index-[^"]+\.js)"/.exec(html)?.[1];
  expect(entry, "index.html's entry script").toBeTruthy();
  const startUp = [
    entry!,
    ...[...html.matchAll(/<link rel="modulepreload"[^>]* href="\/([^"]+)"/g)].map((m) => m[1]!),
  ];
  expect(startUp.length, "index.html's preloads of the entry's pieces").toBeGreaterThan(4);
  const listOf = (file: string): string[] =>
    JSON.parse(/m\.f=(\[[^\]]*\])/.exec(readFileSync(join(dist, file), 'utf8'))?.[1] ?? '[]') as string[];
  // The entry's own imports (the pieces) keep their lists: those lists bring the pieces in.
  expect(listOf(entry!)).toEqual(expect.arrayContaining(startUp.slice(1)));
  const lists = readdirSync(join(dist, 'assets'))
    .filter((f) => f.endsWith('.js') && `assets/${f}` !== entry)
    .map((f) => ({ file: f, list: listOf(`assets/${f}`) }))
    .filter(({ list }) => list.length > 0);
  expect(lists.length, 'chunks that import others lazily').toBeGreaterThan(5);
  for (const { file, list } of lists)
    expect(
      list.filter((f) => startUp.includes(f)),
      `${file} lists start-up files among its preloads`,
    ).toEqual([]);
});
