import { describe, expect, it } from 'vitest';
import { profileFromEnvelope } from '../../src/facts/responses';

const profile = {
  currentlyManagedAccount: '310245781',
  accountStatus: 'ACTIVE',
  accountType: 'I',
  companyIdentifier: '1',
  accountLifeCycle: 'Active',
};
const ok = {
  statusCode: 200,
  status: 'SUCCESS',
  level: 'INFO',
  accountLifeCycle: 'Active',
  response: profile,
};

describe('the profile envelope (GET /Orch/dssh/homeEarlyInit)', () => {
  it('statusCode 200 and status SUCCESS with an accountLifeCycle and a profile: the profile', () => {
    expect(profileFromEnvelope(ok)).toEqual({ status: 'ok', data: profile });
    expect(profileFromEnvelope({ ...ok, status: ' success ' }).status).toBe('ok');
  });

  it.each([
    ['statusCode 500', { statusCode: 500 }],
    ['statusCode -7', { statusCode: -7 }],
    ['statusCode 0', { statusCode: 0 }],
    ['statusCode 404', { statusCode: 404 }],
    ['status FAILURE', { status: 'FAILURE' }],
    ['status ERROR', { status: 'ERROR' }],
    ['an empty status', { status: '' }],
  ])('a profile whose %s says failure is a profile failure whatever else it carries', (_what, change) => {
    expect(profileFromEnvelope({ ...ok, ...change })).toEqual({ status: 'failure' });
  });

  it('a missing accountLifeCycle means the profile load failed (also an empty one)', () => {
    const { accountLifeCycle: _gone, ...withoutLifeCycle } = ok;
    expect(profileFromEnvelope(withoutLifeCycle)).toEqual({ status: 'failure' });
    expect(profileFromEnvelope({ ...ok, accountLifeCycle: '  ' })).toEqual({ status: 'failure' });
  });

  it('a success without a profile object is a failure', () => {
    expect(profileFromEnvelope({ ...ok, response: undefined })).toEqual({ status: 'failure' });
  });

  it('a body of the wrong shape is a failure', () => {
    expect(profileFromEnvelope({ unexpected: true })).toEqual({ status: 'failure' });
  });

  it('statusCode 222 with a response value is a redirect; status 223 means no account yet', () => {
    expect(
      profileFromEnvelope({ statusCode: 222, status: 'SUCCESS', response: 'https://x.example/' }),
    ).toEqual({
      status: '222',
    });
    expect(profileFromEnvelope({ statusCode: 200, status: '223' })).toEqual({ status: '223' });
  });
});
