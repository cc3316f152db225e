/**
 * The pre-auth application key (shell spec §7: 'Pre-auth calls carry an application key header'). Every
 * /preauth call goes out with the current key in the configured header; the key is fetched from the configured
 * key endpoint when there is none or it has expired, and shared by calls made at the same time. A call
 * answered 401 (the key was missing, unknown or expired on the server's side) fetches a new key once and is
 * sent again once: a second 401 is the call's failure like any other. Calls outside /preauth pass through.
 *
 * Where the key comes from is configuration (config/portal.json preauth): the provider builds it from a
 * public-IP lookup through a third-party service, which the portal does not call.
 */
import { getApplicationKey } from './calls/application-key';
import type { ApiClient, RequestOptions, Result } from './client';

export interface ApplicationKeyOptions {
  /** where a key is fetched (preauth.applicationKeyUrl) */
  keyUrl: string;
  /** the header it is sent in (preauth.applicationKeyHeader) */
  header: string;
  /** the clock, in ms (injected: tests move it) */
  now: () => number;
  /** a key is renewed this long before the server would expire it (default 30 s) */
  marginMs?: number;
}

const PREAUTH = '/preauth/';

interface HeldKey {
  key: string;
  renewAt: number;
}

export function withApplicationKey(inner: ApiClient, options: ApplicationKeyOptions): ApiClient {
  const margin = options.marginMs ?? 30_000;
  let held: HeldKey | null = null;
  let pending: Promise<Result<HeldKey>> | null = null;

  /** The key to send: the held one while fresh, else one fetched now (one fetch for concurrent calls). */
  function currentKey(renew: boolean): Promise<Result<HeldKey>> {
    if (renew) held = null;
    if (held && options.now() < held.renewAt) return Promise.resolve({ ok: true, data: held });
    pending ??= getApplicationKey(inner, options.keyUrl)
      .then((r): Result<HeldKey> => {
        if (!r.ok) return { ...r, message: `No application key: ${r.message}` };
        held = { key: r.data.key, renewAt: options.now() + Math.max(0, r.data.expiresIn * 1000 - margin) };
        return { ok: true, data: held };
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  }

  async function send<T>(req: RequestOptions<T>, renew: boolean): Promise<Result<T>> {
    const key = await currentKey(renew);
    if (!key.ok) return key;
    return inner.request({ ...req, headers: { ...req.headers, [options.header]: key.data.key } });
  }

  return {
    async request<T>(req: RequestOptions<T>): Promise<Result<T>> {
      if (!req.path.startsWith(PREAUTH)) return inner.request(req);
      const first = await send(req, false);
      if (first.ok || first.status !== 401) return first;
      return send(req, true);
    },
  };
}
