/**
 * Facts for the rules tests that stay code (the runtime, the README's worked examples, generated input):
 * the plain account of the rule cases (rules/cases/given.json), so the tables in data and these tests
 * start from the same customer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRulesDir } from '../../../lib/rules-files';
import { repoRoot } from '../../../lib/repo';
import { createRuntime, type Runtime } from '../../../src/engine/runtime';
import type { HomeDecisions } from '../../../src/engine/types';
import type { AccountFacts } from '../../../src/facts/vocabulary';

const given = JSON.parse(readFileSync(join(repoRoot, 'rules', 'cases', 'given.json'), 'utf8')) as {
  given: Record<string, { facts: AccountFacts }>;
};

/** 'plain account': ACTIVE, residential, postpaid, Ensemble, nothing to alert about. */
export const plainAccount: AccountFacts = given.given['plain account']!.facts;

export const account = (overrides: Partial<AccountFacts> = {}): AccountFacts => ({
  ...plainAccount,
  ...overrides,
});

let runtime: Runtime | undefined;

/** The runtime on the committed rules/ (built once: the engines are reused across decisions). */
export function rulesRuntime(): Runtime {
  runtime ??= createRuntime(loadRulesDir());
  return runtime;
}

export const sectionIds = (d: HomeDecisions): string[] => d.sections.map((s) => s.section);
