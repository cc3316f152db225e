import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import {
  bootFilesLeftOut,
  bootPreloads,
  bundledRuleHashes,
  firstPaint,
  IDLE_ENGINE,
  routeDependencies,
  validateConfigAtBuild,
} from './lib/vite-first-load';
import { compileHints } from './lib/vite-compile-hints';
import { eagerCommonJs } from './lib/vite-eager-cjs';
import { mobxLazyArrays } from './lib/vite-mobx-lazy-arrays';
import { lazyModuleIds } from './lib/vite-lazy-modules';

// The built app is served by the sandbox server (sandbox/main.ts), which adds the strict CSP.
// `npm run dev` proxies the back-end paths to a running sandbox on SANDBOX_URL.
const sandbox = process.env.SANDBOX_URL ?? 'http://localhost:5173';

// React Router's package points every import at its development build (warnings, invariant messages);
// its production build is the same API without them. Used everywhere (build, dev server, Vitest through
// vitest.config.ts), so the tests run the very code that ships.
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

// /home's route module and what it imports in one chunk beside it (the server preloads a page's chunks from the
// build's manifest: sandbox/page-render.ts).
const HOME_ROUTE = 'src/app/home-route.tsx';
const homeRouteDependencies = routeDependencies(
  HOME_ROUTE,
  /src\/(app\/[^/]+-route|features\/[^/]+\/route|features\/[^/]+\/routes\/[^/]+)\.tsx$/,
);

// What src/start.tsx imports of the portal's own modules, in one chunk: the last of the entry's pieces
// (src/main.tsx), whatever the home's route shares with it. What the entry itself imports stays in the entry,
// or the entry would import a group's chunk, and every piece with it, at once.
const startDependencies = routeDependencies('src/start.tsx', /$^/);
const bootFiles = bootFilesLeftOut();
/** What the entry itself imports (its yield, Vite's preload helper): in no group, so it stays in the entry. */
const entryOwn = (id: string): boolean => id.endsWith('src/yield-to-main.ts') || id.startsWith('\0');
const inStartChunk = (id: string): boolean => startDependencies.test(id) && !entryOwn(id);

/** The static files' compressed siblings, at the highest levels (made once, at build time). */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };
const GZIP = { level: 9 };

/**
 * The chunks of the entry's pieces (src/main.tsx), which every page load runs at start-up: compiled with their
 * download, off the main thread (lib/vite-compile-hints.ts).
 */
const BOOT_CHUNKS = ['index', 'react', 'mobx', 'router', 'start'];
/**
 * The chunks a page fetches when idle for a tap (warmWhenIdle, src/ui/when-idle.ts): compiled then, off the main
 * thread, so the tap's task does not compile the code it runs (the Share WiFi dialog's body and its QR encoder;
 * docs/decisions/054).
 */
const TAP_CHUNKS = ['ShareWifiBody'];

