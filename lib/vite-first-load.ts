/**
 * Build-time pieces of /home's first load (docs/decisions/010-first-load.md):
 *
 * - `__BUNDLED_RULE_HASHES__`: the fingerprint of each rules/*.json built into the app, so the browser can
 *   tell a served rule file equal to its bundled copy without downloading the copies (src/engine/load.ts).
 * - index.html's first paint: the shell's frame and loading text (src/shell/shell-html.ts) in `#root`, so the
 *   page is not blank until the JavaScript has run.
 * - `<link rel="modulepreload">` in index.html for the /home route module and every chunk it imports, and
 *   its stylesheet: the browser fetches them beside the entry instead of after the entry has run and the
 *   router has asked for the route (one round trip less before the home can render).
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

interface OutputChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** The route module whose chunk (and its static imports) index.html preloads. */
export function preloadRoute(routeModule: string): Plugin {
  return {
    name: 'portal:preload-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter(
          (c): c is OutputChunkLike & typeof c => c.type === 'chunk',
        );
        const route = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(routeModule));
        if (!route) throw new Error(`preload-route: no chunk for ${routeModule}`);
        const entryFiles = new Set<string>();
        const entry = chunks.find((c) => 'isEntry' in c && c.isEntry === true);
        // What index.html already loads (the entry and its static imports) needs no second tag.
        const walk = (file: string, into: Set<string>): void => {
          if (into.has(file)) return;
          into.add(file);
          const chunk = bundle[file] as OutputChunkLike | undefined;
          for (const dep of chunk?.imports ?? []) walk(dep, into);
        };
        if (entry) walk(entry.fileName, entryFiles);
        const files = new Set<string>();
        walk(route.fileName, files);
        const base = '/';
        const tags: { tag: string; attrs: Record<string, string>; injectTo: 'head' }[] = [];
        for (const file of files) {
          if (entryFiles.has(file)) continue;
          tags.push({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `${base}${file}` },
            injectTo: 'head',
          });
        }
        for (const file of files) {
          const chunk = bundle[file] as OutputChunkLike | undefined;
          for (const css of chunk?.viteMetadata?.importedCss ?? []) {
            if (entryFiles.has(file)) continue;
            tags.push({
              tag: 'link',
              attrs: { rel: 'stylesheet', crossorigin: '', href: `${base}${css}` },
              injectTo: 'head',
            });
          }
        }
        return tags;
      },
    },
  };
}

const SHELL_MARK = '<!--app-shell-->';

/**
 * The modules the /home route module imports statically (itself left out, so it stays its own lazily loaded
 * chunk that index.html preloads), for one chunk group in vite.config.ts: left to the bundler they became a
 * dozen files under 2 KB each (shared with other lazy chunks), each a request on a phone's few connections
 * before the home could render. The set is read from the module graph when the build has parsed it.
 */
export function routeDependencies(routeModule: string): {
  plugin: Plugin;
  test: (id: string) => boolean;
} {
  const deps = new Set<string>();
  const plugin: Plugin = {
    name: 'portal:route-dependencies',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const root = ids.find((id) => id.replaceAll('\\', '/').endsWith(routeModule));
      if (!root) return this.error(`route-dependencies: no module ${routeModule}`);
      const walk = (id: string): void => {
        for (const dep of this.getModuleInfo(id)?.importedIds ?? []) {
          if (dep === root || deps.has(dep)) continue;
          deps.add(dep);
          walk(dep);
        }
      };
      walk(root);
    },
  };
  return {
    plugin,
    // The portal's own modules only: a library the home uses in part (date-fns) stays where the bundler puts
    // it, or the lazy chunks' parts of it would join the home's chunk; and the fact vocabulary, which the
    // home imports for types only (its descriptions are the analysts', docs/decisions/010-first-load.md).
    test: (id) => deps.has(id) && !id.includes('node_modules') && !id.endsWith('src/facts/vocabulary.ts'),
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
