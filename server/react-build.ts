/**
 * Which build of React this process runs, as Node loaded it: React's packages choose their production or
 * development files from NODE_ENV when first required (main.ts sets production), and the files that ran
 * stay in Node's module cache. The start-up log names it, and a test reads that line (test/server/serve-build.test.ts).
 */
import { createRequire } from 'node:module';

const REACT_FILE =
  /[\\/]node_modules[\\/]react(?:-dom)?[\\/]cjs[\\/][\w.-]+\.(production|development)(?:\.min)?\.js$/;

/** The builds of React's files loaded so far ('production', 'development'), each once; none before a render. */
export function reactBuildsLoaded(): string[] {
  const cache = createRequire(import.meta.url).cache;
  const builds = new Set<string>();
  for (const [file, module] of Object.entries(cache)) {
    const m = REACT_FILE.exec(file);
    // Node's loader also lists the files a CommonJS module might re-export (both builds), unrun: only
    // the ones that ran count.
    if (m?.[1] && module?.loaded) builds.add(m[1]);
  }
  return [...builds].sort();
}
