/** Where things are in the repository, for the node-side tools (lib/, scripts/, the sandbox, tests). */
import { join, resolve } from 'node:path';

export const repoRoot = join(import.meta.dirname, '..');

/** The rules directory: RULES_DIR when set (an analyst's working copy), else rules/. */
export function rulesDir(): string {
  return process.env.RULES_DIR ? resolve(process.env.RULES_DIR) : join(repoRoot, 'rules');
}
