import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findRepoRoot, folders, serverFolders } from '../../server/paths';

/** A fake installed release: the project's package.json at the top, a bundle two folders down. */
function release(): { root: string; bundle: string } {
  const root = mkdtempSync(join(tmpdir(), 'release-'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'selfservice-portal' }));
  const bundle = join(root, 'dist', 'server');
  mkdirSync(bundle, { recursive: true });
  // A package.json of something else on the way up is not the root.
  writeFileSync(join(root, 'dist', 'package.json'), JSON.stringify({ type: 'module' }));
  return { root, bundle };
}

describe('the paths module', () => {
  it('finds this repository from the server folder', () => {
    expect(folders.root).toBe(resolve('.'));
    expect(folders.dist).toBe(resolve('dist'));
    expect(folders.rules).toBe(resolve('rules'));
    expect(folders.personas).toBe(resolve('sandbox', 'personas'));
    expect(folders.config).toBe(resolve('config'));
    expect(folders.schemas).toBe(resolve('schemas'));
  });

  it("finds the project's root from a bundle inside dist/server", () => {
    const { root, bundle } = release();
    expect(findRepoRoot(bundle, {})).toBe(root);
  });

  it('takes PORTAL_ROOT over the search, and says what to set when there is no root', () => {
    expect(findRepoRoot('/', { PORTAL_ROOT: '/srv/portal' })).toBe('/srv/portal');
    expect(() => findRepoRoot(mkdtempSync(join(tmpdir(), 'nowhere-')), {})).toThrow(/set PORTAL_ROOT/);
  });

  it('lets any folder be overridden, resolving the rest under the root', () => {
    const { root } = release();
    const dirs = serverFolders({ root, rules: 'relative/rules', dist: undefined });
    expect(dirs.dist).toBe(join(root, 'dist'));
    expect(dirs.rules).toBe(resolve('relative/rules'));
    expect(dirs.studioHistories).toBe(join(root, '.studio'));
  });
});
