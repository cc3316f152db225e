import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderReadmeVocabulary } from '../../lib/generated-files';
import { repoRoot } from '../../lib/repo';
import { DECISIONS } from '../../src/engine/decisions';
import { factsFor } from '../../src/engine/fact-scope';
import { buildRulesetSchema, OPERATORS_BY_TYPE } from '../../src/engine/schema-builder';
import { ACCOUNT_FACTS, ALL_FACTS, DECISION_FACTS } from '../../src/facts/vocabulary';

/** Reads a path in parsed JSON (the schema is data, walked without a type). */
function at(json: unknown, ...path: (string | number)[]): unknown {
  return path.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    json,
  );
}

const committed: unknown = JSON.parse(readFileSync(join(repoRoot, 'schemas', 'ruleset.schema.json'), 'utf8'));
const appointmentMessages = DECISIONS.find((d) => d.id === 'appointment-messages')!;

describe('schemas/ruleset.schema.json', () => {
  it('is what the vocabulary and the decision table generate (run npx tsx scripts/rules-schema.ts after a change)', () => {
    expect(committed).toEqual(buildRulesetSchema());
  });

  it('enumerates exactly the facts of the vocabulary, each with its type', () => {
    const account = at(committed, 'definitions', 'condition');
    expect(at(account, 'properties', 'fact', 'enum')).toEqual(
      [...ACCOUNT_FACTS, ...DECISION_FACTS].map((f) => f.name),
    );
    expect(at(committed, 'definitions', 'order-condition', 'properties', 'fact', 'enum')).toEqual(
      factsFor(appointmentMessages).map((f) => f.name),
    );
    const typeRules = at(account, 'allOf') as unknown[];
    for (const type of ['number', 'string', 'boolean'] as const) {
      const rule = typeRules.find(
        (r) =>
          JSON.stringify(at(r, 'then', 'properties', 'operator', 'enum')) ===
          JSON.stringify(OPERATORS_BY_TYPE[type]),
      );
      expect(at(rule, 'if', 'properties', 'fact', 'enum'), type).toEqual(
        [...ACCOUNT_FACTS, ...DECISION_FACTS].filter((f) => f.type === type).map((f) => f.name),
      );
    }
  });

  it('knows every decision and its kind', () => {
    expect(at(committed, 'properties', 'decision', 'enum')).toEqual(DECISIONS.map((d) => d.id));
  });

  it("is named by every rule file's $schema, so editors validate while typing", () => {
    for (const d of DECISIONS) {
      const file: unknown = JSON.parse(readFileSync(join(repoRoot, 'rules', `${d.id}.json`), 'utf8'));
      expect(at(file, '$schema'), d.id).toBe('../schemas/ruleset.schema.json');
    }
  });
});

describe('rules/README.md', () => {
  it('lists the vocabulary as generated from it', () => {
    const readme = readFileSync(join(repoRoot, 'rules', 'README.md'), 'utf8');
    for (const f of ALL_FACTS) expect(readme, f.name).toContain(`\`${f.name}\``);
    // Same rows as the generator (the committed table is only re-padded by prettier).
    const squash = (s: string) => s.replace(/ +/g, ' ').replace(/-{3,}/g, '---');
    expect(squash(readme)).toContain(squash(renderReadmeVocabulary()));
  });
});
