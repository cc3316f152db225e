import { describe, expect, it } from 'vitest';
import { checkRedirect, safeLocalTarget, safeRedirectTarget, tokenJumpTarget } from '../../src/api/redirect';
import { toWellFormed } from '../../src/api/url';
import portal from '../../config/portal.json';
import { REDIRECT_CORPUS } from '../support/redirect-corpus';

const origin = 'http://localhost:5173';
const policy = { origin, allowlist: portal.redirectAllowlist };
const allowedOrigins = new Set([origin, ...portal.redirectAllowlist]);

/** Where a browser ends up when it follows `location` from a page on the portal. */
const followed = (location: string): URL => new URL(location, `${origin}/sandbox/signin`);

describe('redirect checker', () => {
  it('follows a 222 redirect to an allowlisted provider page', () => {
    expect(safeRedirectTarget('https://www.provider.example/account/complete-profile', policy)).toBe(
      'https://www.provider.example/account/complete-profile',
    );
  });

  it('follows a same-origin path, as an absolute URL', () => {
    expect(safeRedirectTarget('/billing?x=1', policy)).toBe('http://localhost:5173/billing?x=1');
    expect(safeLocalTarget('/billing?x=1#top', origin)).toBe('http://localhost:5173/billing?x=1#top');
  });

  it.each(REDIRECT_CORPUS)('never leaves the origin or the allowlist for %j', (raw) => {
    const target = safeRedirectTarget(raw, policy);
    if (target === null) return;
    // What is returned is what the browser follows: absolute, on an allowed origin, and not a path that
    // becomes protocol-relative when reused.
    expect(allowedOrigins.has(followed(target).origin)).toBe(true);
    expect(followed(target).href).toBe(target);
    expect(new URL(target).pathname.startsWith('//')).toBe(false);
  });

  it.each(REDIRECT_CORPUS)('keeps a sign-in redirect on the portal for %j', (raw) => {
    const target = safeLocalTarget(raw, origin);
    if (target !== null) expect(followed(target).origin).toBe(origin);
  });

  it("turns the probe's '/..//evil.example' into a path on the portal, not '//evil.example'", () => {
    expect(safeLocalTarget('/..//evil.example', origin)).toBe('http://localhost:5173/evil.example');
    expect(safeLocalTarget('/%2e%2e//evil.example', origin)).toBe('http://localhost:5173/evil.example');
  });

  it.each([
    ['an off-allowlist host', 'https://evil.example/', 'origin'],
    ['a protocol-relative address', '//evil.example', 'origin'],
    ['a backslash trick', '/\\evil.example', 'ambiguous'],
    ['credentials before the host', 'https://www.provider.example@evil.example/', 'credentials'],
    ['credentials on an allowed host', 'http://user@www.provider.example/', 'credentials'],
    ['javascript:', 'javascript:alert(1)', 'scheme'],
    ['data:', 'data:text/html,<script>alert(1)</script>', 'scheme'],
    ['a tab inside the scheme', 'java\tscript:alert(1)', 'ambiguous'],
    ['a look-alike host', 'https://www.provider.example.evil.example/', 'origin'],
    ['another scheme on an allowed host', 'ftp://www.provider.example/', 'scheme'],
    ['http on an https-only allowed origin', 'http://www.provider.example/', 'origin'],
    ['an empty address', '', 'empty'],
    ['not a string', 42, 'empty'],
  ])('refuses %s', (_what, url, reason) => {
    expect(checkRedirect(url, policy)).toEqual({ ok: false, reason });
  });

  it('refuses the portal itself when the answer must send the browser elsewhere (a 222 loop)', () => {
    const noSelf = { ...policy, allowSameOrigin: false };
    expect(checkRedirect('/home', noSelf)).toEqual({ ok: false, reason: 'origin' });
    expect(checkRedirect('http://localhost:5173/', noSelf)).toEqual({ ok: false, reason: 'origin' });
    expect(safeRedirectTarget('https://www.provider.example/x', noSelf)).toBe(
      'https://www.provider.example/x',
    );
  });
});

describe('a jump-out that carries a token from an answer (the payment-plan site)', () => {
  const base = portal.jumpOuts.paymentPlan;
  // The sandbox's configuration points at its stand-in site, on the portal's own origin.
  const site = new URL(base, origin);

  it.each([...REDIRECT_CORPUS, 'T 1', '\ud800lone', 'a&b=c#frag'])(
    'stays on the configured site whatever the token holds: %j',
    (token) => {
      const target = tokenJumpTarget(base, token, policy);
      expect(target).not.toBeNull();
      const url = new URL(target ?? '');
      expect(url.origin).toBe(site.origin);
      expect(url.pathname).toBe(site.pathname);
      expect(url.searchParams.get('token')).toBe(toWellFormed(token));
    },
  );

  it('no token, no jump', () => {
    expect(tokenJumpTarget(base, '', policy)).toBeNull();
    expect(tokenJumpTarget(base, undefined, policy)).toBeNull();
  });

  it('a jump-out configured off the allowlist is refused', () => {
    expect(tokenJumpTarget('https://evil.example/?token=', 'T1', policy)).toBeNull();
  });
});
