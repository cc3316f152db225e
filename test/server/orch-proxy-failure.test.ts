import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server, type Socket } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { createPortalServer, type PortalServer } from '../../server/app';
import { makeDist } from '../sandbox/harness';
import { INFO, LogLines, WARN } from '../support/log-lines';

/**
 * Issue 29 item 1: a call Orch does not answer ends within the proxy's deadline with 504, one whose connection
 * Orch refuses at once with 502, each saying what failed, counted by outcome on /metrics; the outage is logged
 * at warn once when it starts and at info when it ends.
 */

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) await o.close();
});

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
}

function portal(upstream: string, log: LogLines, timeoutMs = 15_000): PortalServer {
  const p = createPortalServer({
    upstream,
    distDir: makeDist(),
    upstreamTimeoutMs: timeoutMs,
    logger: { level: 'info', stream: log },
    onRulesProblem: () => undefined,
  });
  open.push({ close: () => p.close(0) });
  return p;
}

describe('the Orch proxy when Orch fails', () => {
  it('answers 504 once the deadline passes for an Orch that accepts and never answers', async () => {
    const sockets: Socket[] = [];
    const hanging = createServer((s) => sockets.push(s));
    const port = await listen(hanging);
    open.push({ close: () => (sockets.forEach((s) => s.destroy()), new Promise((r) => hanging.close(r))) });
    const log = new LogLines();
    const p = portal(`http://127.0.0.1:${port}`, log, 300);
    const res = await p.app.inject('/Orch/dssh/homeEarlyInit');
    expect(res.statusCode).toBe(504);
    expect(res.json()).toEqual({ error: 'Orch did not answer within 0.3 s' });
    const metrics = await p.metrics.text();
    expect(metrics).toMatch(
      /^portal_upstream_requests_total\{call="\/Orch\/dssh\/homeEarlyInit",outcome="timeout"\} 1$/m,
    );
    expect(log.at(WARN)).toEqual([`Orch outage: http://127.0.0.1:${port} did not answer in time`]);
  });

  it('answers 502 at once for a refused connection, logs the outage once, and its end', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    const port = await listen(probe);
    await new Promise((r) => probe.close(r));
    const log = new LogLines();
    const p = portal(`http://127.0.0.1:${port}`, log);
    for (const call of ['/Orch/isAuth', '/preauth/dssh/bm/validateEmailUn', '/Orch/isAuth']) {
      const res = await p.app.inject(call);
      expect(res.statusCode, call).toBe(502);
      expect(res.json(), call).toEqual({ error: 'Orch could not be reached (refused the connection)' });
    }
    expect(log.at(WARN)).toEqual([`Orch outage: http://127.0.0.1:${port} refused the connection`]);
    const failures = log.lines.filter((l) => l.msg === 'Orch refused the connection');
    expect(failures).toHaveLength(3);
    expect(failures[0]).toMatchObject({
      upstream: `http://127.0.0.1:${port}`,
      call: '/Orch/isAuth',
      outcome: 'refused',
    });
    expect(await p.metrics.text()).toMatch(
      /^portal_upstream_requests_total\{call="\/Orch\/isAuth",outcome="refused"\} 2$/m,
    );

    // Orch is back on that port: the next call goes through, and the end of the outage is logged.
    const back = createHttpServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
    );
    await new Promise<void>((r) => back.listen(port, '127.0.0.1', r));
    open.push({ close: () => new Promise((r) => (back.closeAllConnections(), back.close(r))) });
    const ok = await p.app.inject('/Orch/isAuth');
    expect(ok.statusCode).toBe(200);
    expect(
      log.at(INFO).some((m) => m.startsWith(`Orch answers again (http://127.0.0.1:${port}, after `)),
    ).toBe(true);
    expect(log.at(WARN)).toHaveLength(1);
  });
});
