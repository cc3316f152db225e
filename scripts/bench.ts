/**
 * `npm run bench` (a benchmark, not a test): the median time of one full home decision (toggles, the
 * decisions that feed others, home view, banner, navigation, billing offers, sections) for a typical
 * persona through the rule runtime and the compiled evaluator (src/engine/compile.ts: the same decisions
 * as plain closures, test/engine/compile.test.ts holds it to the runtime), in the same run; impact runs
 * (rules:impact, scripts/bench-impact.ts; the studio's in Chromium, scripts/bench-impact-browser.ts) over the
 * generated population against their budget; and the first-load gzipped JavaScript of /home from the build
 * manifest. Figures only: nothing here passes or fails.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadPersonas } from '../server/personas';
import { createRuntime } from '../src/engine/runtime';
import { ACCOUNT_LAYOUT, compileRules } from '../src/engine/compile';
import { benchImpactInChromium, printBrowserImpact } from './bench-impact-browser';
import { benchImpactCommandLine, columnEvaluatorPerAccount, printCommandLineImpact } from './bench-impact';
import { IMPACT_BUDGET_MS } from '../lib/impact';
import { PREVIEW_DATE, dayAt, decidePersona } from '../lib/personas';
import { loadRulesDir } from '../lib/rules-files';
import { repoRoot } from '../lib/repo';
import { BUDGETS, against, benchLayoutShiftOnly, benchPageLoad } from './bench-page-load';
import { firstLoad } from '../lib/first-load';

if (process.env.BENCH_CLS_ONLY === '1') {
  await benchLayoutShiftOnly();
  process.exit(0);
}

// ---------------------------------------------------------------- measuring

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function timeAsync(fn: () => Promise<unknown>, warmup: number, runs: number): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return median(samples);
}

function timeSync(fn: () => unknown, warmup: number, runs: number, batch: number): number {
  for (let i = 0; i < warmup; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    // Too fast to time one call: time a batch and divide.
    const t0 = performance.now();
    for (let j = 0; j < batch; j++) fn();
    samples.push((performance.now() - t0) / batch);
  }
  return median(samples);
}

/**
 * What the browser must download before /home shows: the entry (index.html's script and its static imports)
 * plus the lazily loaded /home route module and its static imports, read from Vite's build manifest
 * (lib/first-load.ts). Chunks loaded only on demand (other pages, the rule validator when a served rule
 * file differs) are not counted.
 */
function firstLoadGzip(): { files: { file: string; raw: number; gzip: number }[] } | null {
  return firstLoad(join(repoRoot, 'dist'));
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const fmt = (ms: number): string => (ms >= 0.1 ? `${ms.toFixed(3)} ms` : `${(ms * 1000).toFixed(2)} µs`);

const persona = loadPersonas().find((p) => p.id === 'postpaid');
if (!persona) throw new Error('persona postpaid not found');
const runtime = createRuntime(loadRulesDir());
const { facts } = await decidePersona(runtime, persona, dayAt(PREVIEW_DATE));

const engineResult = (await runtime.decide(facts)).decisions;

const compiled = compileRules(loadRulesDir());
const vector = ACCOUNT_LAYOUT.map((name) => facts[name as keyof typeof facts]);
const compiledSame =
  JSON.stringify(compiled.decide(facts)) === JSON.stringify(engineResult) &&
  JSON.stringify(compiled.decideVector(vector)) === JSON.stringify(engineResult);

const engineMs = await timeAsync(() => runtime.decide(facts), 300, 2000);
const columnMs = columnEvaluatorPerAccount();
const compiledMs = timeSync(() => compiled.decide(facts), 20000, 200, 1000);
const compiledVectorMs = timeSync(() => compiled.decideVector(vector), 20000, 200, 1000);
const ruleCount = Object.values(loadRulesDir()).reduce((sum, file) => sum + file.rules.length, 0);

console.log(
  `One full home decision for persona 'postpaid' (${ruleCount} rules in ${Object.keys(loadRulesDir()).length} files), median:\n`,
);
// rules:impact decides 100,000 accounts with two rule sets (and plans each account's calls) within its budget.
const perDecision = IMPACT_BUDGET_MS / (2 * 100_000);
console.log('| implementation | median per decision | budget |');
console.log('| --- | --- | --- |');
console.log(`| json-rules-engine runtime (with explain trace), the portal's | ${fmt(engineMs)} | — |`);
console.log(
  `| compiled evaluator, facts as an object | ${fmt(compiledMs)} | ${fmt(perDecision)} (rules:impact: 2 × 100,000 in ${IMPACT_BUDGET_MS} ms) |`,
);
console.log(`| compiled evaluator, facts as a vector | ${fmt(compiledVectorMs)} | ${fmt(perDecision)} |`);
console.log(
  `| column evaluator (rules:impact): a block of 4,096 generated accounts, the calls planned, per account | ${fmt(columnMs)} | ${fmt(perDecision)} |`,
);
console.log(
  `\nsame decisions from the compiled evaluator: ${compiledSame ? 'yes' : 'NO (a bug: see test/engine/compile.test.ts)'}`,
);

// ---------------------------------------------------------------- impact run

// rules:impact as the command runs it (scripts/bench-impact.ts): the column evaluator, bundled, on the default threads.
printCommandLineImpact(await benchImpactCommandLine());

// The studio's figure: its worker in Chromium, the population prepared once, the draft measured on it.
printBrowserImpact(await benchImpactInChromium());

const load = firstLoadGzip();
if (!load) {
  console.log(
    '\nfirst-load JavaScript of /home: dist/.vite/manifest.json not found (npm run bench builds it first).',
  );
} else {
  console.log(
    '\nFirst-load JavaScript of /home (entry chunk and the /home route chunk with their static imports):\n',
  );
  console.log('| file | raw | gzip |');
  console.log('| --- | --- | --- |');
  for (const f of load.files) console.log(`| ${f.file} | ${kb(f.raw)} | ${kb(f.gzip)} |`);
  const total = load.files.reduce((s, f) => s + f.gzip, 0);
  console.log(`| total | ${kb(load.files.reduce((s, f) => s + f.raw, 0))} | ${kb(total)} |`);
  printFirstLoadBudget(total);
}

await benchPageLoadUnlessSkipped();

// ---------------------------------------------------------------- first load and page load (issue 12)

function printFirstLoadBudget(gzipBytes: number): void {
  const value = gzipBytes / 1024;
  console.log(
    `
first-load JavaScript of /home: ${value.toFixed(1)} KB gzipped, budget ${BUDGETS.firstLoadKb} KB: ${against(value, BUDGETS.firstLoadKb)}`,
  );
}

/** Lighthouse and layout shift on the built app (BENCH_LIGHTHOUSE=0 skips them). */
async function benchPageLoadUnlessSkipped(): Promise<void> {
  if (process.env.BENCH_LIGHTHOUSE === '0') return;
  await benchPageLoad();
}
