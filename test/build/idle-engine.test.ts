import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IDLE_ENGINE } from '../../lib/vite-first-load';
import { repoRoot } from '../../lib/repo';

/**
 * The engine a page fetches when idle is one file (vite.config.ts, docs/decisions/055): IDLE_ENGINE names its
 * modules. A module the rules' loader or the runtime comes to import, which the start-up and the home do not
 * already carry, must be named there too, or the bundler makes it a file of its own again: one more request
 * after every page load, which no browser test would see.
 */

// A value import or re-export of a relative module (`import type` and `export type` are erased by the build).
const VALUE_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

function resolve(from: string, spec: string): string | null {
  const base = join(dirname(from), spec);
  for (const file of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(file) && statSync(file).isFile()) return file;
  return null;
}

/** The portal's modules `entries` import, statically and for their values, followed to the end. */
function reach(entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = entries.map((e) => join(repoRoot, e));
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(VALUE_IMPORT)) {
      const target = resolve(file, spec!);
      if (target && /\.tsx?$/.test(target)) stack.push(target);
    }
  }
  return new Set([...seen].map((f) => relative(repoRoot, f)));
}

describe('the idle engine is one file', () => {
  const engine = reach(['src/engine/load.ts', 'src/engine/rollout-runtime.ts']);
  const firstLoad = new Set([...reach(['src/start.tsx']), ...reach(['src/app/home-route.tsx'])]);
  const own = [...engine].filter((f) => !firstLoad.has(f)).sort();

  it('names every module the loader and the runtime import beyond the first load', () => {
    // Not vacuous: the two entries, the declarations, the compiled runtime and the vocabulary are among them.
    expect(own).toEqual(
      expect.arrayContaining([
        'src/engine/load.ts',
        'src/engine/rollout-runtime.ts',
        'src/engine/decisions.ts',
        'src/engine/runtime.ts',
        'src/facts/vocabulary.ts',
      ]),
    );
    expect(own.filter((f) => !IDLE_ENGINE.test(f))).toEqual([]);
  });

  it('leaves out what only some loads need and what the first load carries', () => {
    // The validator (a served file that differs from its bundled copy) and the bundled rules (no bundle).
    expect(IDLE_ENGINE.test('src/engine/validate.ts')).toBe(false);
    expect(IDLE_ENGINE.test('src/engine/bundled.ts')).toBe(false);
    // The rules' address, which the start-up imports.
    expect(firstLoad.has('src/engine/names.ts')).toBe(true);
    expect(IDLE_ENGINE.test('src/engine/names.ts')).toBe(false);
  });
});
