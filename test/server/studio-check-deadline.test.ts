/**
 * Every studio check has a deadline (docs/decisions/041 and 042: every wait has a bound, a clear answer when
 * it passes, nothing left running, a warn line when an outage starts): a check that passes its bound is
 * answered 503 naming it and is ended, one whose request gave up is ended at once, and in either case the
 * next check is answered instead of queuing behind it. The worker here (test/support/hanging-check.worker.mjs)
 * runs a synchronous loop that never ends for files holding HANG, as a pathological check would: only ending
 * its thread stops it. Each wait is for an event (an answer, the checker's 'start' and 'end'), bounded by
 * `within` far above what it takes, so a slow host passes and a hang fails with its name.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AnalystSessions } from '../../server/analyst-sessions';
import { loadPersonas } from '../../server/personas';
import studioPlugin from '../../server/plugins/studio';
import { RulesCache } from '../../server/rules-cache';
import { readStudioConfig } from '../../server/studio/studio';
import { createStudioChecker, type StudioChecker } from '../../server/studio/studio-check';
import { RepoError } from '../../server/studio/studio-op';
import { RulesRepo } from '../../server/studio/studio-repo';
import { copyRules, makeDist } from '../sandbox/harness';
import { analystIdentity } from '../support/portal';
import { appWith } from './harness';

/** The marker the test worker spins on (spelled the same in hanging-check.worker.mjs). */
const HANG = '"__a check that never ends__"';
const WORKER = new URL('../support/hanging-check.worker.mjs', import.meta.url).href;
/** A rule file of the studio's (the test worker reads nothing but the marker). */
const FILE = 'prepaid-card.json';

/** Far above any answer here: what a hang costs a test before it fails with its name. */
const BOUND_MS = 30_000;

