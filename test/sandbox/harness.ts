/** Shared pieces of the sandbox's HTTP tests: a built-looking dist/, a rules copy, a cookie-keeping client. */
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createSandboxServer, type SandboxOptions, type SandboxServer } from '../../sandbox/server';

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

export async function start(options: SandboxOptions = {}): Promise<{ sandbox: SandboxServer; base: string }> {
  const sandbox = createSandboxServer({ onRulesProblem: () => undefined, ...options });
  const base = await sandbox.listen(0);
  return { sandbox, base };
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
 * A tiny cookie-keeping browser (one cookie: the session). After `withKey()` it sends an application key on
 * every /preauth call, as the portal does.
 */
export class Browser {
  cookie = '';
  key = '';
  constructor(private readonly base: string) {}

  /** Fetches an application key from the sandbox; /preauth calls carry it from now on. */
  async withKey(): Promise<this> {
    const res = await fetch(`${this.base}/sandbox/application-key`);
    this.key = ((await res.json()) as { key: string }).key;
    return this;
  }

  async get(path: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(this.base + path, {
      redirect: 'manual',
      ...init,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(this.key && path.startsWith('/preauth/') ? { [KEY_HEADER]: this.key } : {}),
        ...(init.headers as Record<string, string>),
      },
    });
    const set = res.headers.get('set-cookie');
    if (set) {
      const pair = set.split(';')[0] ?? '';
      this.cookie = pair.endsWith('=') ? '' : pair;
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

  /** The session id this browser holds. */
  get sid(): string {
    return this.cookie.replace(/^sid=/, '');
  }
}
