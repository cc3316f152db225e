/**
 * Debian's Chromium, the full browser (CHROMIUM_PATH overrides where it is): what a customer runs, and what
 * Lighthouse and the phone bench measure (lib/bench-sandbox.ts), and what a headed qa:replay shows.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's chromium-headless-shell (CHROMIUM_HEADLESS_SHELL overrides where it is): the same Blink and V8
 * build without the browser's user interface, what Playwright itself runs for a headless test. The browser
 * tests, the rehearsal and a headless qa:replay use it: a page load there costs a third of the full browser's
 * CPU (0.36 s against 1.06 s for a signed-in home, 0.09 s against 0.44 s for a new context on this 2-core
 * kind), and the browser suite is CPU-bound (docs/decisions/043-browser-tests-on-the-headless-shell.md).
 * The binary itself, not /usr/bin's wrapper script, so that closing the browser ends the process.
 */
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL ?? '/usr/lib/chromium/chromium-headless-shell';

/** Without these, Chromium keeps dialing out on this machine's closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
