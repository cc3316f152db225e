import { defineConfig, devices } from '@playwright/test';

// Browser tests drive Debian's Chromium (installed by scripts/ensure-chromium.sh) against the very server
// `npm start` runs: the built portal plus the embedded sandbox.
const PORT = Number(process.env.E2E_PORT ?? 5199);
const RULES_DIR_ALT = 'test/e2e/fixtures/rules-edited';

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Without these, Chromium keeps dialing out on this machine's closed network.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: `PORT=${PORT} npx tsx sandbox/main.ts`,
      url: `http://localhost:${PORT}/sandbox/signin`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // A second server over an edited copy of the rules proves an analyst's edit shows without a rebuild.
      command: `PORT=${PORT + 1} RULES_DIR=${RULES_DIR_ALT} npx tsx sandbox/main.ts`,
      url: `http://localhost:${PORT + 1}/sandbox/signin`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
