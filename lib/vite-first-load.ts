/**
 * Build-time pieces of /home's first load (docs/decisions/010-first-load.md):
 *
 * - `__BUNDLED_RULE_HASHES__`: the fingerprint of each rules/*.json built into the app, so the browser can
 *   tell a served rule file equal to its bundled copy without downloading the copies (src/engine/load.ts).
 * - index.html's first paint: the shell's frame and loading text (src/shell/shell-html.ts) in `#root`, so the
 *   page is not blank until the JavaScript has run.
 * - /home's route dependencies in one chunk (the server preloads each page's chunks: sandbox/page-render.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { ruleHash } from '../src/engine/rule-hash';
import { shellHtml } from '../src/shell/shell-html';

export function bundledRuleHashes(rulesDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(rulesDir)
    .filter((f) => f.endsWith('.json'))
    .sort())
    out[name] = ruleHash(JSON.parse(readFileSync(join(rulesDir, name), 'utf8')) as unknown);
  return out;
}

const SHELL_MARK = '<!--app-shell-->';

/**
 * The modules of the engine a page fetches when idle (src/start.tsx: the rules' loader, src/engine/load.ts, and
 * the runtime, src/engine/rollout-runtime.ts), one file (vite.config.ts, docs/decisions/055): what those two
 * import that the start-up and the home do not already carry. test/build/idle-engine.test.ts walks their imports
 * and fails on a module this leaves out, which would be a file of its own again.
 */
export const IDLE_ENGINE =
  /src\/engine\/(declare|decisions|rule-hash|rollout|rollout-runtime|outcomes|compile|runtime|load)\.ts$|src\/engine\/(declarations|compiled)\/|node_modules\/imurmurhash\/|src\/facts\/vocabulary(-services)?\.ts$/;

/**
 * The modules the /home route module imports statically (itself left out, so it stays its own lazily loaded
 * chunk that index.html preloads), for one chunk group in vite.config.ts: left to the bundler they became a
 * dozen files under 2 KB each (shared with other lazy chunks), each a request on a phone's few connections
 * before the home could render. The set is read from the module graph when the build has parsed it.
 */
export function routeDependencies(
  routeModule: string,
  otherRoutes: RegExp,
): {
  plugin: Plugin;
  test: (id: string) => boolean;
  sharedTest: (id: string) => boolean;
} {
  const deps = new Set<string>();
  const shared = new Set<string>();
  const plugin: Plugin = {
    name: 'portal:route-dependencies',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const slashed = (id: string): string => id.replaceAll('\\', '/');
      const root = ids.find((id) => slashed(id).endsWith(routeModule));
      if (!root) return this.error(`route-dependencies: no module ${routeModule}`);
      const walk = (id: string, into: Set<string>): void => {
        for (const dep of this.getModuleInfo(id)?.importedIds ?? []) {
          if (dep === root || into.has(dep)) continue;
          into.add(dep);
          walk(dep, into);
        }
      };
      walk(root, deps);
      // What another page's module also imports: in a chunk of its own, so that page never loads the home's.
      for (const id of ids) if (id !== root && otherRoutes.test(slashed(id))) walk(id, shared);
    },
  };
  // The portal's own modules only: a library the home uses in part (date-fns) stays where the bundler puts
  // it, or the lazy chunks' parts of it would join the home's chunk; and the fact vocabulary, which the
  // home imports for types only (its descriptions are the analysts', docs/decisions/010-first-load.md).
  const ours = (id: string): boolean =>
    deps.has(id) && !id.includes('node_modules') && !id.endsWith('src/facts/vocabulary.ts');
  return {
    plugin,
    test: (id) => ours(id) && !shared.has(id),
    sharedTest: (id) => ours(id) && shared.has(id),
  };
}

/** Writes the shell's first paint into index.html's #root (names and addresses from config/portal.json). */
export function firstPaint(configFile: string): Plugin {
  return {
    name: 'portal:first-paint',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(SHELL_MARK)) throw new Error(`index.html has no ${SHELL_MARK} in #root`);
        const config = JSON.parse(readFileSync(configFile, 'utf8')) as {
          provider: { name: string; siteUrl: string };
        };
        return html.replace(SHELL_MARK, shellHtml(config.provider));
      },
    },
  };
}

