/**
 * The server's build (docs/decisions/025): sandbox/main.ts and everything it imports from this repository
 * (server/, sandbox/, lib/, src/) bundled into dist/server/main.js for `node`, so a release runs without tsx
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
    ssr: 'sandbox/main.ts',
    outDir: 'dist/server',
    // The client's build and the page renderer's live beside it in dist/.
    emptyOutDir: false,
    target: 'node20',
    sourcemap: true,
    minify: false,
    rollupOptions: {
      output: { entryFileNames: 'main.js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
