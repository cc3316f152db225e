import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['test/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    setupFiles: ['test/setup.ts'],
    pool: 'threads',
    // Some tests render every persona or run the rule tools as a child process: on a busy 2-core machine
    // they take seconds. A generous limit keeps them from failing on load; no test asserts a duration.
    testTimeout: 30_000,
  },
});
