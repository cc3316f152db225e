/**
 * The rehearsal's HAProxy (lib/rehearsal/haproxy.ts, docs/deploy.md): readiness is probed every half
 * second, and the probe waits longer for /readyz than /readyz waits for the upstream. With HAProxy's
 * default (the interval, 500 ms), a slow sandbox made every portal's probe time out at once, and the
 * rehearsal failed twice on this: analysts' servers were taken out under their studio sessions.
 */
import { describe, expect, it } from 'vitest';
import { CHECK_TIMEOUT_MS, haproxyConfig } from '../../lib/rehearsal/haproxy';
import { READY_UPSTREAM_TIMEOUT_MS } from '../../server/plugins/health';

const config = haproxyConfig({
  port: 8080,
  servers: [
    { name: 's1', port: 9001 },
    { name: 's2', port: 9002 },
  ],
  sandboxPort: 9100,
  socket: '/tmp/haproxy.sock',
});
const backend = config.slice(config.indexOf('\nbackend portals'), config.indexOf('\nbackend provider'));
const ms = (text: string): number => {
  const m = /^(\d+)(ms|s)$/.exec(text);
  if (!m) throw new Error(`not a time: ${text}`);
  return Number(m[1]) * (m[2] === 's' ? 1_000 : 1);
};

describe("the load balancer's readiness probe", () => {
  it('waits longer for /readyz than /readyz waits for the upstream', () => {
    const bound = /^\s*timeout check (\S+)$/m.exec(backend)?.[1];
    expect(bound, 'the portals backend sets its own probe bound').toBeDefined();
    expect(ms(bound!)).toBe(CHECK_TIMEOUT_MS);
    expect(ms(bound!)).toBeGreaterThan(READY_UPSTREAM_TIMEOUT_MS);
  });

  it('probes every half second on /readyz, two failures out, one success back', () => {
    expect(backend).toMatch(/^\s*option httpchk GET \/readyz$/m);
    expect(backend).toMatch(/^\s*default-server inter 500ms fall 2 rise 1$/m);
    for (const s of ['s1', 's2'])
      expect(backend).toMatch(new RegExp(`^\\s*server ${s} \\S+ check cookie ${s}$`, 'm'));
  });
});
