/**
 * rules:impact's figures as the command runs it (issue 22 item 6, ADR 029): the bundled code on the default
 * threads (lib/impact-threads.ts), rules/ against the card warning at 45 days: the first run (the code cold,
 * as every run of the command is), the median of the next three, the worst case (`--no-reuse`: every file
 * of the base rules decided afresh, sharing nothing with the current rules) on the default threads and on
 * one, and a toggle turned on (every account's toggles change, so every file is decided again and every
 * account compared). Wall time and the process's CPU time (every thread's), with the load average: the
 * machine is shared. Figures against the budget, printed, never asserted. `npm run bench` prints them;
 * `npx tsx scripts/bench-impact.ts` runs them alone.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { aloneBlock, compileColumns } from '../src/engine/columns';
import type { Rulesets } from '../src/engine/types';
import { blockOf } from '../src/impact/blocks';
import { CALL_MODEL } from '../src/impact/calls';
import { parseDistributions } from '../src/impact/distributions';
import { BLOCK, generatedPopulation } from '../src/impact/impact';
import { IMPACT_BUDGET_MS, defaultDistributions } from '../lib/impact';
import { defaultThreads, measureImpactInThreads } from '../lib/impact-threads';
import { loadRulesDir } from '../lib/rules-files';

interface Run {
  readonly wall: number;
  readonly cpu: number;
  readonly threads: number;
  readonly changed: number;
  readonly load: number;
}

export interface CommandLineFigures {
  readonly first: Run;
  readonly next: Run[];
  readonly worst: Run[];
  readonly worstOneThread: Run[];
  readonly toggle: Run[];
}

/** The shipped rules with the card warning at 45 days instead of 60 (270 of 100,000 accounts change). */
export function cardAt45(): Rulesets {
  const r = loadRulesDir();
  const rule = r['prepaid-card'].rules.find((x) => x.name === 'card-almost-expired')!;
  (rule.conditions as { all: { value: unknown }[] }).all[0]!.value = 45;
  return r;
}

export async function benchImpactCommandLine(): Promise<CommandLineFigures> {
  const distributions: unknown = JSON.parse(readFileSync(defaultDistributions, 'utf8'));
  const toggled = loadRulesDir();
  toggled.toggles.rules.find((r) => r.name === 'techTracker')!.event.params.on = true;
  const run = async (base: Rulesets, reuse: boolean, threads = defaultThreads()): Promise<Run> => {
    const load = loadavg()[0]!;
    const cpu = process.cpuUsage();
    const job = { current: loadRulesDir(), base, population: { distributions }, examples: 3, reuse };
    const report = await measureImpactInThreads(job, threads);
    const used = process.cpuUsage(cpu);
    return {
      wall: report.timings.total,
      cpu: (used.user + used.system) / 1000,
      threads: report.timings.threads ?? 1,
      changed: report.changedAccounts,
      load,
    };
  };
  const times = async (n: number, f: () => Promise<Run>): Promise<Run[]> => {
    const out: Run[] = [];
    for (let i = 0; i < n; i++) out.push(await f());
    return out;
  };
  const first = await run(cardAt45(), true);
  return {
    first,
    next: await times(3, () => run(cardAt45(), true)),
    worst: await times(3, () => run(cardAt45(), false)),
    worstOneThread: await times(3, () => run(cardAt45(), false, 1)),
    toggle: await times(3, () => run(toggled, false)),
  };
}

/**
 * The column evaluator's time per account (ms): a block of 4,096 generated accounts decided with the calls
 * planned, median of 20 after 10 warm-up runs, each on the block's columns with no condition's result kept.
 */
export function columnEvaluatorPerAccount(): number {
  const population = generatedPopulation(
    parseDistributions(JSON.parse(readFileSync(defaultDistributions, 'utf8'))),
  );
  const block = blockOf(population, 0, BLOCK).block;
  const rules = compileColumns(loadRulesDir());
  const samples: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    rules.decide(aloneBlock(block), CALL_MODEL);
    if (i >= 10) samples.push((performance.now() - t) / BLOCK);
  }
  return samples.sort((a, b) => a - b)[samples.length >> 1]!;
}

const ms = (x: number): string => `${Math.round(x).toLocaleString('en-US')} ms`;
const median = (runs: Run[]): Run => [...runs].sort((a, b) => a.wall - b.wall)[Math.floor(runs.length / 2)]!;

export function printCommandLineImpact(f: CommandLineFigures): void {
  console.log(
    `\nImpact run (rules:impact, the bundled code as the command runs it): 100,000 generated accounts, rules/ against the card warning at 45 days (${f.first.changed.toLocaleString('en-US')} accounts change), and a toggle turned on (${f.toggle[0]!.changed.toLocaleString('en-US')}):\n`,
  );
  console.log('| run | threads | each run (load average) | median (budget) | CPU time, median run |');
  console.log('| --- | --- | --- | --- | --- |');
  const row = (label: string, runs: Run[]): void => {
    const m = median(runs);
    const verdict = m.wall <= IMPACT_BUDGET_MS ? 'within' : 'over';
    const each = runs.map((r) => `${ms(r.wall)} (${r.load.toFixed(1)})`).join(', ');
    console.log(
      `| ${label} | ${m.threads} | ${each} | ${ms(m.wall)} (${verdict} ${ms(IMPACT_BUDGET_MS)}) | ${ms(m.cpu)} |`,
    );
  };
  row('first run (the code cold, as every run of the command)', [f.first]);
  row('the next three', f.next);
  row('worst case (--no-reuse: every base file decided afresh)', f.worst);
  row('worst case on one thread', f.worstOneThread);
  row('a toggle turned on, --no-reuse (every account compared)', f.toggle);
  console.log(
    '\n(Threads: one per core the load average leaves idle. CPU time counts every thread of the process, the compiler and collector threads included; below the wall time, other processes had the cores part of the time.)',
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  printCommandLineImpact(await benchImpactCommandLine());