/** Stops the build on an invalid config/portal.json (the browser bundle carries no validator for it). */
export function validateConfigAtBuild(configFile: string): Plugin {
  return {
    name: 'portal:validate-config',
    apply: 'build',
    async buildStart() {
      const { loadConfig } = await import('../src/config/validate');
      loadConfig(JSON.parse(readFileSync(configFile, 'utf8')) as unknown);
    },
  };
}

type Bundle = Parameters<NonNullable<Extract<Plugin['generateBundle'], (...args: never[]) => unknown>>>[1];

/** `roots` and every chunk they import, in the order met, leaving out (and not walking) the `known` files. */
function chunksFrom(bundle: Bundle, roots: readonly string[], known: readonly string[] = []): string[] {
  const seen = new Set(known);
  const files: string[] = [];
  const walk = (file: string): void => {
    const piece = bundle[file];
    if (!piece || piece.type !== 'chunk' || seen.has(file)) return;
    seen.add(file);
    files.push(file);
    for (const dep of piece.imports) walk(dep);
  };
  for (const file of roots) walk(file);
  return files;
}

/**
 * Preloads of the entry's pieces (src/main.tsx imports React's renderer, MobX, the router and the start-up one
 * by one, each evaluated in a task of its own): index.html lists the entry's static imports only, so without
 * these links each piece would be fetched after the one before it ran, a round trip each. The server's pages
 * take index.html's head as it is (sandbox/page-render.ts).
 *
 * The entry script and these preloads are fetched at low priority (`fetchpriority="low"`): the server's markup
 * and its stylesheets are what the first paint needs, and on a slow connection 170 KB of script fetched at the
 * same high priority shares the line with them. The script still starts at once and hydrates as soon as it
 * is in (docs/decisions/039, third part).
 */
export function bootPreloads(): Plugin {
  return {
    name: 'portal:boot-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        if (!bundle || !chunk) return html;
        const files = chunksFrom(bundle, chunk.dynamicImports, [chunk.fileName, ...chunk.imports]);
        const entry = `<script type="module" crossorigin src="/${chunk.fileName}">`;
        if (html.split(entry).length !== 2)
          throw new Error(`index.html: the entry script ${entry} is not there once`);
        return {
          html: html
            .replace(entry, `<script type="module" fetchpriority="low" crossorigin src="/${chunk.fileName}">`)
            .replaceAll(
              '<link rel="modulepreload" crossorigin',
              '<link rel="modulepreload" fetchpriority="low" crossorigin',
            ),
          tags: files.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', fetchpriority: 'low', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        };
      },
    },
  };
}

/** What Vite passes a `build.modulePreload.resolveDependencies` hook, as this module reads it. */
interface DependencyHost {
  hostId: string;
  hostType: 'html' | 'js';
}

/**
 * The files of the start-up (the entry, its pieces and what they import) left out of the preload lists of the
 * imports made after it (docs/decisions/051). Every other chunk runs after the entry has imported all its
 * pieces, so those files are in the page by then. Vite's preload helper still went through each of them for
 * every dynamic import: it resolved the file's address and looked for it among the page's links, 10 of the 14
 * entries of a home card's list. The entry's own imports and index.html keep their whole lists.
 *
 * `plugin` reads the start-up's files from the bundle when it is complete (before Vite writes the lists);
 * `resolveDependencies` goes in `build.modulePreload`.
 */
export function bootFilesLeftOut(): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], host: DependencyHost) => string[];
} {
  let entry: string | null = null;
  let boot = new Set<string>();
  const plugin: Plugin = {
    name: 'portal:boot-files-left-out',
    apply: 'build',
    generateBundle(_options, bundle) {
      const main = Object.values(bundle).find((o) => o.type === 'chunk' && o.isEntry);
      entry = main?.type === 'chunk' ? main.fileName : null;
      boot = new Set(
        main?.type === 'chunk' ? chunksFrom(bundle, [main.fileName, ...main.dynamicImports]) : [],
      );
    },
  };
  return {
    plugin,
    resolveDependencies: (_file, deps, { hostId, hostType }) =>
      hostType !== 'js' || hostId === entry ? deps : deps.filter((d) => !boot.has(d)),
  };
}
