/**
 * Every folder the server reads, resolved in this one module. The server runs from its source today
 * (server/, sandbox/ under tsx) and will run bundled (dist/server/), so no other module may find a folder
 * relative to its own file: each asks here, and anything can be moved by an option or PORTAL_ROOT.
 *
 * The repository root is PORTAL_ROOT when set, otherwise the nearest folder above this module that holds
 * the project's package.json (the same answer from server/paths.ts and from a bundle in dist/server/).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's name in package.json: a package.json of anything else (a bundle's own) is not the root. */
const PROJECT_NAME = 'selfservice-portal';

function isProjectRoot(dir: string): boolean {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return false;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === PROJECT_NAME;
  } catch {
    return false;
  }
}

/** The repository root: PORTAL_ROOT, or the nearest ancestor of `from` holding the project's package.json. */
export function findRepoRoot(
  from: string = dirname(fileURLToPath(import.meta.url)),
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (env.PORTAL_ROOT) return resolve(env.PORTAL_ROOT);
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (isProjectRoot(dir)) return dir;
    if (dirname(dir) === dir) {
      throw new Error(
        `Cannot find the portal's folder above ${from} (no package.json named ${PROJECT_NAME}): set PORTAL_ROOT`,
      );
    }
  }
}

/** The folders the server reads. */
export interface ServerFolders {
  /** the repository (or installed release) root */
  root: string;
  /** the built portal served to browsers (Vite's output) */
  dist: string;
  /** the rule files served at /rules (RULES_DIR) */
  rules: string;
  /** the built-in persona fixtures of the sandbox */
  personas: string;
  /** config/: portal.json, studio.json */
  config: string;
  /** schemas/: the JSON Schemas of every answer, persona and configuration file */
  schemas: string;
  /** .studio/: the rule studio's git histories, one per rules folder, outside any repository's index */
  studioHistories: string;
}

/** The folders, each under the root unless overridden (an override is resolved against the working folder). */
export function serverFolders(
  overrides: Partial<Record<keyof ServerFolders, string | undefined>> = {},
): ServerFolders {
  const root = resolve(overrides.root ?? findRepoRoot());
  const pick = (key: keyof ServerFolders, ...fallback: string[]): string =>
    resolve(overrides[key] ?? join(root, ...fallback));
  return {
    root,
    dist: pick('dist', 'dist'),
    rules: pick('rules', 'rules'),
    personas: pick('personas', 'sandbox', 'personas'),
    config: pick('config', 'config'),
    schemas: pick('schemas', 'schemas'),
    studioHistories: pick('studioHistories', '.studio'),
  };
}

/** The default folders (no overrides), resolved once. */
export const folders: Readonly<ServerFolders> = serverFolders();
