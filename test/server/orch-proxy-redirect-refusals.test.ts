/**
 * A redirect of Orch's off the allowlist is refused on every call (orch-proxy-redirect.test.ts), but logged at
 * warn when such refusals start for a call and target, not on every call (decision 041: a warn line when an
 * outage starts): the calls after it at info, a warn again once the call was answered and passed in between
 * or once REFUSAL_WARN_INTERVAL_MS passed (a clock the test moves), and every refusal counted on /metrics.
 * What is remembered is bounded.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortalServer, type PortalServer } from '../../server/app';
import {
  MAX_REFUSALS_KEPT,
  REFUSAL_WARN_INTERVAL_MS,
  RedirectRefusals,
} from '../../server/plugins/orch-proxy';
import { makeDist } from '../sandbox/harness';
import { INFO, LogLines, WARN } from '../support/log-lines';

/** A log that keeps each line's level, message and fields. */
function recorder(): { log: FastifyBaseLogger; lines: { level: string; msg: string; obj: object }[] } {
  const lines: { level: string; msg: string; obj: object }[] = [];
  const at =
    (level: string) =>
    (obj: object, msg: string): void =>
      void lines.push({ level, msg, obj });
  return { log: { warn: at('warn'), info: at('info') } as unknown as FastifyBaseLogger, lines };
}

describe('RedirectRefusals', () => {
  const fields = (call: string, target = 'https://evil.example') => ({ call, target, upstream: 'orch' });

  it('warns when refusals of a call and target start, then at info, again after the interval or a pass', () => {
    let now = 1_000_000;
    const { log, lines } = recorder();
    const refusals = new RedirectRefusals(log, () => now);
    const levels = (): string[] => lines.splice(0).map((l) => l.level);
    for (let i = 0; i < 3; i++) refusals.refused(fields('/Orch/a'), 'refused');
    expect(levels()).toEqual(['warn', 'info', 'info']);
    // Another target of the same call, another call: each starts its own.
    refusals.refused(fields('/Orch/a', 'https://other.example'), 'refused');
    refusals.refused(fields('/Orch/b'), 'refused');
    expect(levels()).toEqual(['warn', 'warn']);
    // Still within the interval: info; past it, warn again, saying how many were refused since.
    now += REFUSAL_WARN_INTERVAL_MS - 1;
    refusals.refused(fields('/Orch/a'), 'refused');
    now += 1;
    refusals.refused(fields('/Orch/a'), 'refused');
    expect(lines.map((l) => l.level)).toEqual(['info', 'warn']);
    expect(lines[1]!.obj).toMatchObject({ refusedSinceWarn: 4 });
    lines.length = 0;
    // Answered and passed: its refusals end (at info, each target's), and the next one warns.
    refusals.passed('/Orch/a', 'orch');
    expect(lines.splice(0).map((l) => [l.level, l.msg])).toEqual([
      ['info', "Orch's answer to /Orch/a is passed to the browser again, after 1 redirect(s) refused"],
      ['info', "Orch's answer to /Orch/a is passed to the browser again, after 1 redirect(s) refused"],
    ]);
    refusals.passed('/Orch/a', 'orch');
    expect(lines).toEqual([]);
    refusals.refused(fields('/Orch/a'), 'refused');
    expect(levels()).toEqual(['warn']);
  });

  it('keeps at most MAX_REFUSALS_KEPT calls and targets, forgetting expired ones first', () => {
    let now = 0;
    const { log, lines } = recorder();
    const refusals = new RedirectRefusals(log, () => now);
    for (let i = 0; i < MAX_REFUSALS_KEPT + 50; i++) refusals.refused(fields(`/Orch/junk/${i}`), 'refused');
    expect(refusals.size).toBe(MAX_REFUSALS_KEPT);
    // Beyond the bound: counted by the caller, logged at info, not kept (the warn lines are MAX_REFUSALS_KEPT).
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(MAX_REFUSALS_KEPT);
    expect(lines.filter((l) => l.level === 'info')).toHaveLength(50);
    // Once their warn lines expire, a new one has room again.
    now += REFUSAL_WARN_INTERVAL_MS;
    lines.length = 0;
    refusals.refused(fields('/Orch/new'), 'refused');
    expect(lines.map((l) => l.level)).toEqual(['warn']);
    expect(refusals.size).toBe(1);
  });
});

describe("the Orch proxy's log and count of refused redirects", () => {
  let orch: Server;
  let portal: PortalServer;
  const log = new LogLines();
  /** What Orch answers /Orch/flaky: a redirect off the allowlist, or a page. */
  let redirects = true;

  beforeAll(async () => {
    orch = createServer((_req, res) => {
      if (redirects) res.writeHead(302, { location: 'https://evil.example/phish?token=secret' }).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((ok) => orch.listen(0, '127.0.0.1', ok));
    portal = createPortalServer({
      upstream: `http://127.0.0.1:${(orch.address() as AddressInfo).port}`,
      distDir: makeDist(),
      allowedHosts: ['portal.example'],
      logger: { level: 'info', stream: log },
      onRulesProblem: () => undefined,
    });
  });
  afterAll(async () => {
    await portal.close(0);
    await new Promise((ok) => (orch.closeAllConnections(), orch.close(ok)));
  });

  const get = async (): Promise<number> =>
    (await portal.app.inject({ url: '/Orch/flaky?x=1', headers: { host: 'portal.example' } })).statusCode;
  const refusalLines = (level: number): number =>
    log.records(level).filter((r) => String(r.msg).startsWith('Orch redirected off the allowlist')).length;

  it('warns once while refusals go on, again after an answer passed, and counts each refusal', async () => {
    for (let i = 0; i < 3; i++) expect(await get()).toBe(502);
    expect(refusalLines(WARN)).toBe(1);
    expect(refusalLines(INFO)).toBe(2);
    redirects = false;
    expect(await get()).toBe(200);
    expect(log.at(INFO)).toContain(
      "Orch's answer to /Orch/flaky is passed to the browser again, after 3 redirect(s) refused",
    );
    redirects = true;
    expect(await get()).toBe(502);
    expect(refusalLines(WARN)).toBe(2);
    const text = await portal.metrics.text();
    expect(text).toMatch(
      /^portal_upstream_redirects_refused_total\{call="\/Orch\/flaky",reason="origin"\} 4$/m,
    );
    // Each is still an error of the call (decision 041's table), as before.
    expect(text).toMatch(/^portal_upstream_requests_total\{call="\/Orch\/flaky",outcome="error"\} 4$/m);
    expect(log.text.join('\n')).not.toContain('secret');
  });
});
