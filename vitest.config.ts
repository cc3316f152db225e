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
      setupFiles: ['test/setup.ts'],
      pool: 'threads',
      // Vitest's own default on a 2-core machine is one worker (cores - 1): the files ran one after another
      // while a core waited. Two keep both cores busy (docs/decisions/036-runtime-config-and-test-time.md).
      maxWorkers: 2,
      // Twice Vitest's default, for a machine busy with other work. The few tests that do seconds of work by
      // design (json-rules-engine over hundreds of accounts, every persona's preview, git commits) say so and
      // ask for more, 60 s at most; a machine test fails at once with the state it reached
      // (test/machines/support/expect-state.ts), never on this limit.
      testTimeout: 10_000,
    },
  }),
);
