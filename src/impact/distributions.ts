/**
 * rules/population/distributions.json: checked (the precompiled schema validator, then what a schema
 * cannot say) with messages an analyst can act on, and turned into samplers. Browser-safe.
 */
import type { Population, PopulationNumbers } from '../generated/types';
import type { ValidationError } from '../generated/validators';
import { validatePopulation } from '../generated/validators/population.js';
import { closest } from '../engine/validate';
import { buildPopulationSchema } from './population-schema';
import type { Random } from './random';

export type Distributions = Population;

function where(path: string): string {
  const parts = path
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  return parts.length > 0 ? parts.join('.') : '(the file)';
}

function schemaProblem(e: ValidationError, all: readonly ValidationError[]): string | null {
  const p = e.params;
  const at = where(e.instancePath);
  switch (e.keyword) {
    case 'if':
    case 'allOf':
      return null;
    case 'enum':
      // Reported with its propertyNames error, which names the key.
      return all.some((x) => x.keyword === 'propertyNames' && x.instancePath === e.instancePath)
        ? null
        : `${at}: must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'propertyNames': {
      const name = String(p.propertyName);
      const allowed = all.find((x) => x.keyword === 'enum' && x.instancePath === e.instancePath)?.params
        .allowedValues as string[] | undefined;
      const suggestion = allowed ? closest(name, allowed) : undefined;
      const known = allowed ? ` (known: ${allowed.join(', ')})` : '';
      return `${at}: '${name}' is not a value here${suggestion ? `: did you mean '${suggestion}'?` : known}`;
    }
    case 'additionalProperties':
      return `${at}: '${String(p.additionalProperty)}' is not a field here`;
    case 'required':
      return `${at}: "${String(p.missingProperty)}" is missing`;
    default:
      return `${at}: ${e.message ?? e.keyword}`;
  }
}

/** What the schema cannot say: some weight above zero, ranges that run upwards. Walks data and schema together. */
function meaningProblems(d: Population): string[] {
  const problems: string[] = [];
  const walk = (data: unknown, schema: Record<string, unknown>, path: string): void => {
    if (!data || typeof data !== 'object' || Array.isArray(data)) return;
    const entries = Object.entries(data as Record<string, unknown>);
    if (schema.propertyNames) {
      if (!entries.some(([, w]) => (w as number) > 0)) problems.push(`${path}: every weight is 0`);
      return;
    }
    if (Array.isArray(schema.allOf)) {
      const n = data as PopulationNumbers;
      n.ranges.forEach((r, i) => {
        if (r.from > r.to) problems.push(`${path}.ranges[${i}]: "from" (${r.from}) is above "to" (${r.to})`);
      });
      if (!n.ranges.some((r) => r.weight > 0) && !n.none) problems.push(`${path}: every weight is 0`);
      return;
    }
    const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
    for (const [key, value] of entries) {
      const inner = properties[key];
      if (inner) walk(value, inner, path ? `${path}.${key}` : key);
    }
  };
  walk(d, buildPopulationSchema(), '');
  return problems;
}

/** The problems of a distributions file, in words; empty when it is fine. */
export function checkDistributions(json: unknown): string[] {
  if (!validatePopulation(json)) {
    const errors = validatePopulation.errors ?? [];
    return [...new Set(errors.map((e) => schemaProblem(e, errors)).filter((m): m is string => m !== null))];
  }
  return meaningProblems(json);
}

/** The distributions, or an Error listing every problem. */
export function parseDistributions(json: unknown, source = 'distributions'): Distributions {
  const problems = checkDistributions(json);
  if (problems.length > 0) throw new Error(`${source}:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return json as Distributions;
}

// ---------------------------------------------------------------- samplers

export type Sampler<T> = (random: Random) => T;

/** Picks a key by weight and maps it (once per key, in advance) to the value it stands for. */
export function pick<T>(
  weights: Readonly<Record<string, number | undefined>>,
  value: (key: string) => T,
): Sampler<T> {
  const entries = Object.entries(weights).filter(([, w]) => (w ?? 0) > 0);
  const values = entries.map(([key]) => value(key));
  const bounds: number[] = [];
  let total = 0;
  for (const [, w] of entries) bounds.push((total += w ?? 0));
  const last = values.length - 1;
  return (random) => {
    const x = random.next() * total;
    for (let i = 0; i < last; i++) if (x < bounds[i]!) return values[i]!;
    return values[last]!;
  };
}

/** A named value, or null for 'none'. */
export const orNone = (key: string): string | null => (key === 'none' ? null : key);
/** 'true' / 'false' / 'none' as a boolean or null. */
export const yesNo = (key: string): boolean | null => (key === 'none' ? null : key === 'true');

/** A number as `numbers` describes it (null for 'none'). */
export function draw(numbers: PopulationNumbers): Sampler<number | null> {
  const ranges = numbers.ranges;
  const none = numbers.none ?? 0;
  const scale = 10 ** (numbers.decimals ?? 0);
  const which = pick(
    Object.fromEntries<number>([
      ...ranges.map((r, i): [string, number] => [String(i), r.weight]),
      ['none', none],
    ]),
    (key) => (key === 'none' ? null : ranges[Number(key)]!),
  );
  return (random) => {
    const range = which(random);
    if (!range) return null;
    // Whole steps of 1/scale from `from` to `to`, both included.
    const steps = Math.round((range.to - range.from) * scale);
    const step = Math.floor(random.next() * (steps + 1));
    return Math.round(range.from * scale + step) / scale;
  };
}
