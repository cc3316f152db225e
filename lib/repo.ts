/** Where things are in the repository, for the node-side tools (lib/, scripts/, the sandbox, tests). */
import { join, resolve } from 'node:path';
import { findRepoRoot } from '../server/paths';

/** The repository (or release) root, found as the server finds it: the same from lib/ and from a bundle. */
export const repoRoot = findRepoRoot(import.meta.dirname);

/** The rules directory: RULES_DIR when set (an analyst's working copy), else rules/. */
export function rulesDir(): string {
  return process.env.RULES_DIR ? resolve(process.env.RULES_DIR) : join(repoRoot, 'rules');
}
