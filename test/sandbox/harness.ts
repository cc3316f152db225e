/**
 * Shared pieces of the server's HTTP tests: a built-looking dist/, a rules copy, the portal with the sandbox
 * as its upstream (test/support/portal.ts), a cookie-keeping client.
 */
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { AnalystSessions } from '../../server/analyst-sessions';
import type { PortalOptions, PortalServer } from '../../server/app';
import type { RulesCache } from '../../server/rules-cache';
import type { RulesRepo } from '../../server/studio/studio-repo';
import type { ApplicationKeys } from '../../sandbox/app-key';
import type { RecoveryLedger } from '../../sandbox/outbox';
import type { SandboxOptions, SandboxServer } from '../../sandbox/server';
import type { SessionStore } from '../../sandbox/session';
import type { Persona } from '../../server/personas';
import { analystCookie, analystIdentity, startPortal, type RunningPortal } from '../support/portal';

/** The entry chunk of the fake build: big enough to be worth compressing. */
export const ENTRY = '/assets/index-abc123.js';
export const ENTRY_SOURCE = `${'console.log("portal");\n'.repeat(400)}`;

/** A dist/ like Vite's: index.html, a hashed chunk with its .br and .gz siblings and a hidden map. */
export function makeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><title>portal</title><div id="root"></div><script type="module" src="${ENTRY}"></script>`,
  );
  const entry = join(dist, ENTRY);
  writeFileSync(entry, ENTRY_SOURCE);
  writeFileSync(`${entry}.br`, brotliCompressSync(ENTRY_SOURCE));
  writeFileSync(`${entry}.gz`, gzipSync(ENTRY_SOURCE));
  writeFileSync(`${entry}.map`, '{"version":3,"sources":["secret-source.ts"]}');
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

/** A copy of rules/ that a test may edit. */
export function copyRules(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rules-'));
  cpSync('rules', dir, { recursive: true });
  return dir;
}

/** What a test may set: the portal's options and the sandbox's, in one object (each goes where it applies). */
export type HarnessOptions = Partial<Omit<PortalOptions, 'upstream' | 'personas' | 'sessions'>> &
  SandboxOptions;

/** The portal and its sandbox as one: the portal's app and studio, the sandbox's customer sessions. */
export interface Harness {
  /** the portal's Fastify app: what a browser talks to */
  app: PortalServer['app'];
  server: PortalServer['server'];
  portal: PortalServer;
  /** the sandbox (the portal's upstream) */
  stand: SandboxServer;
  personas: readonly Persona[];
  /** the sandbox's customer sessions */
  sessions: SessionStore;
  /** the portal's analysts' sessions */
  analysts: AnalystSessions;
  rules: RulesCache;
  studioRepo: RulesRepo;
  applicationKeys: ApplicationKeys;
  ledger: RecoveryLedger;
  running: RunningPortal;
  close(graceMs?: number): Promise<void>;
}

const SANDBOX_KEYS = [
  'personaDirs',
  'personas',
  'analysts',
  'timeoutHoldMs',
  'applicationKeys',
  'ledger',
  'signIn',
  'onPersonaProblem',
] as const;
const SHARED_KEYS = ['today', 'now', 'rateLimits', 'sessions', 'secureCookies', 'allowedHosts'] as const;

export async function start(options: HarnessOptions = {}): Promise<{ sandbox: Harness; base: string }> {
  const portalOptions: Record<string, unknown> = {};
  const sandboxOptions: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if ((SANDBOX_KEYS as readonly string[]).includes(key)) sandboxOptions[key] = value;
    else if ((SHARED_KEYS as readonly string[]).includes(key)) {
      sandboxOptions[key] = value;
      portalOptions[key] = value;
    } else portalOptions[key] = value;
  }
  const running = await startPortal({
    ...(portalOptions as Partial<PortalOptions>),
    sandbox: sandboxOptions,
  });
  const { portal, sandbox: stand } = running;
  const harness: Harness = {
    app: portal.app,
    server: portal.server,
    portal,
    stand,
    personas: stand.personas,
    sessions: stand.sessions,
    analysts: portal.sessions,
    rules: portal.rules,
    studioRepo: portal.studioRepo,
    applicationKeys: stand.applicationKeys,
    ledger: stand.ledger,
    running,
    close: async (graceMs?: number) => {
      await portal.close(graceMs);
      await stand.close(graceMs);
    },
  };
  return { sandbox: harness, base: running.base };
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One request with node:http, nothing decoded or followed: what the server really sent. A reset socket
 * rejects with the socket's error, so a test can tell "answered" from "dropped".
 */
export function raw(
  base: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  return new Promise((resolveRaw, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      { method: init.method ?? 'GET', headers: { connection: 'close', ...init.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolveRaw({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** The header every /preauth call carries its application key in (config/portal.json). */
export const KEY_HEADER = 'x-application-key';

/**
 * A tiny cookie-keeping browser (a jar of name=value pairs for one site: the sandbox's `sid`, the portal's
 * `studio_sid` ...). After `withKey()` it sends an application key on every /preauth call, as the portal does.
 */
export class Browser {
  readonly jar = new Map<string, string>();
  key = '';
  constructor(private readonly base: string) {}

  /** The Cookie header this browser sends ('' for none). */
  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Replaces every cookie by the pairs of a Cookie header ('' empties the jar). */
  set cookie(header: string) {
    this.jar.clear();
    for (const pair of header.split(';')) {
      const at = pair.indexOf('=');
      if (at > 0) this.jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }

  /** Fetches an application key from the sandbox; /preauth calls carry it from now on. */
  async withKey(): Promise<this> {
    const res = await fetch(`${this.base}/sandbox/application-key`);
    this.key = ((await res.json()) as { key: string }).key;
    return this;
  }

  async get(path: string, init: RequestInit = {}): Promise<Response> {
    const cookie = this.cookie;
    const res = await fetch(this.base + path, {
      redirect: 'manual',
      ...init,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(this.key && path.startsWith('/preauth/') ? { [KEY_HEADER]: this.key } : {}),
        ...(init.headers as Record<string, string>),
      },
    });
    for (const set of res.headers.getSetCookie()) {
      const pair = set.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      // A cleared cookie (empty, or expired at once) leaves the jar.
      if (value === '' || /max-age=0\b|expires=thu, 01 jan 1970/i.test(set)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return res;
  }

  post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return this.get(path, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...headers },
    });
  }

  async json<T = Record<string, unknown>>(path: string): Promise<T> {
    return (await (await this.get(path)).json()) as T;
  }

  signIn(persona: string, extra = ''): Promise<Response> {
    return this.get(`/sandbox/signin?persona=${persona}${extra}`);
  }

  /**
   * Signs this browser in to the studio as one of the sandbox's analysts, as the OpenID Connect sign-in
   * leaves it: a session of the portal's and its cookie.
   */
  signInAnalyst(
    harness: Harness,
    id: string,
    roles: Partial<{ author: boolean; approver: boolean }> = {},
  ): void {
    const [name, value] = analystCookie(harness.portal, analystIdentity(id, roles)).split('=') as [
      string,
      string,
    ];
    this.jar.set(name, value);
  }

  /** The sandbox session id this browser holds. */
  get sid(): string {
    return this.jar.get('sid') ?? '';
  }
}
