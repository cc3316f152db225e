import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { ApplicationKeys } from '../../sandbox/app-key';
import { faultApplier } from '../../sandbox/faults';
import { RecoveryLedger } from '../../sandbox/outbox';
import { loadPersonas } from '../../server/personas';
import preauthRoutes, { type PreauthOptions } from '../../sandbox/preauth-routes';
import { SessionStore } from '../../sandbox/session';
import { sandboxAppWith as appWith, cookieOf } from './plugin-harness';

const personas = loadPersonas();
const KEY = 'x-application-key';

function options(): PreauthOptions {
  return {
    personas,
    ledger: new RecoveryLedger(),
    keys: new ApplicationKeys(),
    keyHeader: 'X-Application-Key',
    today: () => new Date(2025, 2, 10, 12),
    applyFault: faultApplier(50),
  };
}

const store = new SessionStore();
let app: FastifyInstance;

beforeAll(async () => {
  app = await appWith((root) => void root.register(preauthRoutes, options()), { store });
});
afterAll(() => app.close());

async function key(on: FastifyInstance): Promise<string> {
  const res = await on.inject('/sandbox/application-key');
  expect(res.statusCode).toBe(200);
  return res.json<{ key: string }>().key;
}

describe('the sandbox pre-auth plugin', () => {
  it('issues application keys and refuses a call without a valid one (401)', async () => {
    const call: InjectOptions = { url: '/preauth/dssh/bm/validateEmailUn?emailAddress=new@mail.example' };
    expect((await app.inject(call)).statusCode).toBe(401);
    expect((await app.inject({ ...call, headers: { [KEY]: 'made-up' } })).statusCode).toBe(401);
    const res = await app.inject({ ...call, headers: { [KEY]: await key(app) } });
    expect(res.statusCode).toBe(200);
  });

  it("sends a recovery email to the visitor's outbox, on a pre-auth session made for it", async () => {
    const res = await app.inject({
      url: '/preauth/dssh/Orch/forgotFlow/getForgottenUserName2?email=alex.postpaid@mail.example',
      headers: { [KEY]: await key(app) },
    });
    expect(res.statusCode).toBe(200);
    const cookie = cookieOf(res.headers['set-cookie']);
    expect(cookie).toMatch(/^sid=/);
    const outbox = await app.inject({ url: '/sandbox/outbox.json', headers: { cookie } });
    expect(outbox.json()).toMatchObject({ emails: [{ to: 'alex.postpaid@mail.example', kind: 'username' }] });
    const page = await app.inject({ url: '/sandbox/outbox', headers: { cookie } });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Your username');
  });

  it('signs in through performSSO with a new session', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/preauth/dssh/redirectEntry/sso/performSSO',
      headers: { [KEY]: await key(app), 'content-type': 'application/json' },
      payload: { token: 'postpaid' },
    });
    expect(res.json()).toMatchObject({ authenticated: true });
    const id = cookieOf(res.headers['set-cookie']).replace(/^sid=/, '');
    expect(store.get(id)?.persona?.id).toBe('postpaid');
  });

  it('refuses a call from another origin', async () => {
    const res = await app.inject({
      url: '/preauth/dssh/bm/validateEmailUn?emailAddress=new@mail.example',
      headers: { [KEY]: await key(app), origin: 'http://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });
});
