import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { build, type Rollup } from 'vite';
import { CONTENT_SECURITY_POLICY } from '../../sandbox/security';
import { loadRulesDir, repoRoot } from '../../scripts/rules-lib';
import { parseDistributions } from '../../src/impact/distributions';
import { generatedPopulation, measureImpact, type ImpactReport } from '../../src/impact/impact';

/**
 * The impact core is browser-safe and CSP-safe: Vite builds a worker around runImpact (as the rule studio
 * will), a page served with the portal's CSP runs it, and the report is the command line's.
 */
const ORIGIN = 'http://impact.test';

async function workerBundle(): Promise<string> {
  const result = (await build({
    configFile: false,
    logLevel: 'silent',
    root: repoRoot,
    build: {
      write: false,
      minify: false,
      lib: {
        entry: join(repoRoot, 'test/e2e/support/impact-worker.ts'),
        formats: ['es'],
        fileName: 'worker',
      },
    },
  })) as Rollup.RollupOutput[];
  const chunk = result[0]!.output.find((o) => o.type === 'chunk')!;
  return chunk.code;
}

test("the impact core runs in a Web Worker under the portal's CSP and reports what the command line reports", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const code = await workerBundle();
  // Nothing of node's may reach the browser build.
  expect(code).not.toMatch(/from ['"]node:|require\(['"](fs|path|child_process)['"]\)/);
  const headers = { 'Content-Security-Policy': CONTENT_SECURITY_POLICY };
  await page.route(`${ORIGIN}/**`, (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/worker.js')
      return route.fulfill({ body: code, contentType: 'text/javascript', headers });
    if (url.pathname === '/')
      return route.fulfill({
        body: '<!doctype html><title>impact</title>',
        contentType: 'text/html',
        headers,
      });
    return route.fulfill({ status: 404, body: '' });
  });
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') violations.push(m.text());
  });
  await page.goto(`${ORIGIN}/`);

  const base = loadRulesDir();
  const draft = loadRulesDir();
  const rule = draft['prepaid-card'].rules.find((r) => r.name === 'card-almost-expired')!;
  (rule.conditions as { all: { value: unknown }[] }).all[0]!.value = 45;
  draft.toggles.rules.find((r) => r.name === 'techTracker')!.event.params.on = true;
  const distributions: unknown = JSON.parse(
    readFileSync(join(repoRoot, 'rules', 'population', 'distributions.json'), 'utf8'),
  );
  const accounts = 20000;

  const fromWorker = await page.evaluate(
    async (input) => {
      const worker = new Worker('/worker.js', { type: 'module' });
      const progress: number[] = [];
      const done = new Promise<{ report?: unknown; error?: string }>((resolve) => {
        worker.onmessage = (
          e: MessageEvent<{ progress?: { done: number }; report?: unknown; error?: string }>,
        ) => {
          if (e.data.progress) progress.push(e.data.progress.done);
          else resolve(e.data);
        };
        worker.onerror = (e) => resolve({ error: e.message || 'the worker failed to load' });
      });
      worker.postMessage({ run: input });
      const result = await done;
      if (result.error !== undefined) {
        worker.terminate();
        return { ...result, progress, aborted: null };
      }
      // A second run, aborted at once: the worker stops with the reason.
      const aborted = new Promise<{ report?: unknown; error?: string }>((resolve) => {
        worker.onmessage = (e: MessageEvent<{ progress?: unknown; report?: unknown; error?: string }>) => {
          if (!e.data.progress) resolve(e.data);
        };
      });
      worker.postMessage({ run: { ...input, accounts: 100000 } });
      worker.postMessage({ abort: true });
      const second = await aborted;
      worker.terminate();
      return { ...result, progress, aborted: second };
    },
    { base, draft, distributions, accounts },
  );

  expect(fromWorker.error).toBeUndefined();
  expect(fromWorker.aborted).toEqual({ error: 'aborted by the page' });
  expect(fromWorker.progress.length).toBeGreaterThan(0);
  expect(fromWorker.progress.at(-1)).toBe(accounts);
  const expected = measureImpact(
    draft,
    base,
    generatedPopulation(parseDistributions(distributions), { accounts }),
  );
  const { timings: _a, ...report } = fromWorker.report as ImpactReport;
  const { timings: _b, ...reference } = expected;
  expect(report).toEqual(JSON.parse(JSON.stringify(reference)));
  expect(reference.decisions.map((d) => d.decision)).toEqual(
    expect.arrayContaining(['prepaid-card', 'order-actions', 'history-actions']),
  );
  expect(violations).toEqual([]);
});
