import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { build, type Rollup } from 'vite';
import { CONTENT_SECURITY_POLICY } from '../../server/security';
import { loadRulesDir } from '../../lib/rules-files';
import { repoRoot } from '../../lib/repo';
import { parseDistributions } from '../../src/impact/distributions';
import { generatedPopulation, measureImpact, type ImpactReport } from '../../src/impact/impact';

/**
 * The impact core is browser-safe and CSP-safe: Vite builds a worker around runImpact (as the rule studio
 * will), a page served with the portal's CSP runs it, and the report is the command line's.
 */
const ORIGIN = 'http://impact.test';

async function workerBundle(entry = 'test/e2e/support/impact-worker.ts'): Promise<string> {
  const result = (await build({
    configFile: false,
    logLevel: 'silent',
    root: repoRoot,
    build: {
      write: false,
      minify: false,
      lib: {
        entry: join(repoRoot, entry),
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
  // A worker build and 100,000 accounts decided: 22 to 29 s at a load average of 35.
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

test("the studio's worker prepares the accounts once and measures one draft after another as the command line does", async ({
  page,
}) => {
  // A worker build and 100,000 accounts decided: 22 to 29 s at a load average of 35.
  const code = await workerBundle('src/features/studio/impact.worker.ts');
  const headers = { 'Content-Security-Policy': CONTENT_SECURITY_POLICY };
  await page.route(`${ORIGIN}/**`, (route) =>
    new URL(route.request().url()).pathname === '/worker.js'
      ? route.fulfill({ body: code, contentType: 'text/javascript', headers })
      : route.fulfill({ body: '<!doctype html><title>impact</title>', contentType: 'text/html', headers }),
  );
  await page.goto(`${ORIGIN}/`);
  const base = loadRulesDir();
  const card = loadRulesDir();
  const rule = card['prepaid-card'].rules.find((r) => r.name === 'card-almost-expired')!;
  (rule.conditions as { all: { value: unknown }[] }).all[0]!.value = 45;
  const tracker = loadRulesDir();
  tracker.toggles.rules.find((r) => r.name === 'techTracker')!.event.params.on = true;
  const json: unknown = JSON.parse(
    readFileSync(join(repoRoot, 'rules', 'population', 'distributions.json'), 'utf8'),
  );
  // A smaller population of the same distributions: the worker prepares what the live files say.
  const distributions = { ...(json as object), accounts: 5000 };

  const seen = await page.evaluate(
    async ({ base, drafts, distributions }) => {
      type Message = { type: string; id?: number; report?: unknown; done?: number };
      const worker = new Worker('/worker.js', { type: 'module' });
      const messages: Message[] = [];
      const waiters: [(m: Message) => boolean, (m: Message) => void][] = [];
      worker.onmessage = (e: MessageEvent<Message>) => {
        messages.push(e.data);
        for (const w of waiters.splice(0))
          if (w[0](e.data)) w[1](e.data);
          else waiters.push(w);
      };
      const next = (want: (m: Message) => boolean) =>
        new Promise<Message>((resolve) => waiters.push([want, resolve]));
      await next((m) => m.type === 'ready');
      worker.postMessage({ type: 'prepare', base, distributions });
      await next((m) => m.type === 'prepared');
      const reports: unknown[] = [];
      for (const [i, draft] of drafts.entries()) {
        const done = next((m) => m.id === i + 1 && (m.type === 'report' || m.type === 'error'));
        worker.postMessage({ type: 'run', id: i + 1, base, draft, distributions });
        reports.push((await done).report);
      }
      // A run cancelled at once: stopped at its next slice, or, when the cancel reached the worker after the
      // run had finished (a prepared run of 5,000 accounts takes milliseconds), already reported. Either way
      // the worker keeps nothing of it, and the next run is measured as before.
      worker.postMessage({ type: 'run', id: 9, base, draft: drafts[0], distributions });
      worker.postMessage({ type: 'cancel', id: 9 });
      const after = next((m) => m.id === 10 && m.type === 'report');
      worker.postMessage({ type: 'run', id: 10, base, draft: drafts[0], distributions });
      reports.push((await after).report);
      const lookup = next((m) => m.id === 9 && (m.type === 'account' || m.type === 'account-error'));
      worker.postMessage({ type: 'account', id: 9, index: 0 });
      const kept = (await lookup) as Message & { message?: string };
      worker.terminate();
      return {
        reports,
        preparations: messages.filter((m) => m.type === 'prepared').length,
        cancelled: messages
          .filter((m) => m.id === 9 && !['progress', 'measuring', 'account-error'].includes(m.type))
          .map((m) => m.type),
        kept: { type: kept.type, message: kept.message },
      };
    },
    { base, drafts: [card, tracker, base], distributions },
  );

  expect(seen.preparations).toBe(1);
  expect([[], ['report']]).toContainEqual(seen.cancelled);
  expect(seen.kept).toEqual({ type: 'account-error', message: 'This measurement is no longer kept' });
  const population = generatedPopulation(parseDistributions(distributions));
  const expected = [card, tracker, base, card].map((draft) => {
    const { timings: _t, ...reference } = measureImpact(draft, base, population);
    return JSON.parse(JSON.stringify(reference)) as unknown;
  });
  expect(seen.reports.map((r) => ({ ...(r as ImpactReport), timings: undefined }))).toEqual(
    expected.map((r) => ({ ...(r as object), timings: undefined })),
  );
  expect((seen.reports[0] as ImpactReport).changedAccounts).toBeGreaterThan(0);
  expect((seen.reports[2] as ImpactReport).changedAccounts).toBe(0);
});
