/**
 * Where the portal may send the browser when a server answer names an address (the profile's 222
 * redirect, post-sign-in targets): the same origin, or an origin on the configured allowlist.
 *
 * Decided by parsing with `new URL` against our origin and comparing origins, never by string prefix:
 * '//evil.example' and '/\evil.example' are other hosts to a browser, 'https://www.provider.example@evil.example'
 * is evil.example, and 'javascript:' has an opaque origin.
 */
export interface RedirectPolicy {
  /** the portal's own origin, e.g. window.location.origin */
  origin: string;
  /** allowed origins (config redirectAllowlist), e.g. 'https://www.provider.example' */
  allowlist: readonly string[];
}

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** The absolute URL to go to, or null when it is not safe. */
export function safeRedirectTarget(url: string, policy: RedirectPolicy): string | null {
  if (typeof url !== 'string' || url.trim() === '') return null;
  // Browsers drop tabs and newlines inside URLs and read '\' as '/': refuse such input outright.
  if (/[\t\n\r\\]/.test(url)) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, policy.origin);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  // Credentials in a URL are a phishing device (https://provider@evil), never a legitimate redirect.
  if (parsed.username !== '' || parsed.password !== '') return null;
  const own = originOf(policy.origin);
  const allowed = policy.allowlist.map(originOf).filter((o): o is string => o !== null);
  if (parsed.origin !== own && !allowed.includes(parsed.origin)) return null;
  return parsed.href;
}
