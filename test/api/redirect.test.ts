import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from '../../src/api/redirect';
import portal from '../../config/portal.json';

const policy = { origin: 'http://localhost:5173', allowlist: portal.redirectAllowlist };

describe('redirect allowlist', () => {
  it('follows a 222 redirect to an allowlisted provider page', () => {
    expect(safeRedirectTarget('https://www.provider.example/account/complete-profile', policy)).toBe(
      'https://www.provider.example/account/complete-profile',
    );
  });

  it('follows a same-origin path', () => {
    expect(safeRedirectTarget('/billing?x=1', policy)).toBe('http://localhost:5173/billing?x=1');
  });

  it.each([
    ['an off-allowlist host', 'https://evil.example/'],
    ['a protocol-relative address', '//evil.example'],
    ['a backslash trick', '/\\evil.example'],
    ['credentials before the host', 'https://www.provider.example@evil.example/'],
    ['credentials on an allowed host', 'http://user@www.provider.example/'],
    ['user@ on another host', 'http://user@evil.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['a tab inside the scheme', 'java\tscript:alert(1)'],
    ['a look-alike host', 'https://www.provider.example.evil.example/'],
    ['another scheme on an allowed host', 'ftp://www.provider.example/'],
    ['http on an https-only allowed origin', 'http://www.provider.example/'],
    ['an empty address', ''],
  ])('refuses %s', (_what, url) => {
    expect(safeRedirectTarget(url, policy)).toBeNull();
  });
});