/** `p`, or a failure naming `what` once BOUND_MS pass: a test fails on a hang rather than waiting for it. */
function within<T>(p: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${BOUND_MS / 1000} s`)), BOUND_MS);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** What the checker logs, by level. */
class Log {
  readonly lines: { level: 'warn' | 'info'; msg: string; obj: object }[] = [];
  warn(obj: object, msg: string): void {
    this.lines.push({ level: 'warn', msg, obj });
  }
  info(obj: object, msg: string): void {
    this.lines.push({ level: 'info', msg, obj });
  }
  at(level: 'warn' | 'info'): string[] {
    return this.lines.filter((l) => l.level === level).map((l) => l.msg);
  }
}

/** The next `name` event of the checker (its 'start' or 'end'). */
const next = (checker: StudioChecker, name: 'start' | 'end'): Promise<unknown> =>
  new Promise((resolve) => checker.events.once(name, resolve));

/** Why `p` failed (it must). */
async function failure(p: Promise<unknown>, what: string): Promise<Error> {
  const outcome = await within(
    p.then(
      () => undefined,
      (e: unknown) => e as Error,
    ),
    what,
  );
  if (!outcome) throw new Error(`${what}: answered, but it should have failed`);
  return outcome;
}

const closing: StudioChecker[] = [];
afterEach(async () => {
  for (const c of closing.splice(0)) await c.close();
});

function checkerOf(timeoutMs: number, log = new Log()): { checker: StudioChecker; log: Log } {
  const checker = createStudioChecker({ workerFile: WORKER, timeoutMs, log });
  closing.push(checker);
  return { checker, log };
}

describe('a studio check has a deadline', () => {
  it('ends a check that passes its bound with 503 naming it, warns once, and answers the next', async () => {
    const { checker, log } = checkerOf(1_000);
    // A thread ready first: the check that hangs runs in it (not still waiting for a thread) when it is ended.
    expect(await within(checker.check({ [FILE]: '{}' }, [FILE]), 'the first check')).toEqual([]);
    for (const n of [1, 2]) {
      const e = await failure(checker.check({ [FILE]: HANG }, [FILE]), `hanging check ${n}`);
      expect(e).toBeInstanceOf(RepoError);
      expect((e as RepoError).status).toBe(503);
      expect(e.message).toBe(
        'The checks of this change did not finish within 1 s: nothing was saved. Try again in a moment',
      );
    }
    // The thread that spun was ended: the next check (another text: not an answer kept) is answered.
    expect(await within(checker.check({ [FILE]: '{ }' }, [FILE]), 'the check after')).toEqual([]);
    // One outage: warn when it started, info for the check that passed its bound during it, info at its end.
    expect(log.at('warn')).toEqual([
      'A studio check (the checks of a change) did not finish within 1 s: it was ended and its worker thread replaced',
    ]);
    expect(log.at('info')).toEqual([
      expect.stringMatching(/^A studio check \(the checks of a change\) did not finish within 1 s: /),
      expect.stringMatching(/^Studio checks finish again, after \d+ s$/),
    ]);
  });

  it('ends a running check when the request waiting for it gives up, so the next one runs', async () => {
    // A bound no test reaches: only the request's giving up ends the check.
    const { checker, log } = checkerOf(600_000);
    expect(await within(checker.check({ [FILE]: '{}' }, [FILE]), 'the first check')).toEqual([]);
    const gaveUp = new AbortController();
    const started = next(checker, 'start');
    const hung = checker.check({ [FILE]: HANG }, [FILE], { signal: gaveUp.signal });
    await within(started, 'the hanging check handed to the worker');
    // The thread was ready: the check is under way in it (not queued) when its request gives up.
    const ended = next(checker, 'end');
    gaveUp.abort();
    await failure(hung, 'the check its request gave up');
    await within(ended, 'the hanging check ended');
    expect(await within(checker.check({ [FILE]: '{ }' }, [FILE]), 'the check after')).toEqual([]);
    expect(log.at('warn')).toEqual([]);
    expect(log.at('info')).toEqual([
      'A studio check (the checks of a change) no request waits for any more was ended: its worker thread was replaced',
    ]);
  });

  it('keeps a check two requests wait for until both have given up', async () => {
    const { checker } = checkerOf(600_000);
    expect(await within(checker.check({ [FILE]: '{}' }, [FILE]), 'the first check')).toEqual([]);
    const [first, second] = [new AbortController(), new AbortController()];
    let starts = 0;
    let ends = 0;
    checker.events.on('start', () => void starts++);
    checker.events.on('end', () => void ends++);
    const started = next(checker, 'start');
    const a = checker.check({ [FILE]: HANG }, [FILE], { signal: first.signal });
    const b = checker.check({ [FILE]: HANG }, [FILE], { signal: second.signal });
    await within(started, 'the shared check handed to the worker');
    first.abort();
    await failure(a, 'the first request, given up');
    // Every callback of the abort has run (a macrotask after it): the check goes on for the second request.
    await new Promise((resolve) => setImmediate(resolve));
    expect({ starts, ends }).toEqual({ starts: 1, ends: 0 });
    const ended = next(checker, 'end');
    second.abort();
    await failure(b, 'the second request, given up');
    await within(ended, 'the shared check ended');
    expect({ starts, ends }).toEqual({ starts: 1, ends: 1 });
  });

  it("bounds the draft's check and the checks' context too, each named in its answer", async () => {
    const { checker } = checkerOf(1_000);
    const draft = await failure(checker.draftRules({ [FILE]: HANG }), "the draft's check");
    expect(draft).toMatchObject({
      status: 503,
      message: "The check of the draft's rules did not finish within 1 s: try again in a moment",
    });
    const context = await failure(checker.context(), "the checks' context");
    expect(context).toMatchObject({
      status: 503,
      message: "The checks' knowledge of the code did not load within 1 s: try again in a moment",
    });
    expect(await within(checker.draftRules({ [FILE]: '{}' }), 'the draft after')).toEqual({
      rules: {},
      problems: [],
    });
  });
});

describe("the studio's requests when a check does not end", () => {
  const store = new AnalystSessions();
  const open: { app: FastifyInstance; checker: StudioChecker }[] = [];
  let headers: Record<string, string>;

  /** The studio on a copy of the rules, with the test worker's checks bounded at `checkMs`. */
  async function studio(checkMs: number, requestMs: number, log = new Log()) {
    const dir = copyRules();
    const checker = createStudioChecker({ workerFile: WORKER, timeoutMs: checkMs, log });
    const repo = new RulesRepo(dir, join(mkdtempSync(join(tmpdir(), 'studio-check-')), 'history.git'), {
      requestTimeoutMs: requestMs,
    });
    const app = await appWith(
      (root) =>
        void root.register(studioPlugin, {
          config: { ...readStudioConfig(), requireApproval: true },
          repo,
          rules: new RulesCache(dir, { onProblem: () => undefined }),
          personas: loadPersonas(),
          today: () => new Date(2025, 2, 10, 12),
          distDir: makeDist(),
          checker,
        }),
      { store },
    );
    open.push({ app, checker });
    return { app, repo, log };
  }

  beforeAll(() => {
    const analyst = store.signInAnalyst(undefined, analystIdentity('ana', { author: true }));
    headers = {
      cookie: `studio_sid=${analyst.id}`,
      'x-csrf-token': analyst.csrf ?? '',
      'content-type': 'application/json',
    };
  });
  afterAll(async () => {
    for (const { app, checker } of open) {
      await app.close();
      await checker.close();
    }
  });

  it('answers a save whose deadline passed in its check 503, ends that check, and saves the next', async () => {
    // The checks' own bound is out of reach: only the request's giving up (its deadline) ends the check.
    const { app, repo } = await studio(600_000, 6_000);
    const save = async (text: string, reason: string) =>
      app.inject({
        method: 'POST',
        url: '/studio/api/changes',
        headers,
        payload: { reason, base: (await repo.live()).commit, files: { [FILE]: text } },
      });
    const live = (await repo.live()).files[FILE]!;
    const hung = await within(
      save(`${live.trimEnd()}\n${HANG}\n`, 'a change whose check never ends'),
      'save',
    );
    expect(hung.statusCode).toBe(503);
    expect(hung.json()).toEqual({
      error: 'The checks of this change did not finish within 6 s: nothing was saved. Try again in a moment',
    });
    // Its check was ended with its answer: the next save's check runs at once, within the same deadline.
    const saved = await within(save(`${live}\n`, 'a change checked after it'), 'the next save');
    expect(saved.statusCode, saved.body).toBe(201);
  });

  it('answers a preview whose check passes its bound 503, warns, and answers the next preview', async () => {
    const { app, log } = await studio(1_000, 60_000);
    const preview = (text: string) =>
      app.inject({
        method: 'POST',
        url: '/studio/api/preview',
        headers,
        payload: { persona: 'postpaid', files: { [FILE]: text } },
      });
    const hung = await within(preview(HANG), 'preview');
    expect(hung.statusCode).toBe(503);
    expect(hung.json()).toEqual({
      error: "The check of the draft's rules did not finish within 1 s: try again in a moment",
    });
    expect(log.at('warn')).toEqual([
      "A studio check (the check of a draft's rules) did not finish within 1 s: it was ended and its worker thread replaced",
    ]);
    const after = await within(preview('{}'), 'the next preview');
    expect(after.statusCode, after.body).toBe(200);
  });

  it("answers the studio's opening 503 when the checks' context does not load within the bound", async () => {
    const { app } = await studio(1_000, 60_000);
    const res = await within(app.inject({ url: '/studio/api/rules', headers }), 'the rules');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: "The checks' knowledge of the code did not load within 1 s: try again in a moment",
    });
  });
});
