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
      // Some tests render every persona or run the rule tools as a child process: on a busy 2-core machine
      // they take seconds. A generous limit keeps them from failing on load; no test asserts a duration.
      testTimeout: 30_000,
    },
  }),
);