export default defineConfig(({ isSsrBuild }) => ({
  define: {
    __BUNDLED_RULE_HASHES__: JSON.stringify(bundledRuleHashes('rules')),
  },
  plugins: [
    lazyModuleIds(),
    react(),
    validateConfigAtBuild('config/portal.json'),
    firstPaint('config/portal.json'),
    bootPreloads(),
    bootFiles.plugin,
    eagerCommonJs(),
    mobxLazyArrays(),
    homeRouteDependencies.plugin,
    // The browser's start-up only (the server's render has no src/start.tsx).
    !isSsrBuild && startDependencies.plugin,
    // Brotli and gzip siblings of every text asset, made once at build time at the highest levels; the
    // sandbox serves them by content negotiation (docs/decisions/008-server-on-fastify.md).
    !isSsrBuild &&
      compression({
        algorithms: [defineAlgorithm('brotliCompress', BROTLI), defineAlgorithm('gzip', GZIP)],
        include: /\.(html|css|js|mjs|json|svg|txt|webmanifest)$/,
        threshold: 1024,
        logLevel: 'silent',
      }),
    // After the compression above: it makes the hinted chunks' siblings again from the hinted text.
    !isSsrBuild &&
      compileHints([...BOOT_CHUNKS, ...TAP_CHUNKS], {
        '.br': (text) => brotliCompressSync(text, BROTLI),
        '.gz': (text) => gzipSync(text, GZIP),
      }),
  ],
  resolve: {
    alias: [
      ...reactRouterProduction,
      // json-rules-engine's JSONPath dependency: unused by the rule format (src/engine/no-jsonpath.ts).
      {
        find: /^jsonpath-plus$/,
        replacement: fileURLToPath(new URL('./src/engine/no-jsonpath.ts', import.meta.url)),
      },
      // and its event emitter: the few methods it calls (src/engine/event-emitter.ts).
      {
        find: /^eventemitter2$/,
        replacement: fileURLToPath(new URL('./src/engine/event-emitter.ts', import.meta.url)),
      },
      // and its deep copy of each rule's conditions into every rule result (src/engine/condition-clone.ts).
      {
        find: /^clone$/,
        replacement: fileURLToPath(new URL('./src/engine/condition-clone.ts', import.meta.url)),
      },
      // and its fact-cache key hasher: the keys are plain JSON (src/engine/fact-hash.ts).
      {
        find: /^hash-it$/,
        replacement: fileURLToPath(new URL('./src/engine/fact-hash.ts', import.meta.url)),
      },
    ],
  },
  // The server's rendering bundle (src/entry-server.tsx, `vite build --ssr`) carries the libraries whose build
  // the aliases above change, so the server runs the code the browser runs; the rest stay node_modules'.
  ssr: { noExternal: ['json-rules-engine', 'react-router', 'react-router-dom'] },
  publicDir: isSsrBuild ? false : 'public',
  build: {
    outDir: isSsrBuild ? 'dist/server' : 'dist',
    // Maps are written for debugging but not referenced from the code; the server refuses them unless
    // SERVE_SOURCEMAPS=1 (they publish the source).
    sourcemap: 'hidden' as const,
    // The bench reads which chunks /home needs from the manifest.
    manifest: true,
    // Under a strict CSP nothing may be inlined as a data: script.
    assetsInlineLimit: 0,
    // No modulepreload polyfill: every browser the portal supports has <link rel="modulepreload"> (Chrome 66,
    // Safari 17, Firefox 115), and the polyfill's check ran in the entry's first task (docs/decisions/039).
    // Nor the start-up's files in the preload lists of later imports: they are in the page by then
    // (lib/vite-first-load.ts, bootFilesLeftOut).
    modulePreload: { polyfill: false, resolveDependencies: bootFiles.resolveDependencies },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The entry's pieces (src/main.tsx), each evaluated in a task of its own: React's renderer, MobX,
            // the router, and the start-up's own modules. Each piece's module (src/boot/*.ts) is in its
            // library's file: on its own it was a file of a hundred bytes that only imported that one, a request
            // more on every page load for nothing.
            {
              name: 'react',
              test: /node_modules\/(react|react-dom|scheduler)\/|src\/boot\/react\.ts$/,
              priority: 3,
            },
            {
              name: 'mobx',
              test: /node_modules\/(mobx|mobx-react-lite)\/|src\/boot\/mobx\.ts$/,
              priority: 3,
            },
            {
              name: 'router',
              test: /node_modules\/(react-router|react-router-dom|cookie|set-cookie-parser)\/|src\/boot\/router\.ts$/,
              priority: 3,
            },
            { name: 'start', test: inStartChunk, priority: 2, includeDependenciesRecursively: false },
            // The rules' loader and the engine a page fetches when idle (src/start.tsx: the next decision's), in
            // one file: the bundler made seven of them (the loader, the declarations, the fingerprint, the
            // rollout, its runtime, the compiled runtime, the vocabulary), seven requests after every page load.
            // The validator (src/engine/validate.ts) and the bundled copies stay apart: only a served file
            // that differs from its bundled copy, or a bundle that cannot be read, needs them.
            { name: 'engine', test: IDLE_ENGINE, priority: 1, includeDependenciesRecursively: false },
            // Real users' vitals (src/shell/vitals.ts) with the library it imports when idle: one request, not
            // two one after the other.
            {
              name: 'vitals',
              test: /src\/shell\/vitals\.ts$|node_modules\/web-vitals\//,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            // What /home's route module needs beside it, in one file (the bundler made a dozen small ones).
            // Not its modules' dependencies with them: those other pages share go to page-deps below, so a
            // signed-out page never downloads the home's cards.
            {
              name: 'home-deps',
              test: (id: string) => homeRouteDependencies.test(id) && !entryOwn(id),
              priority: 1,
              includeDependenciesRecursively: false,
            },
            // What the home's module shares with other pages' modules (flows, dialogs), in one file they share.
            {
              name: 'page-deps',
              test: (id: string) => homeRouteDependencies.sharedTest(id) && !entryOwn(id),
              priority: 1,
              includeDependenciesRecursively: false,
            },
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
