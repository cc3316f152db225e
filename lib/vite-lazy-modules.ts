/**
 * Tells each lazily loaded home card which module it is (docs/decisions/037-react-server-rendering.md): the
 * server renders a decided card's markup, so the page must also carry that card's styles and code before
 * the browser runs any script, or the card paints unstyled and moves when its stylesheet arrives.
 *
 * `lazySection(() => import('./BillingInfo')…)` becomes
 * `lazySection.from('src/features/billing/BillingInfo.tsx')(() => import('./BillingInfo')…)`: the name the
 * build's manifest gives the module, which the server turns into `<link>` tags (sandbox/page-render.ts).
 * It runs in every build, in the dev server and in Vitest alike, so what the tests run is what ships.
 */
import { relative } from 'node:path';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

const LAZY_CARD = /\blazySection\(\s*\(\)\s*=>\s*import\(\s*(['"])([^'"]+)\1\s*\)/g;

export function lazyModuleIds(): Plugin {
  let root = process.cwd();
  return {
    name: 'portal:lazy-module-ids',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    async transform(code, id) {
      const file = id.split('?')[0]!;
      if (file.includes('/node_modules/') || !/\.tsx?$/.test(file) || !code.includes('lazySection('))
        return null;
      // Its own module's comments show the form.
      if (file.endsWith('/src/ui/lazy-section.tsx')) return null;
      const out = new MagicString(code);
      for (const match of code.matchAll(LAZY_CARD)) {
        const resolved = await this.resolve(match[2]!, id);
        if (!resolved) return this.error(`${file}: lazySection cannot find ${match[2]}`);
        const module = relative(root, resolved.id.split('?')[0]!).replaceAll('\\', '/');
        const start = match.index;
        out.overwrite(start, start + 'lazySection('.length, `lazySection.from(${JSON.stringify(module)})(`);
      }
      return out.hasChanged()
        ? { code: out.toString(), map: out.generateMap({ hires: true, source: id }) }
        : null;
    },
  };
}
