/**
 * A browser's redirects and cookies in a few lines of fetch, for tests without a browser: each origin its own
 * cookie jar (cookies are sent to the origin that set them, whatever their path), every redirect followed,
 * across origins too (the portal, its identity provider, the sandbox's sign-in).
 */
export class CookieJars {
  private readonly jars = new Map<string, Map<string, string>>();

  /** The Cookie header for `url`'s host ('' for none). Cookies belong to a host, whatever its port. */
  header(url: string): string {
    const jar = this.jars.get(new URL(url).hostname);
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  }

  /** Keeps what a response set for its host (an emptied or expired cookie leaves). */
  keep(url: string, res: Response): void {
    const host = new URL(url).hostname;
    const jar = this.jars.get(host) ?? new Map<string, string>();
    this.jars.set(host, jar);
    for (const set of res.headers.getSetCookie()) {
      const pair = set.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
      if (value === '' || /max-age=0\b|expires=thu, 01 jan 1970/i.test(set)) jar.delete(name);
      else jar.set(name, value);
    }
  }

  /** One value by name for `url`'s host. */
  get(url: string, name: string): string | undefined {
    return this.jars.get(new URL(url).hostname)?.get(name);
  }
}

export interface Followed {
  /** the last response (not a redirect, or the one after `max` hops) */
  res: Response;
  /** every address visited, in order */
  trail: string[];
}

/** GET `url`, following redirects (at most `max`), with the jars' cookies. */
export async function follow(url: string, jars: CookieJars, max = 12): Promise<Followed> {
  const trail: string[] = [];
  let at = url;
  for (let hop = 0; ; hop++) {
    trail.push(at);
    const cookie = jars.header(at);
    const res = await fetch(at, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    jars.keep(at, res);
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location || hop >= max) return { res, trail };
    await res.arrayBuffer();
    at = new URL(location, at).href;
  }
}
