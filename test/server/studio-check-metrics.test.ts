/**
 * The studio's checks are counted by how they ended (decision 041: what an operator needs to see an outage),
 * time-outs and aborts included: portal_studio_checks_total{check, outcome} on the server's /metrics, for
 * the checker the server was given as for the one it makes. The worker here
 * (test/support/hanging-check.worker.mjs) answers at once, finds a problem, fails, or spins for ever, as the
 * files it is given say. Each wait is for an answer or the checker's 'end' event.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortalServer, type PortalServer } from '../../server/app';
import { createStudioChecker, type StudioChecker } from '../../server/studio/studio-check';
import { copyRules, makeDist } from '../sandbox/harness';
import { tmp } from '../support/git-dirs';
import { analystIdentity } from '../support/portal';

/** The markers the test worker reads (spelled the same in hanging-check.worker.mjs). */
const HANG = '"__a check that never ends__"';
const PROBLEM = '"__a check that finds a problem__"';
const THROW = '"__a check that fails__"';
const WORKER = new URL('../support/hanging-check.worker.mjs', import.meta.url).href;
const FILE = 'prepaid-card.json';

let portal: PortalServer;
let checker: StudioChecker;
let headers: Record<string, string>;
/** The checker's 'end' events so far, and the waits for a number of them. */
let ends = 0;
const waits: { n: number; resolve: () => void }[] = [];

/** Resolves once the checker has told `n` checks' ends in all. */
function ended(n: number): Promise<void> {
  return ends >= n ? Promise.resolve() : new Promise((resolve) => waits.push({ n, resolve }));
}

beforeAll(async () => {
  checker = createStudioChecker({ workerFile: WORKER, timeoutMs: 1_000 });
  checker.events.on('end', () => {
    ends++;
    for (const w of waits.filter((x) => ends >= x.n)) {
      waits.splice(waits.indexOf(w), 1);
      w.resolve();
    }
  });
  portal = createPortalServer({
    // Never called: the studio's preview asks the checks only.
    upstream: 'http://127.0.0.1:9',
    distDir: makeDist(),
    rulesDir: copyRules(),
    studio: { gitDir: join(tmp('studio-metrics-'), 'history.git'), checker },
    onRulesProblem: () => undefined,
  });
  await portal.app.ready();
  const analyst = portal.sessions.signInAnalyst(undefined, analystIdentity('ana', { author: true }));
  headers = {
    cookie: `studio_sid=${analyst.id}`,
    'x-csrf-token': analyst.csrf ?? '',
    'content-type': 'application/json',
  };
});
afterAll(async () => {
  await portal.close(0);
  await checker.close();
});

/** A preview of a draft whose rule file is `text`: its status. */
async function preview(text: string): Promise<number> {
  const res = await portal.app.inject({
    method: 'POST',
    url: '/studio/api/preview',
    headers,
    payload: { persona: 'postpaid', files: { [FILE]: text } },
  });
  return res.statusCode;
}

/** portal_studio_checks_total's samples on /metrics, by `check/outcome`. */
async function counted(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const sample = /^portal_studio_checks_total\{check="(\w+)",outcome="(\w+)"\} (\d+)$/gm;
  for (const [, check, outcome, n] of (await portal.metrics.text()).matchAll(sample))
    out[`${check}/${outcome}`] = Number(n);
  return out;
}

describe("the server's count of studio checks", () => {
  it('counts each check by how it ended: ok, invalid, error, timeout and aborted', async () => {
    expect(await preview('{}')).toBe(200);
    expect(await preview(PROBLEM)).toBe(422);
    expect(await preview(THROW)).toBe(500);
    // Passes the checker's 1 s bound: ended with its thread, answered 503.
    expect(await preview(HANG)).toBe(503);
    await ended(4);
    // A change's check its request gives up on while it runs.
    const gaveUp = new AbortController();
    const started = new Promise((resolve) => checker.events.once('start', resolve));
    const hung = checker.check({ [FILE]: HANG }, [FILE], { signal: gaveUp.signal }).catch((e: Error) => e);
    await started;
    gaveUp.abort();
    expect(await hung).toBeInstanceOf(Error);
    await ended(5);
    expect(await counted()).toEqual({
      'draft_rules/ok': 1,
      'draft_rules/invalid': 1,
      'draft_rules/error': 1,
      'draft_rules/timeout': 1,
      'change/aborted': 1,
    });
  });
});
