import { describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { createPortalServer } from '../../server/app';
import { copyRules, makeDist } from './harness';

/**
 * close() of an in-process server (tests, benchmarks): graceful, but bounded, so a connection a test's browser
 * keeps busy never holds the test's teardown; server/serve.ts's unbounded drain is test/sandbox/shutdown.test.ts's.
 */
describe('PortalServer.close', () => {
  it('ends a request still in flight once its grace is over', async () => {
    let arrived: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (arrived = resolve));
    const server = createPortalServer({
      upstream: 'http://127.0.0.1:9',
      distDir: makeDist(),
      rulesDir: copyRules(),
      onRulesProblem: () => undefined,
      // A page that never answers: the request stays in flight until the server ends it.
      renderPage: () => {
        arrived();
        return new Promise(() => undefined);
      },
    });
    const base = new URL(await server.listen(0));
    const outcome = new Promise<string>((resolve) => {
      const req = request({ host: base.hostname, port: base.port, path: '/home' }, (res) => {
        res.resume();
        res.on('end', () => resolve(`answered ${res.statusCode}`));
      });
      req.on('error', (e) => resolve(`cut: ${(e as NodeJS.ErrnoException).code ?? e.message}`));
      req.end();
    });
    await held;
    const closing = server.close(200);
    // The connection is cut by the server, not answered, and close() resolves after it.
    expect(await outcome).toBe('cut: ECONNRESET');
    await closing;
    expect(server.server.listening).toBe(false);
  });
});
