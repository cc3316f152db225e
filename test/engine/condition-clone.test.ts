import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { Rule } from 'json-rules-engine';
import { loadRulesDir } from '../../lib/rules-files';
import clone from '../../src/engine/condition-clone';
// The original, loaded by Node itself: the Vite aliases (the build's and Vitest's) resolve 'clone' to the stand-in.
const realClone = createRequire(import.meta.url)('clone') as <T>(value: T) => T;

/**
 * The browser build replaces `clone` with src/engine/condition-clone.ts inside json-rules-engine, which copies a
 * rule's conditions and event into every rule result: on every rule the portal runs, the stand-in's copy must
 * be what `clone` makes (same values, same prototypes, so the engine's Condition methods work on it) and share
 * nothing with the original (the engine writes each result into its copy).
 */
function sameShape(a: unknown, b: unknown, path: string): void {
  expect(typeof a, path).toBe(typeof b);
  if (a === null || typeof a !== 'object') {
    expect(a, path).toBe(b);
    return;
  }
  expect(Object.getPrototypeOf(a), `${path}: prototype`).toBe(Object.getPrototypeOf(b));
  expect(Array.isArray(a), path).toBe(Array.isArray(b));
  expect(Object.keys(a).sort(), path).toEqual(Object.keys(b as object).sort());
  for (const key of Object.keys(a))
    sameShape((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`);
}

function sharesNothing(copy: unknown, original: unknown, path: string): void {
  if (copy === null || typeof copy !== 'object') return;
  expect(copy, `${path} is a new object`).not.toBe(original);
  for (const key of Object.keys(copy))
    sharesNothing(
      (copy as Record<string, unknown>)[key],
      (original as Record<string, unknown>)[key],
      `${path}.${key}`,
    );
}

describe('the stand-in for clone, on every rule of every rule file', () => {
  const rulesets = loadRulesDir();
  const rules = Object.entries(rulesets).flatMap(([file, set]) =>
    set.rules.map((r, i) => ({ where: `${file} rule #${i + 1}`, rule: new Rule(r as never) })),
  );

  it('is compared with the original clone, not with itself', () => {
    expect(realClone).not.toBe(clone);
    expect(realClone.toString()).toContain('circular');
  });

  it('covers the rules', () => {
    expect(rules.length).toBeGreaterThan(100);
  });

  it('copies conditions and event as clone does, prototypes kept, nothing shared', () => {
    for (const { where, rule } of rules) {
      const r = rule as unknown as { conditions: unknown; ruleEvent: unknown };
      for (const part of [r.conditions, r.ruleEvent]) {
        const copy = clone(part);
        sameShape(copy, realClone(part), where);
        sharesNothing(copy, part, where);
      }
    }
  });

  it('returns numbers, text, null and undefined as they are', () => {
    for (const v of [0, 3, 'rule', null, undefined, true]) expect(clone(v)).toBe(realClone(v));
  });
});
