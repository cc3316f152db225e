/**
 * An undo of a push in doubt that the remote keeps refusing (server/studio/rules-sync.ts, decision 042) is
 * tried again with a backoff: at each of the first fetches (IN_DOUBT_MIN_TRIES tries), then after
 * IN_DOUBT_RETRY_MS, doubled after each failure, never more than IN_DOUBT_RETRY_MAX_MS apart. The remote and
 * the repository are stand-ins that count the undos tried; the sync's clock is the test's.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REMOTE_REFS, type RefUpdate, type RulesRemote } from '../../server/studio/rules-remote';
import { IN_DOUBT_RETRY_MAX_MS, IN_DOUBT_RETRY_MS, RemoteSync } from '../../server/studio/rules-sync';
import type { Git } from '../../server/studio/studio-git';
import { Op } from '../../server/studio/studio-op';

const LANDED = 'a'.repeat(40);
const MAIN = 'b'.repeat(40);
const REF = 'refs/heads/pending/0123456789ab';

/** A sync whose remote has the push in doubt landed and refuses every undo; `undos` counts them. */
function refusingUndos() {
  const clock = { ms: 1_000_000 };
  let undos = 0;
  const remote = {
    url: 'https://git.example/rules.git',
    shown: 'https://git.example/rules.git',
    timeoutMs: 3_000,
    fetch: () => Promise.resolve(),
    push: (updates: readonly RefUpdate[]) => {
      if (updates.some((u) => u.ref === REF && u.to === null)) undos++;
      return Promise.reject(new Error('pre-receive hook declined: not now'));
    },
  } as unknown as RulesRemote;
  // What every fetch shows: main the same there and here, the push in doubt landed on the remote.
  const refs = new Map([
    ['refs/heads/main', MAIN],
    [`${REMOTE_REFS}main`, MAIN],
    [`${REMOTE_REFS}pending/0123456789ab`, LANDED],
    [REF, LANDED],
  ]);
  const git = {
    refs: () => Promise.resolve(new Map(refs)),
    updateRefs: () => Promise.resolve(),
  } as unknown as Git;
  const sync = new RemoteSync(
    remote,
    {
      git,
      inQueue: async (fn) => {
        const op = new Op(20_000, true);
        try {
          return await fn(op);
        } finally {
          op.end();
        }
      },
      writeFolder: () => Promise.reject(new Error('not expected')),
      folderTree: () => Promise.reject(new Error('not expected')),
    },
    mkdtempSync(join(tmpdir(), 'sync-backoff-')),
    () => clock.ms,
  );
  sync.log = { warn: () => undefined, info: () => undefined };
  sync.noteInDoubt([{ ref: REF, to: LANDED, from: null }]);
  return { sync, clock, undos: () => undos };
}

describe('an undo the rules remote keeps refusing', () => {
  it('is tried at each of the first fetches, then backs off, doubling up to a maximum', async () => {
    const { sync, clock, undos } = refusingUndos();
    clock.ms += 1_000;
    for (let i = 0; i < 5; i++) await sync.sync();
    // Three tries at once (IN_DOUBT_MIN_TRIES), then it waits: the fetches after them try nothing.
    expect(undos()).toBe(3);
    let wait = IN_DOUBT_RETRY_MS;
    for (let n = 4; n <= 10; n++) {
      clock.ms += wait - 1;
      await sync.sync();
      expect(undos(), `try ${n}, a moment early`).toBe(n - 1);
      clock.ms += 1;
      await sync.sync();
      await sync.sync();
      expect(undos(), `try ${n}, after ${wait} ms`).toBe(n);
      wait = Math.min(wait * 2, IN_DOUBT_RETRY_MAX_MS);
    }
    expect(wait).toBe(IN_DOUBT_RETRY_MAX_MS);
    expect(sync.pushesInDoubt).toBe(1);
  });
});
