/**
 * A port on loopback for a process this script starts later (the rehearsal's servers, the bench's sandbox, a
 * test's release). Not one the kernel hands out for port 0: those come from its ephemeral range
 * (/proc/sys/net/ipv4/ip_local_port_range, 32768 to 60999 by default), the same range every outgoing
 * connection takes its local port from. Between choosing such a port and the child listening on it, a
 * connection made meanwhile (a health check, a scrape, a fetch to the sandbox) could hold it as its own end,
 * and the child failed with EADDRINUSE (the rehearsal's s3 once did). Below that range only a listener can
 * hold a port: this picks one at random there, checks it can be listened on, and never gives the same port
 * twice in one process.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The lowest port the picks start from, clear of the well-known and registered ports most tools use. */
const LOWEST = 20_000;
const given = new Set<number>();

/** The first port of the kernel's ephemeral range (32768 where it cannot be read). */
export function ephemeralLow(
  read: () => string = () => readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8'),
): number {
  try {
    const low = Number(read().trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 0 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

/** Resolves true when `port` on 127.0.0.1 can be listened on now. */
function listenable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** The kernel's own pick (port 0): where the range below the ephemeral one is too small to choose from. */
function kernelPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * A free port on loopback below the kernel's ephemeral range, different from every other this process got.
 * `random` (a number in [0, 1), Math.random's) chooses where to try.
 */
export async function freePort(random: () => number = Math.random): Promise<number> {
  const high = ephemeralLow();
  if (high - LOWEST < 1_000) return kernelPort();
  for (let tries = 0; tries < 200; tries++) {
    const port = LOWEST + Math.floor(random() * (high - LOWEST));
    if (given.has(port)) continue;
    given.add(port);
    if (await listenable(port)) return port;
  }
  throw new Error(`no free port on 127.0.0.1 between ${LOWEST} and ${high} after 200 tries`);
}
