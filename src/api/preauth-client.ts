/**
 * The API client start.tsx hands to the stores: calls outside /preauth go straight to `inner`; the first
 * /preauth call loads the application-key wrapper (src/api/application-key.ts), which every /preauth call then
 * goes through. Most signed-in pages make no /preauth call, so the wrapper is not part of their first load.
 */
import type { ApplicationKeyOptions } from './application-key';
import type { ApiClient, RequestOptions, Result } from './client';

export function withLazyApplicationKey(inner: ApiClient, options: ApplicationKeyOptions): ApiClient {
  let keyed: Promise<ApiClient | null> | null = null;
  return {
    async request<T>(req: RequestOptions<T>): Promise<Result<T>> {
      if (!req.path.startsWith('/preauth/')) return inner.request(req);
      keyed ??= import('./application-key').then(
        (m) => m.withApplicationKey(inner, options),
        () => {
          keyed = null;
          return null;
        },
      );
      const client = await keyed;
      if (!client) return { ok: false, kind: 'network', message: 'the application key module did not load' };
      return client.request(req);
    },
  };
}
