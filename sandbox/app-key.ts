/**
 * The pre-auth application key (shell spec §7: 'Pre-auth calls carry an application key header ... Its
 * time-limited value is not shown'). The provider builds it from a public-IP lookup through a third-party
 * service, which the sandbox does not call: it issues random keys of its own at GET /sandbox/application-key
 * (config/portal.json preauth.applicationKeyUrl) and checks them on every /preauth call. A missing, unknown
 * or expired key is answered 401, which the portal answers by fetching a new key once and retrying.
 *
 * Keys are bounded: at most `max` are remembered (the oldest is forgotten first) and each expires after
 * `lifetimeMs`.
 */
import { randomBytes } from 'node:crypto';

export interface ApplicationKeyLimits {
  /** how long an issued key is accepted (an option of createSandboxServer, not an environment variable) */
  lifetimeMs: number;
  /** keys remembered at most; the oldest is forgotten */
  max: number;
}

export const DEFAULT_APPLICATION_KEY_LIMITS: Readonly<ApplicationKeyLimits> = {
  lifetimeMs: 15 * 60_000,
  max: 10_000,
};

/** What the key endpoint answers (schemas/api/application-key.schema.json). */
export interface IssuedKey {
  key: string;
  /** seconds the key is accepted from now */
  expiresIn: number;
}

export type KeyCheck = 'ok' | 'missing' | 'unknown' | 'expired';

export class ApplicationKeys {
  readonly limits: Readonly<ApplicationKeyLimits>;
  // Insertion order is issue order, so the first entry is the oldest.
  private readonly keys = new Map<string, number>();

  constructor(
    limits: Partial<ApplicationKeyLimits> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.limits = { ...DEFAULT_APPLICATION_KEY_LIMITS, ...limits };
  }

  issue(): IssuedKey {
    const key = randomBytes(24).toString('base64url');
    this.keys.set(key, this.now() + this.limits.lifetimeMs);
    while (this.keys.size > this.limits.max) {
      const oldest = this.keys.keys().next();
      if (oldest.done) break;
      this.keys.delete(oldest.value);
    }
    return { key, expiresIn: Math.floor(this.limits.lifetimeMs / 1000) };
  }

  check(key: string | undefined): KeyCheck {
    if (!key) return 'missing';
    const expiresAt = this.keys.get(key);
    if (expiresAt === undefined) return 'unknown';
    if (this.now() >= expiresAt) {
      this.keys.delete(key);
      return 'expired';
    }
    return 'ok';
  }

  get size(): number {
    return this.keys.size;
  }
}

/** The 401 body of a refused key (the portal reads only the status). */
export function keyRefusal(check: Exclude<KeyCheck, 'ok'>): { error: string } {
  const why = { missing: 'missing', unknown: 'not recognised', expired: 'expired' }[check];
  return { error: `Application key ${why}: fetch a new one from the application key endpoint` };
}
