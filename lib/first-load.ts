/**
 * The first-load JavaScript of /home, from Vite's build manifest: the entry (index.html's script, its static
 * imports and the pieces it imports one by one) plus the lazily loaded /home route module and its static imports, each file's size raw
 * and gzipped (level 9, deterministic). Used by `npm run bench` and by the budget check in `npm test`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * The manifest key of the /home route module: the file src/shell/pages.ts names for '/home' (read
 * from its source, so moving the route module cannot make the count silently cover nothing).
 */
function homeRouteKey(manifest: Record<string, ManifestChunk>, repoRoot: string): string {
  const pages = readFileSync(join(repoRoot, 'src', 'shell', 'pages.ts'), 'utf8');
  const target = /'\/home':\s*'([^']+)'/.exec(pages)?.[1];
  if (!target) throw new Error("src/shell/pages.ts has no lazy '/home' route");
  const base = posix.join('src/shell', target);
  const key = [base, ...['.tsx', '.ts'].map((ext) => base + ext)].find((k) => k in manifest);
  if (!key) throw new Error(`the build manifest has no chunk for the /home route module ${base}`);
  return key;
}

export interface FirstLoadFile {
  file: string;
  raw: number;
  gzip: number;
}

/** The first-load files of /home in `dist`, or null when there is no build. */
export function firstLoad(dist: string): { files: FirstLoadFile[] } | null {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const seen = new Set<string>();
  const walk = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const dep of chunk.imports ?? []) walk(dep);
  };
  walk('index.html');
  // The entry's pieces, which it imports one by one and index.html preloads (src/main.tsx).
  for (const piece of manifest['index.html']?.dynamicImports ?? []) walk(piece);
  walk(homeRouteKey(manifest, join(dist, '..')));
  const files = [...seen]
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const body = readFileSync(join(dist, file));
      return { file, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
    });
  return { files };
}
