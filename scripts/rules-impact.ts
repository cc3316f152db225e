/**
 * `npm run rules:impact -- --base <git ref or folder>`: how many accounts a rule change affects. The
 * current rules (RULES_DIR or rules/) and the base rules (a folder, or rules/ at a git ref) decide for
 * every account of a population, generated from rules/population/distributions.json (or read from
 * exported facts with --population file.jsonl), and each decision's changes are counted with examples.
 *
 *   --base <ref|folder>      what to compare with (required): main, HEAD~1, a folder of rule files
 *   --population <file>      exported facts, one JSON object per line, instead of generated accounts
 *   --distributions <file>   the generated population's distributions (default rules/population/distributions.json)
 *   --seed <n>, --accounts <n>  override the distributions' seed and size
 *   --examples <n>           example accounts per change (default 3)
 *   --show <index>           every fact and decision of one generated account under both rule sets
 *   --threads <n>            threads sharing the accounts (default: one per idle core, at least one)
 *   --no-reuse               decide every file of the base rules afresh (the worst case; the same report)
 *   --json                   the report as JSON
 *
 * The work is src/impact/ (browser-safe); this file only reads files and git, and prints.
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseDistributions } from '../src/impact/distributions';
import { compareAccount, populationOf, type PopulationSource } from '../src/impact/impact';
import { renderImpact } from '../src/impact/report';
import { IMPACT_BUDGET_MS, defaultDistributions, loadBase } from '../lib/impact';
import { defaultThreads, measureImpactInThreads, type ImpactJob } from '../lib/impact-threads';
import { loadRulesDir } from '../lib/rules-files';
import { repoRoot, rulesDir } from '../lib/repo';

function integer(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const x = Number(value);
  if (!Number.isInteger(x) || x < 0) throw new Error(`--${name} needs a whole number, not '${value}'`);
  return x;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      base: { type: 'string' },
      population: { type: 'string' },
      distributions: { type: 'string' },
      seed: { type: 'string' },
      accounts: { type: 'string' },
      examples: { type: 'string' },
      show: { type: 'string' },
      threads: { type: 'string' },
      'no-reuse': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  if (!values.base) throw new Error('--base is required: a git ref (main, HEAD~1) or a folder of rule files');
  const currentDir = rulesDir();
  const current = loadRulesDir(currentDir);
  const base = loadBase(values.base);

  // Plain data for every thread; the population made from it here for --show and its size.
  let job: ImpactJob['population'];
  if (values.population) {
    const file = resolve(values.population);
    job = { factsLines: readFileSync(file, 'utf8'), name: values.population };
  } else {
    const file = resolve(values.distributions ?? defaultDistributions);
    const distributions: unknown = JSON.parse(readFileSync(file, 'utf8'));
    // Checked here, so a bad file is named by its path (the threads would name it 'distributions').
    parseDistributions(distributions, relative(process.cwd(), file));
    const seed = integer(values.seed, 'seed');
    const accounts = integer(values.accounts, 'accounts');
    job = {
      distributions,
      ...(seed !== undefined ? { seed } : {}),
      ...(accounts !== undefined ? { accounts } : {}),
    };
  }
  const population: PopulationSource = populationOf(job);

  const show = integer(values.show, 'show');
  if (show !== undefined) {
    if (show >= population.size)
      throw new Error(`--show ${show}: the population has ${population.size} accounts`);
    const account = compareAccount(current, base, population, show);
    process.stdout.write(`${JSON.stringify(account, null, 2)}\n`);
    return;
  }

  const threads = integer(values.threads, 'threads') || defaultThreads();
  const cpu = process.cpuUsage();
  const report = await measureImpactInThreads(
    {
      current,
      base,
      population: job,
      examples: integer(values.examples, 'examples') ?? 3,
      reuse: !values['no-reuse'],
    },
    threads,
  );
  const used = process.cpuUsage(cpu);
  if (values.json) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return;
  }
  const extra = [
    values.population ? `--population ${values.population}` : '',
    values.seed ? `--seed ${values.seed}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  process.stdout.write(
    renderImpact(report, {
      comparing: `${relative(repoRoot, currentDir) || currentDir} against ${values.base}`,
      showCommand: (i) =>
        `npm run rules:impact -- --base ${values.base} ${extra ? `${extra} ` : ''}--show ${i}`,
      budget: IMPACT_BUDGET_MS,
    }),
  );
  // Wall-clock time on a shared machine includes waiting for a core: the CPU time says how much work it was.
  const cpuMs = (used.user + used.system) / 1000;
  const usedThreads = report.timings.threads ?? 1;
  const waited = cpuMs < 0.8 * report.timings.total * usedThreads;
  process.stdout.write(
    `(CPU time ${Math.round(cpuMs).toLocaleString('en-US')} ms over ${usedThreads} thread${usedThreads === 1 ? '' : 's'}${waited ? ': other processes had the cores part of the time' : ''}.)\n`,
  );
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
