import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

// Vitest runs on the build's own Vite configuration (its plugins and, above all, its aliases: React Router's
// production build and json-rules-engine's stand-ins), so the tests run the very code that ships.
export default mergeConfig(
  viteConfig({ command: 'serve', mode: 'test', isSsrBuild: false, isPreview: false }),
  defineConfig({
    test: {
      // Transformed by Vite, so the aliases reach their own imports too (json-rules-engine's clone, emitter,
      // hash and JSONPath; react-router-dom's react-router), as in the build and the server's bundle.
      server: { deps: { inline: ['json-rules-engine', 'react-router', 'react-router-dom'] } },
      include: ['test/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
      exclude: ['test/e2e/**', 'node_modules/**'],
      environment: 'node',
      // A component test reaches no network: a frame's page (the studio's side-by-side preview) is not loaded.
      environmentOptions: { happyDOM: { settings: { navigation: { disableChildFrameNavigation: true } } } },
      setupFiles: ['test/setup.ts'],
      // Child processes, not threads (ADR 036, seventh part): the git, studio and server tests start git
      // and servers again and again, and each fork copies the page tables of the process that starts it. From one process holding three workers' heaps (threads), that fork and the copy-on-write
      // faults after it cost 160 s of kernel time in a run; from three smaller processes, 111 s. Measured one
      // after the other on one host: 238 s (292 s user, 160 s system) with threads, 204 s (285 s, 111 s) with
      // forks, all 2,756 tests passing in both.
      pool: 'forks',
      // Vitest's own default on a 2-core machine is one worker (cores - 1): the files ran one after another
      // while a core waited. Three on this 2-core kind: the git, studio and server tests wait on child
      // processes (git, a server, a worker thread), and a third worker uses that wait. Measured side by side
      // on one host: 191.6 s with two, 182.1 s with three (242 and 231 s in an earlier session); four were
      // slower (docs/decisions/036-runtime-config-and-test-time.md).
      maxWorkers: 3,
      // A worker keeps the modules it imported from one test file to the next instead of importing the app,
      // the engine and the server again for each of 172 files: 330 s -> 257 s on a quiet host, import time
      // 133 s -> 70 s. The files share no state through them: none mocks a module (vi.mock), stubs a global or
      // writes process.env, and each file gets its own environment (happy-dom document). A module-level cache
      // that leaked between files would show as an order-dependent failure: the whole suite passed this way.
      isolate: false,
      // A bound for a test that hangs, not for a slow one: it holds on a host four times slower than this
      // 2-core kind (issue 33), so a test doing seconds of work needs no limit of its own. Each test's work
      // is kept well under it instead: a test that repeats a check over generated input runs a sample
      // (test/support/sweep.ts; SWEEP=1 runs the whole), and a machine test fails at once with the state it
      // reached (test/machines/support/expect-state.ts), never on this limit.
      testTimeout: 120_000,
      hookTimeout: 120_000,
    },
  }),
);
