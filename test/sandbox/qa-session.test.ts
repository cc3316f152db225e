import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSandboxToday } from '../../server/personas';
import type { Harness as SandboxServer } from './harness';
import { Browser, copyRules, makeDist, start } from './harness';

// What a QA capture asks the sandbox (docs/contracts.md, /sandbox/session): who is signed in, which faults are
// armed, and the sandbox's clock, so a replay can pin the same day (SANDBOX_TODAY).
let sandbox: SandboxServer;
let base: string;

beforeAll(async () => {
  ({ sandbox, base } = await start({
    distDir: makeDist(),
    rulesDir: copyRules(),
    today: () => new Date(2025, 2, 10, 9, 30, 5),
  }));
});
afterAll(() => sandbox.close());

describe('/sandbox/session tells a QA capture the persona, the faults and the clock', () => {
  it('signed out: no persona, no faults, and the sandbox day and clock', async () => {
    expect(await new Browser(base).json('/sandbox/session')).toMatchObject({
      signedIn: false,
      persona: null,
      faults: {},
      today: '2025-03-10',
      clock: '2025-03-10T09:30:05',
    });
  });

  it('signed in with a fault: the persona and the armed fault', async () => {
    const b = new Browser(base);
    await b.signIn(
      'walled-garden-soft',
      `&fault=${encodeURIComponent('/Orch/dssh/pbs/authorizePayment:500')}`,
    );
    expect(await b.json('/sandbox/session')).toMatchObject({
      signedIn: true,
      persona: 'walled-garden-soft',
      accountIndex: 0,
      faults: { '/Orch/dssh/pbs/authorizePayment': '500' },
      today: '2025-03-10',
    });
  });
});

describe('SANDBOX_TODAY', () => {
  it('pins a day at noon, or a moment when a time is given', () => {
    expect(parseSandboxToday('2025-03-10')).toEqual(new Date(2025, 2, 10, 12));
    expect(parseSandboxToday('2025-03-10T07:45')).toEqual(new Date(2025, 2, 10, 7, 45));
    expect(parseSandboxToday('2025-03-10T07:45:30')).toEqual(new Date(2025, 2, 10, 7, 45, 30));
  });

  it('refuses what is not a calendar day', () => {
    for (const bad of ['2025-02-30', '10/03/2025', '2025-03-10 07:45', '', 'today'])
      expect(parseSandboxToday(bad), bad).toBeNull();
  });
});
