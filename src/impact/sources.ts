/** Where the accounts of an impact run come from: generated from the distributions, or exported facts. */
import { ruleFileOf, DECISIONS } from '../engine/decisions';
import type { Rulesets } from '../engine/types';
import { formatIssue, validateRuleset } from '../engine/validate';
import { parseDistributions, type Distributions } from './distributions';
import { parseFactsLines, type ExportedAccount } from './facts-file';
import { createGenerator, type GeneratedAccount } from './population';

export interface PopulationSource {
  readonly size: number;
  /**
   * True when an account's facts hold every call's answer (generated): the rules being measured then decide
   * which calls the customer's facts come from, as the app does. False for final, exported facts.
   */
  readonly answersEveryCall: boolean;
  account(index: number): GeneratedAccount;
  /**
   * account(index) with its facts written into `into` (ACCOUNT_LAYOUT's slots, each null before) instead of
   * a new vector.
   */
  accountInto?(index: number, into: unknown[]): GeneratedAccount;
  /** How to find an account again. */
  label(index: number): string;
  readonly description: Record<string, unknown>;
}

export function generatedPopulation(
  d: Distributions,
  options: { seed?: number; accounts?: number } = {},
): PopulationSource {
  const seed = options.seed ?? d.seed;
  const size = options.accounts ?? d.accounts;
  const generate = createGenerator(d);
  return {
    size,
    answersEveryCall: true,
    account: (index) => generate(seed, index),
    accountInto: (index, into) => generate(seed, index, into),
    label: (index) => `#${index}`,
    description: { source: 'generated', seed, accounts: size },
  };
}

export function exportedPopulation(accounts: readonly ExportedAccount[], file: string): PopulationSource {
  return {
    size: accounts.length,
    answersEveryCall: false,
    account: (index) => accounts[index]!,
    label: (index) => accounts[index]!.label,
    description: { source: 'file', file, accounts: accounts.length },
  };
}

/** One account's decisions under one rule set. */

/**
 * A population as the studio has it: a source made here, the distributions (the JSON of
 * rules/population/distributions.json or an edited copy; checked), or exported facts as JSON Lines text.
 */
export type PopulationInput =
  | PopulationSource
  | { readonly distributions: unknown; readonly seed?: number; readonly accounts?: number }
  | { readonly factsLines: string; readonly name?: string };

/** Rules or a population the run cannot use: every problem, in words an analyst can act on. */
export class ImpactInputError extends Error {
  override name = 'ImpactInputError';
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
  }
}

/** Every problem of a rule set as rules:check words it (warnings left out: they do not stop a file). */
export function rulesetProblems(rulesets: Rulesets, label: string): string[] {
  return DECISIONS.flatMap(({ id }) =>
    validateRuleset(ruleFileOf(id), (rulesets as Partial<Rulesets>)[id])
      .filter((i) => i.severity !== 'warning')
      .map((i) => `${label}: ${formatIssue(i)}`),
  );
}

const isSource = (input: PopulationInput): input is PopulationSource =>
  typeof (input as Partial<PopulationSource>).account === 'function';

export function populationOf(input: PopulationInput): PopulationSource {
  if (isSource(input)) return input;
  try {
    if ('factsLines' in input) {
      const name = input.name ?? 'population';
      return exportedPopulation(parseFactsLines(input.factsLines, name), name);
    }
    return generatedPopulation(parseDistributions(input.distributions), {
      seed: input.seed,
      accounts: input.accounts,
    });
  } catch (e) {
    throw new ImpactInputError([e instanceof Error ? e.message : String(e)]);
  }
}
