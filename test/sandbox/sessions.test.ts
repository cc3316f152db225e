import { describe, expect, it } from 'vitest';
import { handleOrch, type OrchRequest } from '../../sandbox/orch';
import { isSignedIn, type SignedIn } from '../../sandbox/session-view';
import { loadPersonas } from '../../server/personas';
import { SessionStore, issueRecordOf, type SessionLimits } from '../../sandbox/session';

const today = new Date(2025, 2, 10, 12);
const personas = loadPersonas([], () => undefined);
const persona = (id: string) => {
  const p = personas.find((x) => x.id === id);
  if (!p) throw new Error(id);
  return p;
};

/** A store whose clock the test moves. */
function storeWith(limits: Partial<SessionLimits> = {}) {
  let now = 1_000_000;
  const store = new SessionStore(limits, () => now);
  return { store, advance: (ms: number) => (now += ms) };
}

const MINUTE = 60_000;

function signedIn(store: SessionStore, id: string): SignedIn {
  const s = store.signIn(undefined, persona(id));
  if (!isSignedIn(s)) throw new Error('not signed in');
  return s;
}

function call(s: SignedIn, route: string, body: Record<string, unknown> = {}) {
  const [method = 'GET', path = ''] = route.split(' ');
  const request: OrchRequest = { method, path, query: new URLSearchParams(), body, today };
  const reply = handleOrch(s, request);
  if (!('json' in reply)) throw new Error('not JSON');
  return reply.json as Record<string, unknown>;
}

describe('session expiry', () => {
  it('ends a signed-in session after 30 idle minutes, and a request within them restarts the wait', () => {
    const { store, advance } = storeWith();
    const s = store.signIn(undefined, persona('postpaid'));
    advance(29 * MINUTE);
    expect(store.get(s.id)).toBe(s);
    advance(29 * MINUTE);
    expect(store.get(s.id)).toBe(s);
    advance(30 * MINUTE + 1);
    expect(store.get(s.id)).toBeUndefined();
    expect(store.stats().signedIn).toBe(0);
  });

  it('ends a signed-in session 12 hours after sign-in however busy it is', () => {
    const { store, advance } = storeWith();
    const s = store.signIn(undefined, persona('postpaid'));
    for (let t = 0; t < 12 * 60; t += 20) {
      advance(20 * MINUTE);
      if (t + 20 < 12 * 60) expect(store.get(s.id)).toBe(s);
    }
    advance(1);
    expect(store.get(s.id)).toBeUndefined();
  });

  it('takes both lifetimes from its limits', () => {
    const { store, advance } = storeWith({ idleMs: 5 * MINUTE, absoluteMs: 8 * MINUTE });
    const idle = store.signIn(undefined, persona('postpaid'));
    const busy = store.signIn(undefined, persona('postpaid'));
    advance(4 * MINUTE);
    expect(store.get(busy.id)).toBe(busy);
    advance(2 * MINUTE);
    expect(store.get(idle.id)).toBeUndefined();
    expect(store.get(busy.id)).toBe(busy);
    advance(3 * MINUTE);
    expect(store.get(busy.id)).toBeUndefined();
  });

  it('drops idle-expired sessions when new ones come, without a request for them', () => {
    const { store, advance } = storeWith();
    for (let i = 0; i < 10; i++) store.signIn(undefined, persona('postpaid'));
    store.createPreauth();
    advance(31 * MINUTE);
    store.signIn(undefined, persona('postpaid'));
    expect(store.stats()).toMatchObject({ signedIn: 1, preauth: 0 });
  });

  it('tells the cookie how long the session has left', () => {
    const { store, advance } = storeWith();
    const s = store.signIn(undefined, persona('postpaid'));
    expect(store.cookieMaxAge(s)).toBe(12 * 3600);
    advance(3_600_000);
    expect(store.cookieMaxAge(s)).toBe(11 * 3600);
    expect(store.cookieMaxAge(store.createPreauth())).toBe(10 * 60);
  });
});

