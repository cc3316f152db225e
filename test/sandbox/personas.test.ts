import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  loadPersonas,
  personaResponses,
  resolveDateToken,
  schemaValidator,
  type PersonaProblem,
} from '../../server/personas';

const today = new Date(2025, 2, 10, 9, 30); // 10 March 2025, local time
const personas = loadPersonas([], (p) => {
  throw new Error(`${p.file}: ${p.message}`);
});
const byId = (id: string) => {
  const p = personas.find((x) => x.id === id);
  if (!p) throw new Error(`no persona ${id}`);
  return p;
};
const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const required = [
  'postpaid',
  'postpaid-smb',
  'prepaid',
  'prepaid-inactive',
  'prepaid-suspended-card-expired',
  'prepaid-suspended-failed-payment',
  'bgs',
  'federal',
  'second-provider',
  'blocked',
  'embargo',
  'archived',
  'closed',
  'walled-garden-soft',
  'walled-garden-hard',
  'vacation',
  'early-life-tech-install',
  'early-life-self-install',
  'disconnect-order',
  'multi-account',
  'account-unavailable',
  'profile-failure',
  'needs-account',
  'redirect-222',
  'redirect-222-evil',
  'outage-eta',
  'outage-eta-past',
  'outage-eta-unknown',
  'outage-hangover',
  'blue-marble',
  'cris',
  'own-modem',
  'credit-offer',
  'modem-replacement',
  'card-expiring',
  'no-email',
  'no-contact-number',
  'account-changed',
  'payment-retry-success',
];

describe('persona fixtures', () => {
  it('has every persona the spec needs, each valid against the persona schema', () => {
    const ids = personas.map((p) => p.id);
    for (const id of required) expect(ids).toContain(id);
  });

  it.each(personas.map((p) => [p.id, p] as const))(
    'serves bodies that validate against their API schemas: %s',
    (_id, persona) => {
      const { ajv } = schemaValidator();
      persona.accounts.forEach((_a, accountIndex) => {
        const bodies = personaResponses(persona, { today, accountIndex });
        for (const [name, body] of Object.entries(bodies)) {
          const validate = ajv.getSchema(`${kebab(name)}.schema.json`);
          expect(validate, name).toBeDefined();
          const ok = validate!(body);
          expect(ok ? null : { name, errors: validate!.errors }).toBeNull();
          // no date token may leak to the portal
          expect(JSON.stringify(body)).not.toContain('@today');
        }
      });
    },
  );
});

describe('relative dates', () => {
  it('resolves @today, offsets and times against the given day', () => {
    expect(resolveDateToken('@today', today)).toBe('2025-03-10');
    expect(resolveDateToken('@today+1', today)).toBe('2025-03-11');
    expect(resolveDateToken('@today-3', today)).toBe('2025-03-07');
    expect(resolveDateToken('@today+1T10:00:00', today)).toBe('2025-03-11T10:00:00');
    expect(resolveDateToken('@today-1T18:00', today)).toBe('2025-03-09T18:00:00');
    expect(resolveDateToken('@today+30', today)).toBe('2025-04-09');
    expect(resolveDateToken('not @today', today)).toBe('not @today');
  });

  it('puts a pending appointment tomorrow', () => {
    const r = personaResponses(byId('early-life-tech-install'), { today });
    const profile = r.homeEarlyInit.response;
    expect(typeof profile).toBe('object');
    const order = typeof profile === 'object' ? profile.earlyAccessProductOrderResponse : undefined;
    expect(order?.earlyAccessProductOrderResponse?.apptDate).toBe('2025-03-11');
  });
});

describe('persona data is true to the spec', () => {
  const profile = (id: string, accountIndex = 0) => {
    const r = personaResponses(byId(id), { today, accountIndex }).homeEarlyInit.response;
    if (typeof r !== 'object') throw new Error(`${id} has no profile`);
    return r;
  };

  it('uses PPB prepaid numbers, 9-character BANs and 13-character CRIS numbers', () => {
    expect(profile('prepaid').currentlyManagedAccount).toMatch(/^PPB/);
    expect(profile('postpaid').currentlyManagedAccount).toHaveLength(9);
    expect(profile('cris').currentlyManagedAccount).toHaveLength(13);
    expect(profile('blue-marble').c2e).toBe(true);
  });

  it('profile failure is statusCode -7 with no accountLifeCycle; 223 and 222 envelopes', () => {
    const fail = personaResponses(byId('profile-failure'), { today }).homeEarlyInit;
    expect(fail.statusCode).toBe(-7);
    expect(fail.accountLifeCycle).toBeUndefined();
    expect(personaResponses(byId('needs-account'), { today }).homeEarlyInit.status).toBe('223');
    const redirect = personaResponses(byId('redirect-222'), { today }).homeEarlyInit;
    expect(redirect.statusCode).toBe(222);
    expect(typeof redirect.response).toBe('string');
  });

  it('multi-account has three accounts with distinct pids; account-unavailable lists none with statusCode 0', () => {
    const multi = byId('multi-account');
    expect(new Set(multi.accounts.map((a) => a.pid)).size).toBe(3);
    const list = personaResponses(byId('account-unavailable'), { today }).accountList;
    expect(list).toEqual({ statusCode: 0, accountNumbers: [], currentlyManagingPId: '' });
  });

  it('walled-garden-soft failed yesterday with a card type and a soft status', () => {
    const p = profile('walled-garden-soft');
    expect(p.failedPaymentDate).toBe('2025-03-09');
    expect(p.creditCardType).toBeTruthy();
    expect(personaResponses(byId('walled-garden-soft'), { today }).wgStatus).toEqual({
      status: true,
      response: { isSoftWG: true, wgstatus: 'SOFT' },
    });
  });

  it('outage-eta-unknown has a null repair time', () => {
    expect(personaResponses(byId('outage-eta-unknown'), { today }).outage.estRepairTime).toEqual({
      dateTime: null,
    });
  });
});

describe('loading extra persona folders', () => {
  it('reports an invalid file by name and skips it; a valid one is added', () => {
    const dir = mkdtempSync(join(tmpdir(), 'personas-'));
    writeFileSync(join(dir, 'broken.json'), JSON.stringify({ id: 'broken', accounts: [] }));
    writeFileSync(join(dir, 'not-json.json'), '{');
    const copy = { ...byId('postpaid'), id: 'qa-copy', $schema: undefined };
    writeFileSync(join(dir, 'qa-copy.json'), JSON.stringify(copy));
    const problems: PersonaProblem[] = [];
    const loaded = loadPersonas([dir], (p) => problems.push(p));
    expect(problems.map((p) => p.file.split('/').pop()).sort()).toEqual(['broken.json', 'not-json.json']);
    expect(loaded.some((p) => p.id === 'qa-copy')).toBe(true);
    expect(loaded.some((p) => p.id === 'broken')).toBe(false);
  });
});
