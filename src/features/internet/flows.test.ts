import { describe, expect, it } from 'vitest';
import { shopAddress } from './flows';

const origin = 'http://localhost:5173';

describe('where the shop opens with a jump token (home spec 2.11; config/portal.json)', () => {
  it("the second provider's shop login URL with the token appended, and the extra flow parameter for a modem change", () => {
    expect(shopAddress({ token: 'JT-1', kind: 'plan', path: 'second-provider-shop' }, origin)).toBe(
      'https://shop.second-provider.example/login?token=JT-1',
    );
    expect(shopAddress({ token: 'JT-1', kind: 'modem', path: 'second-provider-shop' }, origin)).toBe(
      'https://shop.second-provider.example/login?token=JT-1&flow=CHANGE_MODEM',
    );
  });

  it("the provider's shop for the plan or the modem", () => {
    expect(shopAddress({ token: 'JT-1', kind: 'plan', path: 'generic' }, origin)).toBe(
      'https://shop.provider.example/upgrade?token=JT-1',
    );
    expect(shopAddress({ token: 'JT-1', kind: 'modem', path: 'fiber-shop' }, origin)).toBe(
      'https://shop.provider.example/modem-upgrade?token=JT-1',
    );
  });

  it('a token is encoded, never able to change the address; an empty token opens nothing', () => {
    expect(shopAddress({ token: 'a&b#c/../x', kind: 'plan', path: 'generic' }, origin)).toBe(
      'https://shop.provider.example/upgrade?token=a%26b%23c%2F..%2Fx',
    );
    expect(shopAddress({ token: ' ', kind: 'plan', path: 'generic' }, origin)).toBeNull();
  });
});
