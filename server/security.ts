/**
 * The server's security policy in one place: the strict CSP and the headers every response carries, and
 * the cross-site check of state-changing requests.
 */

/** Where the browser posts CSP violation reports: the sandbox keeps them for tests, production logs them. */
export const SANDBOX_CSP_REPORT_URI = '/sandbox/csp-report';
export const PRODUCTION_CSP_REPORT_URI = '/csp-report';

/** Origins beyond 'self' a deployment's addresses need: a chat widget's script, a key or session service. */
export interface CspOrigins {
  script?: readonly string[];
  connect?: readonly string[];
}

/** The portal's CSP with its report address, byte for byte as served. */
export function contentSecurityPolicy(reportUri: string, origins: CspOrigins = {}): string {
  const plus = (list: readonly string[] | undefined): string =>
    [...new Set(list ?? [])].map((o) => ` ${o}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${plus(origins.script)}`,
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self'${plus(origins.connect)}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    `report-uri ${reportUri}`,
  ].join('; ');
}

/**
 * `csp` allowing the inline `<style>` elements whose hashes (`'sha256-…'`) are given, and no other: a
 * server-rendered page's inlined stylesheets (server/inline-styles.ts). The policy as it is without hashes.
 */
export function withStyleHashes(csp: string, hashes: readonly string[]): string {
  if (hashes.length === 0) return csp;
  const extra = [...new Set(hashes)].join(' ');
  const directives = csp.split('; ');
  const at = directives.findIndex((d) => d === 'style-src' || d.startsWith('style-src '));
  if (at < 0) return `${csp}; style-src 'self' ${extra}`;
  directives[at] = `${directives[at]} ${extra}`;
  return directives.join('; ');
}

/** The sandbox's CSP, byte for byte as served (other code and tests compare against it). */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy(SANDBOX_CSP_REPORT_URI);

/**
 * The CSP of an analyst's pages: the same, except that the rule studio may frame the portal (its preview
 * shows a persona's home under the live and the draft rules side by side). Customers never get it.
 */
export const analystPolicy = (csp: string): string =>
  csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'");

export const ANALYST_CONTENT_SECURITY_POLICY = analystPolicy(CONTENT_SECURITY_POLICY);

/** Powerful features the portal never uses, denied to it and to anything it could embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'bluetooth',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers the security plugin sets itself on every response (helmet sets the rest): the CSP (helmet
 * would re-join its directives with ';'), Permissions-Policy (helmet has none). Also written into the raw
 * answers to malformed requests, which never reach a hook.
 */
export function ownSecurityHeaders(csp: string): Readonly<Record<string, string>> {
  return { 'Content-Security-Policy': csp, 'Permissions-Policy': PERMISSIONS_POLICY };
}

export const OWN_SECURITY_HEADERS = ownSecurityHeaders(CONTENT_SECURITY_POLICY);

/** What a raw (pre-routing) error answer carries: ours plus the helmet headers that matter most. */
export const RAW_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...OWN_SECURITY_HEADERS,
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

/** Lower-cased names of every security header the sandbox owns: an upstream's copies are dropped. */
export const SECURITY_HEADER_NAMES: ReadonlySet<string> = new Set([
  'content-security-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

/**
 * Why a state-changing request must be refused as cross-site, or null. A browser says where a request
 * comes from in Sec-Fetch-Site (anything but same-origin, or none for a typed address, is another origin)
 * and, for most non-GET requests, in Origin. A request with neither (curl, tests, old browsers) is allowed:
 * the SameSite=Strict cookie already keeps a foreign page's request unauthenticated there.
 */
export function crossSiteRefusal(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  ownOrigin: string,
): string | null {
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return `Cross-site request refused (Sec-Fetch-Site: ${String(site)})`;
  }
  const origin = headers.origin;
  if (origin !== undefined && origin !== ownOrigin) {
    return `Cross-site request refused (Origin ${String(origin)} is not ${ownOrigin})`;
  }
  return null;
}

/** Host names a sandbox on this machine answers to when nothing else is configured. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '::1'];

/**
 * Why a request must be refused for the Host it names, or null. A page on another site can point its own
 * name at 127.0.0.1 (DNS rebinding) and then talk to the sandbox as "same origin"; the Host header still
 * carries the foreign name, so only names this deployment owns are answered (as Vite's dev server does).
 * `allowed` holds host names without ports; '*' allows any.
 */
export function hostRefusal(hostname: string | undefined, allowed: readonly string[]): string | null {
  if (allowed.includes('*')) return null;
  const name = (hostname ?? '').toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (name !== '' && allowed.some((h) => h.toLowerCase() === name)) return null;
  return `Host '${name.slice(0, 100)}' is not one this sandbox answers to (set ALLOWED_HOSTS to add it)`;
}
