/**
 * A small browser for HTTP tests that cross origins (the portal and an identity provider): a cookie jar per
 * host:port, redirects followed one by one (each hop visible), forms posted as a browser posts them.
 */
export interface Hop {
  url: string;
  status: number;
  location: string | null;
}

interface StoredCookie {
  value: string;
  path: string;
  expires: number;
}

export class CookieBrowser {
  /** host:port -> cookie name -> cookie */
  readonly jar = new Map<string, Map<string, StoredCookie>>();
  /** every request of the last follow(), in order */
  hops: Hop[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  private cookiesFor(url: URL): string {
    const jar = this.jar.get(url.host);
    if (!jar) return '';
    return [...jar.entries()]
      .filter(([, c]) => url.pathname.startsWith(c.path) && c.expires > this.now())
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  private keep(url: URL, res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((p) => p.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = '/';
      let expires = Number.POSITIVE_INFINITY;
      for (const a of attributes) {
        const [k = '', v = ''] = a.split('=');
        if (k.toLowerCase() === 'path') path = v;
        if (k.toLowerCase() === 'max-age') expires = this.now() + Number(v) * 1000;
        if (k.toLowerCase() === 'expires' && !attributes.some((x) => /^max-age=/i.test(x)))
          expires = Date.parse(v);
      }
      const jar = this.jar.get(url.host) ?? new Map<string, StoredCookie>();
      this.jar.set(url.host, jar);
      if (value === '' || expires <= this.now()) jar.delete(name);
      else jar.set(name, { value, path, expires });
    }
  }

  /** One request, no redirect followed. */
  async request(
    url: string,
    init: {
      method?: string;
      form?: Record<string, string>;
      json?: unknown;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Response> {
    const u = new URL(url);
    const cookie = this.cookiesFor(u);
    const res = await fetch(u, {
      method: init.method ?? (init.form || init.json !== undefined ? 'POST' : 'GET'),
      redirect: 'manual',
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded', origin: u.origin } : {}),
        ...(init.json !== undefined ? { 'content-type': 'application/json', origin: u.origin } : {}),
        ...init.headers,
      },
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
      ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
    });
    this.keep(u, res);
    return res;
  }

  /**
   * Follows redirects from `url` until an answer that is not one, or until `stopAt` matches the next
   * address (that address is then returned unvisited, as `stoppedAt`).
   */
  async follow(
    url: string,
    init: { method?: string; form?: Record<string, string> } = {},
    stopAt?: (next: URL) => boolean,
  ): Promise<{ res: Response; url: string; stoppedAt?: string }> {
    this.hops = [];
    let at = url;
    let res = await this.request(at, init);
    for (let i = 0; i < 20; i++) {
      const location = res.headers.get('location');
      this.hops.push({ url: at, status: res.status, location });
      if (res.status < 300 || res.status >= 400 || !location) return { res, url: at };
      const next = new URL(location, at);
      if (stopAt?.(next)) return { res, url: at, stoppedAt: next.href };
      at = next.href;
      res = await this.request(at);
    }
    throw new Error(`too many redirects from ${url}`);
  }
}
