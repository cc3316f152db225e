import { describe, expect, it } from 'vitest';
import { createProfile } from '../../src/api/calls/create-profile';
import { resetPasswordWithToken } from '../../src/api/calls/reset-password-with-token';
import type { ApiClient, RequestOptions } from '../../src/api/client';

function recorder() {
  const calls: RequestOptions<unknown>[] = [];
  const client: ApiClient = {
    request: (req) => {
      calls.push(req);
      return Promise.resolve({ ok: true, data: { status: 'SUCCESS', errorMessage: '' } as never });
    },
  };
  return { client, calls };
}

describe('pre-auth calls refused before they are made (shell spec §4)', () => {
  it('Token fetch is refused if the token is empty', async () => {
    const { client, calls } = recorder();
    for (const token of ['', '   ']) {
      expect(await resetPasswordWithToken(client, { token })).toMatchObject({ ok: false, kind: 'request' });
    }
    expect(calls).toEqual([]);
    await resetPasswordWithToken(client, { token: 'abc' });
    expect(calls.map((c) => c.query)).toEqual([{ token: 'abc' }]);
  });

  it('Create-profile is refused if the profile payload is empty', async () => {
    const { client, calls } = recorder();
    expect(await createProfile(client, { profile: {} })).toMatchObject({ ok: false, kind: 'request' });
    expect(calls).toEqual([]);
    await createProfile(client, { profile: { accountNumber: '310245781' } });
    expect(calls.map((c) => c.body)).toEqual([{ profile: { accountNumber: '310245781' } }]);
  });
});
