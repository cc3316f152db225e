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
 *   --json                   the report as JSON
 *
 * The work is src/impact/ (browser-safe); this file only reads files and git, and prints.
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseDistributions } from '../src/impact/distributions';
import { parseFactsLines } from '../src/impact/facts-file';
import {
  compareAccount,
  exportedPopulation,
  generatedPopulation,
  measureImpact,
  type PopulationSource,
} from '../src/impact/impact';
import { renderImpact } from '../src/impact/report';
import { IMPACT_BUDGET_MS, defaultDistributions, loadBase } from '../lib/impact';
import { loadRulesDir } from '../lib/rules-files';
import { repoRoot, rulesDir } from '../lib/repo';

function integer(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const x = Number(value);
  if (!Number.isInteger(x) || x < 0) throw new Error(`--${name} needs a whole number, not '${value}'`);
  return x;
}

function main(): void {
  const { values } = parseArgs({
    options: {
      base: { type: 'string' },
      population: { type: 'string' },
      distributions: { type: 'string' },
      seed: { type: 'string' },
      accounts: { type: 'string' },
      examples: { type: 'string' },
      show: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  if (!values.base) throw new Error('--base is required: a git ref (main, HEAD~1) or a folder of rule files');
  const currentDir = rulesDir();
  const current = loadRulesDir(currentDir);
  const base = loadBase(values.base);

  let population: PopulationSource;
  if (values.population) {
    const file = resolve(values.population);
    population = exportedPopulation(
      parseFactsLines(readFileSync(file, 'utf8'), values.population),
      values.population,
    );
  } else {
    const file = resolve(values.distributions ?? defaultDistributions);
    const distributions = parseDistributions(
      JSON.parse(readFileSync(file, 'utf8')),
      relative(process.cwd(), file),
    );
    population = generatedPopulation(distributions, {
      seed: integer(values.seed, 'seed'),
      accounts: integer(values.accounts, 'accounts'),
    });
  }

  const show = integer(values.show, 'show');
  if (show !== undefined) {
    if (show >= population.size)
      throw new Error(`--show ${show}: the population has ${population.size} accounts`);
    const account = compareAccount(current, base, population, show);
    process.stdout.write(`${JSON.stringify(account, null, 2)}\n`);
    return;
  }

  const cpu = process.cpuUsage();
  const report = measureImpact(current, base, population, { examples: integer(values.examples, 'examples') });
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
  // Wall-clock time on a shared machine includes waiting for the core: say so when it was much of it.
  const cpuMs = (used.user + used.system) / 1000;
  if (cpuMs < 0.8 * report.timings.total)
    process.stdout.write(
      `(CPU time ${Math.round(cpuMs).toLocaleString('en-US')} ms: other processes had the core part of the time.)\n`,
    );
}

try {
  main();
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
}
