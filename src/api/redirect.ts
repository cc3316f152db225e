/**
 * The one redirect checker: every place that sends the browser to an address a request or a server answer
 * named (the sandbox's post-sign-in redirect, the profile's 222 redirect, jump-outs) asks this module.
 *
 * It decides on the URL the browser will actually follow, never on the raw string. The raw value is
 * resolved against the page's origin exactly as a browser resolves a Location header or an assignment to
 * window.location (WHATWG URL parsing: dot segments removed, '\' read as '/', tabs and newlines dropped,
 * percent-encoded dots decoded in paths), and the checker returns that resolved absolute URL. Because the
 * caller emits the absolute URL, what was checked is what is followed: '/..//evil.example' resolves to
 * 'http://portal//evil.example', absolute and on the portal. Returning a normalised *path* instead (the
 * bug this replaces) turned the same input into the protocol-relative '//evil.example'.
 *
 * Refused outright, before parsing: control characters and '\' (browsers disagree on them), and
 * credentials in the URL (https://provider@evil is a phishing device, never a legitimate redirect).
 */
import { encodeParam } from './url';

export interface RedirectPolicy {
  /** the portal's own origin, e.g. window.location.origin */
  origin: string;
  /** allowed other origins (config redirectAllowlist), e.g. 'https://www.provider.example' */
  allowlist: readonly string[];
  /**
   * Whether the portal's own origin is an acceptable target (default true). False for a server answer that
   * would send the browser somewhere else (the profile's 222): pointing that at the portal itself reloads
   * the page, which asks the profile again, which answers 222 again, forever.
   */
  allowSameOrigin?: boolean;
}

function originOf(value: string): string | null {
  try {
    const o = new URL(value).origin;
    return o === 'null' ? null : o;
  } catch {
    return null;
  }
}

/** Anything below U+0020, DEL, and '\': browsers strip or reinterpret them, so nothing legitimate has them. */
// eslint-disable-next-line no-control-regex
const AMBIGUOUS = /[\u0000-\u001f\u007f\\]/;

/** Why a target was refused, for the issue log. */
export type RedirectRefusal = 'empty' | 'ambiguous' | 'unparsable' | 'scheme' | 'credentials' | 'origin';

export type RedirectCheck = { ok: true; url: string } | { ok: false; reason: RedirectRefusal };

/** Checks a redirect target; the URL to follow is `url`, always absolute. */
export function checkRedirect(raw: unknown, policy: RedirectPolicy): RedirectCheck {
  if (typeof raw !== 'string' || raw.trim() === '') return { ok: false, reason: 'empty' };
  if (AMBIGUOUS.test(raw)) return { ok: false, reason: 'ambiguous' };
  let parsed: URL;
  try {
    parsed = new URL(raw, policy.origin);
  } catch {
    return { ok: false, reason: 'unparsable' };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { ok: false, reason: 'scheme' };
  if (parsed.username !== '' || parsed.password !== '') return { ok: false, reason: 'credentials' };
  const own = originOf(policy.origin);
  const allowed = policy.allowlist.map(originOf).filter((o): o is string => o !== null);
  const sameOrigin = parsed.origin === own;
  if (sameOrigin ? policy.allowSameOrigin === false : !allowed.includes(parsed.origin)) {
    return { ok: false, reason: 'origin' };
  }
  // A same-origin path starting with several slashes is harmless once absolute, but it would turn into a
  // protocol-relative address the moment anything downstream reused it as a path: keep one.
  if (sameOrigin) parsed.pathname = parsed.pathname.replace(/^\/{2,}/, '/');
  return { ok: true, url: parsed.href };
}

/** The absolute URL to go to, or null when it is not safe. */
export function safeRedirectTarget(url: unknown, policy: RedirectPolicy): string | null {
  const checked = checkRedirect(url, policy);
  return checked.ok ? checked.url : null;
}

/**
 * A configured jump-out that takes a token from an answer (the payment-plan site '...?token=', the second
 * provider's shop login): the token is encoded into the address, and the result is checked like any other
 * redirect, so no token, whatever it holds, can send the browser off the allowlist. Null when refused.
 */
export function tokenJumpTarget(base: string, token: unknown, policy: RedirectPolicy): string | null {
  if (typeof token !== 'string' || token.trim() === '') return null;
  return safeRedirectTarget(`${base}${encodeParam(token)}`, policy);
}

/**
 * A same-origin address to go to after sign-in, as an absolute URL (so the Location header is followed
 * exactly as checked), or null.
 */
export function safeLocalTarget(raw: unknown, origin: string): string | null {
  return safeRedirectTarget(raw, { origin, allowlist: [] });
}
