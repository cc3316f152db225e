/**
 * The sandbox's fault switch: a session can make any Orch or pre-auth call answer 500, time out or answer a
 * malformed body (session.ts keeps what is armed; /sandbox/faults and `&fault=` at sign-in arm it).
 */
import type { FastifyReply } from 'fastify';
import { json } from '../server/http';
import { isFaultMode, isFaultableCall, type FaultMode, type Session } from './session';

/** Reads `call:mode` (`/Orch/dssh/homeEarlyInit:500`); null when either part is not one the switch knows. */
export function parseFaultSpec(spec: string): { call: string; mode: FaultMode } | null {
  const i = spec.lastIndexOf(':');
  if (i < 0) return null;
  const call = spec.slice(0, i);
  const mode = spec.slice(i + 1);
  return isFaultableCall(call) && isFaultMode(mode) ? { call, mode } : null;
}

/** The faults a session has armed, call -> mode ({} without a session). */
export const faultList = (s: Session | undefined): Record<string, string> =>
  s ? Object.fromEntries(s.faults) : {};

/** Answers with the fault a session armed for a call; resolves true when there was one. */
export type FaultApplier = (
  reply: FastifyReply,
  session: Session | undefined,
  path: string,
) => Promise<boolean>;

/** The fault applier; a 'timeout' fault holds the answer `holdMs`, then answers 504. */
export function faultApplier(holdMs: number): FaultApplier {
  return async (reply, session, path) => {
    const mode = session?.faults.get(path);
    if (!mode) return false;
    if (mode === '500') void json(reply, 500, { error: 'Injected fault', call: path });
    else if (mode === 'malformed') void json(reply, 200, { unexpected: true });
    else {
      // Hold the answer; if the client gives up first the timer is dropped and nothing is written.
      await new Promise<void>((done) => {
        const timer = setTimeout(() => {
          void json(reply, 504, { error: 'Injected time-out', call: path });
          done();
        }, holdMs);
        reply.raw.on('close', () => {
          clearTimeout(timer);
          done();
        });
      });
    }
    return true;
  };
}