describe('session caps', () => {
  it('evicts the longest idle session when the cap is reached', () => {
    const { store, advance } = storeWith({ maxSessions: 3 });
    const [a, b, c] = [1, 2, 3].map(() => {
      advance(1);
      return store.signIn(undefined, persona('postpaid'));
    });
    advance(1);
    store.get(a?.id); // a is used again, so b is now the longest idle
    const d = store.signIn(undefined, persona('postpaid'));
    expect(store.get(b?.id)).toBeUndefined();
    for (const s of [a, c, d]) expect(store.get(s?.id)).toBe(s);
    expect(store.stats().signedIn).toBe(3);
  });

  it('caps pre-auth sessions separately, so they cannot push signed-in ones out', () => {
    const { store } = storeWith({ maxSessions: 2, maxPreauthSessions: 5 });
    const signed = store.signIn(undefined, persona('postpaid'));
    for (let i = 0; i < 50; i++) store.createPreauth();
    expect(store.stats()).toMatchObject({ signedIn: 1, preauth: 5 });
    expect(store.get(signed.id)).toBe(signed);
  });

  it('caps the faults of one session', () => {
    const { store } = storeWith({ faultsPerSession: 2 });
    const s = store.createPreauth();
    expect(store.setFault(s, '/Orch/a', '500')).toBe(true);
    expect(store.setFault(s, '/Orch/b', '500')).toBe(true);
    expect(store.setFault(s, '/Orch/b', 'timeout')).toBe(true);
    expect(store.setFault(s, '/Orch/c', '500')).toBe(false);
    expect(store.setFault(s, '/Orch/a', 'off')).toBe(true);
    expect(store.setFault(s, '/Orch/c', '500')).toBe(true);
    expect([...s.faults.keys()]).toEqual(['/Orch/b', '/Orch/c']);
  });
});

describe('pre-auth sessions', () => {
  it('are adopted by sign-in: faults and issue records move to the new session, whose id is new', () => {
    const { store } = storeWith();
    const pre = store.createPreauth();
    store.setFault(pre, '/Orch/dssh/homeEarlyInit', '500');
    store.logIssue(pre, {
      page: 'start',
      operation: 'rules',
      message: 'navigation.json refused',
      level: 'warn',
    });
    const s = store.signIn(pre, persona('postpaid'));
    expect(s.id).not.toBe(pre.id);
    expect(store.get(pre.id)).toBeUndefined();
    expect(s.faults.get('/Orch/dssh/homeEarlyInit')).toBe('500');
    expect(s.issues.map((i) => i.message)).toEqual(['navigation.json refused']);
    expect(store.stats()).toMatchObject({ signedIn: 1, preauth: 0, issues: 1 });
  });

  it('expire after 10 idle minutes', () => {
    const { store, advance } = storeWith();
    const pre = store.createPreauth();
    advance(9 * MINUTE);
    expect(store.get(pre.id)).toBe(pre);
    advance(10 * MINUTE + 1);
    expect(store.get(pre.id)).toBeUndefined();
  });
});

describe('issue records', () => {
  it('keep only the spec fields, cut to the spec lengths (operation 199, message 499)', () => {
    const record = issueRecordOf({
      page: 'home',
      operation: 'o'.repeat(5000),
      message: 'm'.repeat(5000),
      level: 'error',
      accountNumber: 310245781,
      extra: 'x'.repeat(5000),
      nested: { a: 1 },
    });
    expect(record).toEqual({
      accountNumber: '310245781',
      emailAddress: '',
      page: 'home',
      operation: 'o'.repeat(199),
      message: 'm'.repeat(499),
      level: 'error',
    });
  });

  it('are capped per session and in total, the oldest dropped first', () => {
    const { store } = storeWith({ issuesPerSession: 3, issuesTotal: 5 });
    const a = store.signIn(undefined, persona('postpaid'));
    const b = store.signIn(undefined, persona('postpaid'));
    for (let i = 1; i <= 4; i++) store.logIssue(a, { message: `a${i}` });
    expect(a.issues.map((r) => r.message)).toEqual(['a2', 'a3', 'a4']);
    for (let i = 1; i <= 3; i++) store.logIssue(b, { message: `b${i}` });
    // 6 kept would pass the total of 5: the oldest of all (a2) goes.
    expect(a.issues.map((r) => r.message)).toEqual(['a3', 'a4']);
    expect(b.issues.map((r) => r.message)).toEqual(['b1', 'b2', 'b3']);
    expect(store.stats().issues).toBe(5);
    store.end(b.id);
    expect(store.stats().issues).toBe(2);
  });

  it('stay within the total cap over many sessions and records', () => {
    const { store } = storeWith({ issuesPerSession: 50, issuesTotal: 1_000 });
    for (let n = 0; n < 100; n++) {
      const s = store.signIn(undefined, persona('postpaid'));
      for (let i = 0; i < 60; i++) store.logIssue(s, { message: `${n}-${i}` });
      if (n % 3 === 0) store.end(s.id);
    }
    const { issues } = store.stats();
    expect(issues).toBeLessThanOrEqual(1_000);
    expect(issues).toBeGreaterThan(900);
  });
});

