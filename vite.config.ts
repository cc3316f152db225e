import { constants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import {
  bundledRuleHashes,
  firstPaint,
  preloadRoute,
  routeDependencies,
  validateConfigAtBuild,
} from './lib/vite-first-load';

// The built app is served by the sandbox server (sandbox/main.ts), which adds the strict CSP.
// `npm run dev` proxies the back-end paths to a running sandbox on SANDBOX_URL.
const sandbox = process.env.SANDBOX_URL ?? 'http://localhost:5173';

// The renderer of the build is Preact's compat layer (docs/decisions/010b-preact-compat.md): react-dom's
// 62 KB gzipped alone left the 140 KB first-load budget out of reach. Going back to React is removing this.
// `npm run dev` keeps React (its fast refresh); Vitest's component tests keep React too (vitest.config.ts).
const preactCompat = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  {
    find: /^use-sync-external-store\/shim$/,
    replacement: fileURLToPath(new URL('./src/ui/sync-external-store.ts', import.meta.url)),
  },
];

// React Router's package points every import at its development build (warnings, invariant messages);
// its production build is the same API without them. Used by `vite build` only.
const reactRouterProduction = [
  {
    find: /^react-router\/dom$/,
    replacement: fileURLToPath(
      new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url),
    ),
  },
  {
    find: /^react-router$/,
    replacement: fileURLToPath(
      new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
    ),
  },
];

// /home's route module and what it imports: preloaded by index.html, its imports in one chunk beside it.
const HOME_ROUTE = 'src/app/home-route.tsx';
const homeRouteDependencies = routeDependencies(HOME_ROUTE);

export default defineConfig(({ command }) => ({
  define: {
    __BUNDLED_RULE_HASHES__: JSON.stringify(bundledRuleHashes('rules')),
  },
  plugins: [
    react(),
    validateConfigAtBuild('config/portal.json'),
    firstPaint('config/portal.json'),
    preloadRoute(HOME_ROUTE),
    homeRouteDependencies.plugin,
    // Brotli and gzip siblings of every text asset, made once at build time at the highest levels; the
    // sandbox serves them by content negotiation (docs/decisions/008-server-on-fastify.md).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(html|css|js|mjs|json|svg|txt|webmanifest)$/,
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  resolve: {
    alias: [
      ...(command === 'build' ? [...preactCompat, ...reactRouterProduction] : []),
      // json-rules-engine's JSONPath dependency: unused by the rule format (src/engine/no-jsonpath.ts).
      {
        find: 'jsonpath-plus',
        replacement: fileURLToPath(new URL('./src/engine/no-jsonpath.ts', import.meta.url)),
      },
      // and its event emitter: the few methods it calls (src/engine/event-emitter.ts).
      {
        find: 'eventemitter2',
        replacement: fileURLToPath(new URL('./src/engine/event-emitter.ts', import.meta.url)),
      },
      // and its deep copy of each rule's conditions into every rule result (src/engine/condition-clone.ts).
      {
        find: /^clone$/,
        replacement: fileURLToPath(new URL('./src/engine/condition-clone.ts', import.meta.url)),
      },
      // and its fact-cache key hasher: the keys are plain JSON (src/engine/fact-hash.ts).
      {
        find: 'hash-it',
        replacement: fileURLToPath(new URL('./src/engine/fact-hash.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    // Maps are written for debugging but not referenced from the code; the server refuses them unless
    // SERVE_SOURCEMAPS=1 (they publish the source).
    sourcemap: 'hidden',
    // The bench reads which chunks /home needs from the manifest.
    manifest: true,
    // Under a strict CSP nothing may be inlined as a data: script.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the entry needs before anything renders, in one file (the bundler made three).
            { name: 'initial', tags: ['$initial'], priority: 2 },
            // What /home's route module needs beside it, in one file (the bundler made a dozen small ones).
            { name: 'home-deps', test: homeRouteDependencies.test, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5174,
    proxy: { '/Orch': sandbox, '/preauth': sandbox, '/sandbox': sandbox, '/rules': sandbox },
  },
}));
