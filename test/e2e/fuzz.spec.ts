import { test as base, expect, type Page } from '@playwright/test';
import { FUZZ_PORT } from '../../playwright.config';
import { personaVariants, type Variant } from '../fuzz/persona-variants';
import { fuzzSettings } from '../fuzz/settings';

/**
 * The response fuzz: the portal survives any data. Persona variants generated from the schemas (empty,
 * huge, unicode and lone surrogates, RTL text, extreme dates and numbers, missing optional fields, repeated
 * rows; see test/fuzz/persona-variants.ts) are served by a sandbox of their own (FUZZ_PORT, written before it
 * starts by the web server entry in playwright.config.ts). Each variant is signed in once and several routes
 * are loaded; on every load:
 *  - no uncaught error, no console error from the app, no CSP violation (in the page and at the sandbox);
 *  - no account error view, unless the profile envelope itself says failure (then /home shows it);
 *  - no horizontal overflow at 375 px and at desktop width;
 *  - no broken display ('$-5.00', '$1e+308', 'Invalid Date', '[object Object]');
 *  - no part of a page given up by a render error (the issue log has no 'render' record).
 * One browser context per worker; the seed and the failing variant's mutations are printed for a replay
 * (`FUZZ_SEED=N npx playwright test test/e2e/fuzz.spec.ts`, or test/fuzz/write-personas.ts).
 */
const { seed, count } = fuzzSettings();
const variants = personaVariants({ seed, count });
const baseURL = `http://localhost:${FUZZ_PORT}`;

/** Routes beyond /home, spread over the variants so each route meets many of them. */
const ROUTES = [
  '/billing',
  '/paymentHistory',
  '/services',
  '/support',
  '/settings',
  '/settings/accountInfo',
  '/settings/notifications',
  '/connectedDevices',
  '/ModemDetails',
  '/broadbandFacts',
  '/services/phone',
  '/services/add-ons',
  '/outageNotification',
  '/messages',
  '/shop',
  '/contactus',
  '/Cancel-Services',
  '/callDetails',
  '/EditMailingAddress',
  '/AddAnAccountNumber',
];
const ROUTES_PER_VARIANT = 3;
const NARROW = { width: 375, height: 800 };
const WIDE = { width: 1280, height: 900 };
const ERROR_VIEW_TEXT = "We're unable to show your account info.";
/**
 * Text only a formatter can produce, never a value the fuzz injects: a minus after the dollar sign, an
 * exponent in an amount, an invalid date or object printed as such.
 */
const BROKEN_DISPLAY = /\$-|\$[\d,.]*e[+-]|\$(NaN|Infinity)|Invalid Date|\[object Object\]/;

/** /home, three routes in turn, and one of the variant's own detail pages (a bill, an invoice, a device). */
function routesOf(v: Variant, index: number): string[] {
  const picked = Array.from(
    { length: ROUTES_PER_VARIANT },
    (_, k) => ROUTES[(index * ROUTES_PER_VARIANT + k) % ROUTES.length]!,
  );
  const detail = v.detailPaths[index % Math.max(1, v.detailPaths.length)];
  return ['/home', ...picked, ...(detail ? [detail] : [])];
}

interface Watch {
  page: Page;
  problems: string[];
  inFlight: Set<unknown>;
}

const test = base.extend<object, { watch: Watch }>({
  watch: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ baseURL, viewport: WIDE });
      const page = await context.newPage();
      const watch: Watch = { page, problems: [], inFlight: new Set() };
      page.on('pageerror', (e) => watch.problems.push(`uncaught: ${e.message.slice(0, 300)}`));
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const text = msg.text();
        // Chromium reports an HTTP error status of a call as a console line of its own; the app validated
        // and logged that answer, it did not fail. Everything else the app prints as an error is a failure.
        if (/^Failed to load resource/.test(text)) return;
        watch.problems.push(`console: ${text.slice(0, 300)}`);
      });
      // A call counts as answered when its response arrives: the app acts on the status, and a server that
      // refuses a request may close the connection without ever finishing the body.
      page.on('request', (r) => watch.inFlight.add(r));
      page.on('response', (r) => watch.inFlight.delete(r.request()));
      page.on('requestfinished', (r) => watch.inFlight.delete(r));
      page.on('requestfailed', (r) => watch.inFlight.delete(r));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          console.error(`CSP violation (${e.violatedDirective}): ${e.blockedURI}`);
        });
      });
      await use(watch);
      await context.close();
    },
    { scope: 'worker' },
  ],
});