describe('copy on write', () => {
  it('two sessions of one persona share its data until one writes, and a write in one never shows in the other', () => {
    const { store } = storeWith();
    const before = structuredClone(persona('blue-marble'));
    const a = signedIn(store, 'blue-marble');
    const b = signedIn(store, 'blue-marble');
    expect(a.persona).toBe(b.persona);
    expect(store.stats().ownAccounts).toBe(0);

    call(a, 'POST /Orch/dss/api/ensupdatepaperless', { paperlessBilling: 'Y', email: 'bo@mail.example' });
    expect(store.stats().ownAccounts).toBe(1);
    const mine = call(a, 'GET /Orch/dssh/homeEarlyInit') as { response: { paperlessBilling: boolean } };
    const theirs = call(b, 'GET /Orch/dssh/homeEarlyInit') as { response: { paperlessBilling: boolean } };
    expect(mine.response.paperlessBilling).toBe(true);
    expect(theirs.response.paperlessBilling).toBe(false);
    expect(persona('blue-marble')).toEqual(before);
  });

  it('keeps every kind of write in the writing session (wifi, tickets, offers, payment, orders)', () => {
    const { store } = storeWith();
    const cases: [string, string, Record<string, unknown>, string][] = [
      [
        'postpaid',
        'POST /Orch/dssh/adapt/resetCredentials',
        { operationParams: { SSIDName: 'Mine', WirelessKey: 'long-enough' } },
        'GET /Orch/dssh/adapt/getWifiInfo',
      ],
      [
        'repair-tickets',
        'POST /Orch/dssh/rx/updateTicket',
        { action: 'Cancel', nativeTroubleTicketNumber: 'TR-55001' },
        'GET /Orch/dssh/rx/getRepairTicketDetails',
      ],
      [
        'credit-offer',
        'POST /Orch/dssh/offers/setAccptRejectMdmRplcmt',
        { offerName: 'OutOfServiceCredit', answer: 'accepted' },
        'GET /Orch/dssh/offers/outOfServiceCredit',
      ],
      [
        'walled-garden-soft',
        'POST /Orch/dssh/pbs/authorizePayment',
        {},
        'GET /Orch/dssh/aos/ppp/getWGStatus',
      ],
      [
        'early-life-tech-install',
        'POST /Orch/dssh/bm/cancelOrder',
        { siteOrderNumber: 'N80040001' },
        'GET /Orch/dssh/homeEarlyInit',
      ],
    ];
    for (const [id, write, body, read] of cases) {
      const before = structuredClone(persona(id));
      const a = signedIn(store, id);
      const b = signedIn(store, id);
      const untouched = JSON.stringify(call(b, read));
      call(a, write, body);
      expect(JSON.stringify(call(b, read)), `${id}: ${write}`).toBe(untouched);
      expect(JSON.stringify(call(a, read)), `${id}: ${write}`).not.toBe(untouched);
      expect(persona(id), `${id}: the shared persona`).toEqual(before);
    }
  });

  it('copies only the account that changed, on a multi-account persona', () => {
    const { store } = storeWith();
    const s = signedIn(store, 'multi-account');
    call(s, 'POST /Orch/dssh/setCurrentAccount', { pid: 'P3002' });
    expect(s.ownAccounts.size).toBe(0);
    call(s, 'POST /Orch/dssh/adapt/resetCredentials', {
      operationParams: { SSIDName: 'Second', WirelessKey: 'long-enough' },
    });
    expect([...s.ownAccounts.keys()]).toEqual([1]);
    expect(s.ownAccounts.get(1)?.homeEarlyInit).toBe(s.persona.accounts[1]?.homeEarlyInit);
  });
});
