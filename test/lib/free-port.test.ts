import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ephemeralLow, freePort } from '../../lib/free-port';

const open: Server[] = [];
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
    // A port in the range that nothing of this process was given, held by another listener.
    let taken = 0;
    for (let p = 29_000; !taken && p < 29_100; p++) {
      try {
        await listen(p);
        taken = p;
      } catch {
        // in use already: the next one
      }
    }
    expect(taken).toBeGreaterThan(0);
    const tries = [at(taken), at(taken + 200)];
    const port = await freePort(() => tries.shift() ?? Math.random());
    expect(port).not.toBe(taken);
    expect(port).toBe(taken + 200);
    // Asked again at the same spot: the port given is not given twice.
    const again = [at(taken + 200), at(taken + 300)];
    expect(await freePort(() => again.shift() ?? Math.random())).toBe(taken + 300);
  });
});
