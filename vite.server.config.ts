/**
 * The portal server's build (docs/decisions/025, 040): server/main.ts (which sets NODE_ENV before anything
 * loads) and server/serve.ts with everything it imports from this repository (server/, lib/, src/) bundled
 * into dist/server/main.js and serve.js for `node`, and the studio's check worker into
 * dist/server/studio-check.worker.js, so a release runs without tsx
 * or TypeScript. Packages stay imports (Vite's SSR build leaves node_modules external): a production
 * install (`npm ci --omit=dev`, or `npm prune --omit=dev`) must provide each of them, which
 * test/server/serve-build.test.ts proves.
 *
 * What the rule studio's checks read from the portal's code (the constants and toggles it uses) is scanned
 * here, at build time, and compiled in: a release has no src/ to scan.
 */
import { defineConfig } from 'vite';
import { checkContext } from './lib/rules-files';

export default defineConfig({
  define: {
    __PORTAL_CHECK_CONTEXT__: JSON.stringify(checkContext()),
  },
  publicDir: false,
  build: {
    // The studio's check worker is a file of its own beside the server (sandbox/studio-check.ts loads
    // ./studio-check.worker.js from the module that starts the pool, which is main.js).
    ssr: true,
    outDir: 'dist/server',
    // The client's build and the page renderer's live beside it in dist/.
    emptyOutDir: false,
    target: 'node20',
    sourcemap: true,
    minify: false,
    rolldownOptions: {
      input: {
        main: 'server/main.ts',
        serve: 'server/serve.ts',
        'studio-check.worker': 'server/studio/studio-check.worker.ts',
      },
      output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
