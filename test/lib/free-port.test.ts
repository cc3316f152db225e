import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ephemeralLow, freePort } from '../../lib/free-port';

const open: Server[] = [];
/** Every port freePort gave in this file: it never gives one twice. */
const handedOut: number[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => new Promise((r) => s.close(r))));
});

const listen = (port: number): Promise<Server> =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(port, '127.0.0.1', () => {
      open.push(s);
      resolve(s);
    });
  });

describe('freePort', () => {
  it("reads the start of the kernel's ephemeral range, 32768 where it cannot", () => {
    expect(ephemeralLow(() => '32768\t60999\n')).toBe(32_768);
    expect(ephemeralLow(() => '40000 50000')).toBe(40_000);
    expect(ephemeralLow(() => 'junk')).toBe(32_768);
    expect(
      ephemeralLow(() => {
        throw new Error('no /proc');
      }),
    ).toBe(32_768);
  });

  it('gives ports below that range, each different, that a server can listen on', async () => {
    const low = ephemeralLow();
    const ports = [];
    for (let i = 0; i < 20; i++) ports.push(await freePort());
    handedOut.push(...ports);
    expect(new Set(ports).size).toBe(20);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(low);
      await listen(port);
    }
  });

  it('skips a port something else listens on, and one it gave before', async () => {
    const low = ephemeralLow();
    const at = (port: number) => (port - 20_000 + 0.5) / (low - 20_000);
    // Ports of the range that this process was never given: one held by a listener of the test's own, two
    // seen free just before they are asked for (other processes on the host hold ports of their own, so
    // none is a fixed number).
    const fresh = async (after: number): Promise<number> => {
      for (let p = after + 1; p < low; p++) {
        if (handedOut.includes(p)) continue;
        try {
          await new Promise<void>((resolve, reject) => {
            const s = createServer();
            s.once('error', reject);
            s.listen(p, '127.0.0.1', () => s.close(() => resolve()));
          });
          return p;
        } catch {
          // in use: the next one
        }
      }
      throw new Error(`no free port after ${after}`);
    };
    const taken = await fresh(29_000);
    await listen(taken);
    const next = await fresh(taken + 100);
    const tries = [at(taken), at(next)];
    const port = await freePort(() => tries.shift() ?? Math.random());
    handedOut.push(port);
    expect(port).not.toBe(taken);
    expect(port).toBe(next);
    // Asked again at the same spot: the port given is not given twice.
    const third = await fresh(next + 100);
    const again = [at(next), at(third)];
    expect(await freePort(() => again.shift() ?? Math.random())).toBe(third);
  });
});