/** The page has finished loading: the overlay is gone and no request has been under way for a moment. */
async function quiet(watch: Watch): Promise<void> {
  const { page } = watch;
  await expect(page.getByText('Please wait while we retrieve your account information.')).toHaveCount(0, {
    timeout: 15_000,
  });
  let calm = 0;
  for (let waited = 0; calm < 2 && waited < 10_000; waited += 100) {
    calm = watch.inFlight.size === 0 ? calm + 1 : 0;
    await page.waitForTimeout(100);
  }
}

/** Widest content against the viewport, at the current width. */
async function overflow(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const { scrollWidth } = document.documentElement;
    return scrollWidth > window.innerWidth ? `${scrollWidth} px wide at ${window.innerWidth} px` : null;
  });
}

async function issues(page: Page): Promise<Array<{ page?: string; operation?: string; message?: string }>> {
  const r = await page.request.get('/sandbox/session');
  return (
    ((await r.json()) as { issues?: Array<{ page?: string; operation?: string; message?: string }> })
      .issues ?? []
  );
}

const pageLoads = variants.reduce((n, v, i) => n + routesOf(v, i).length, 0);
const fieldsMutated = variants.reduce((n, v) => n + v.mutations.length, 0);

test.describe(`the portal survives any data (response fuzz, seed ${seed}: ${variants.length} variants, ${fieldsMutated} fields mutated, ${pageLoads} page loads)`, () => {
  test.describe.configure({ mode: 'parallel' });

  variants.forEach((v, index) => {
    test(`${v.id} from ${v.base}: no page error, no error view from one field, no overflow`, async ({
      watch,
    }, info) => {
      const { page } = watch;
      info.annotations.push({ type: 'seed', description: String(seed) });
      info.annotations.push({ type: 'mutations', description: v.mutations.join('; ') });
      watch.problems.length = 0;
      const failures: string[] = [];
      const routes = routesOf(v, index);

      await page.goto(
        `/sandbox/signin?${new URLSearchParams({ persona: v.id, redirect: routes[0]! }).toString()}`,
      );
      for (const [i, route] of routes.entries()) {
        if (i > 0) await page.goto(route);
        await quiet(watch);
        const errorViews = await page.getByText(ERROR_VIEW_TEXT).count();
        if (v.profileFailure && route === '/home' && errorViews === 0)
          failures.push(`${route}: the profile envelope says failure, but no error view`);
        if (!v.profileFailure && errorViews > 0) failures.push(`${route}: account error view`);
        const shown = BROKEN_DISPLAY.exec(await page.locator('body').innerText());
        if (shown) failures.push(`${route}: prints '${shown[0]}'`);
        const wide = await overflow(page);
        if (wide) failures.push(`${route}: overflow ${wide}`);
        await page.setViewportSize(NARROW);
        const narrow = await overflow(page);
        if (narrow) failures.push(`${route}: overflow ${narrow}`);
        await page.setViewportSize(WIDE);
        for (const p of watch.problems.splice(0)) failures.push(`${route}: ${p}`);
      }
      const renderIssues = (await issues(page)).filter((r) => r.operation === 'render');
      for (const r of renderIssues) failures.push(`render failure logged on ${r.page}: ${r.message}`);
      const csp = (await (await page.request.get('/sandbox/csp-reports')).json()) as { reports?: unknown[] };
      if ((csp.reports ?? []).length > 0)
        failures.push(`CSP reports at the sandbox: ${JSON.stringify(csp.reports)}`);

      if (failures.length > 0) {
        console.log(
          `fuzz failure, replay with FUZZ_SEED=${seed} FUZZ_VARIANTS=${count}: ${v.id} (from ${v.base})\n` +
            `  mutations: ${v.mutations.join('; ')}\n  persona file: .tmp/fuzz-personas-${FUZZ_PORT}/${v.id}.json`,
        );
      }
      expect(failures, `${v.id} from ${v.base}, seed ${seed}; mutations: ${v.mutations.join('; ')}`).toEqual(
        [],
      );
    });
  });
});
