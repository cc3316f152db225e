/**
 * The embedded Orch sandbox: a plain node:http server that serves the built portal (dist/), the rule files
 * (read fresh on every request), the sandbox's sign-in stand-in, and every Orch and pre-auth call of the
 * spec from per-session persona copies, with per-session fault injection. With `upstream` set it proxies
 * /Orch and /preauth to a real host instead.
 *
 * main.ts only starts it; tests start it on port 0 with createSandboxServer().
 */
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createReadStream, existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { handleOrch, isSignedIn, type OrchRequest, type Reply } from './orch';
import { handlePreauth } from './preauth';
import { loadPersonas, signInOf, type Persona, type PersonaProblem } from './personas';
import { jumpPage, messagePage, notBuiltPage, sandboxCss, signInPage } from './pages';
import { safeLocalTarget } from '../src/api/redirect';
import { SessionStore, isFaultMode, isFaultableCall, type FaultMode, type Session } from './session';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  'report-uri /sandbox/csp-report',
].join('; ');

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
};

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

export interface SandboxOptions {
  /** built app (default <repo>/dist) */
  distDir?: string;
  /** rule files served at /rules (default <repo>/rules) */
  rulesDir?: string;
  /** extra persona folders (SANDBOX_PERSONAS_DIR) */
  personaDirs?: readonly string[];
  /** a real Orch host (ORCH_UPSTREAM): /Orch and /preauth are proxied there */
  upstream?: string;
  /** how long a 'timeout' fault holds the response (default 30 s) */
  timeoutHoldMs?: number;
  /** the sandbox's clock for relative persona dates (default: the wall clock) */
  today?: () => Date;
  /** where an invalid persona file is reported (default console.warn) */
  onPersonaProblem?: (p: PersonaProblem) => void;
}

export interface SandboxServer {
  server: Server;
  personas: readonly Persona[];
  sessions: SessionStore;
  /** Starts listening (port 0 = any free port); resolves to the base URL. */
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

interface SignInConfig {
  signInUrl: string;
  redirectParam: string;
  logoutUrl: string;
}

function readSignInConfig(): SignInConfig {
  const fallback = { signInUrl: '/sandbox/signin', redirectParam: 'redirect', logoutUrl: '/Orch/logout' };
  try {
    const config = JSON.parse(readFileSync(join(repoRoot, 'config', 'portal.json'), 'utf8')) as {
      signIn?: Partial<SignInConfig>;
    };
    return { ...fallback, ...config.signIn };
  } catch {
    return fallback;
  }
}

const pathOf = (absolute: string): string => {
  const u = new URL(absolute);
  return `${u.pathname}${u.search}${u.hash}`;
};

function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out.set(part.slice(0, i).trim(), decodeURIComponent(part.slice(i + 1).trim()));
  }
  return out;
}

const SESSION_COOKIE = 'sid';
const sessionCookie = (id: string): string => `${SESSION_COOKIE}=${id}; HttpOnly; SameSite=Lax; Path=/`;
const clearedCookie = `${SESSION_COOKIE}=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0`;

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(html);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { Location: location, 'Cache-Control': 'no-store' });
  res.end();
}

function sendReply(res: ServerResponse, reply: Reply): void {
  if ('location' in reply) redirect(res, reply.location);
  else if ('text' in reply) {
    res.writeHead(reply.status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(reply.text);
  } else sendJson(res, reply.status, reply.json);
}

const MAX_BODY = 1_000_000;

/** Reads a JSON body; {} when empty; throws a message for a bad or oversized one. */
async function readJsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY) throw new Error('body too large');
    chunks.push(buf);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  const parsed: unknown = JSON.parse(text);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { value: parsed };
  }
  return parsed as Record<string, unknown>;
}

function parseFaultSpec(spec: string): { call: string; mode: FaultMode } | null {
  const i = spec.lastIndexOf(':');
  if (i < 0) return null;
  const call = spec.slice(0, i);
  const mode = spec.slice(i + 1);
  return isFaultableCall(call) && isFaultMode(mode) ? { call, mode } : null;
}

export function createSandboxServer(options: SandboxOptions = {}): SandboxServer {
  const distDir = resolve(options.distDir ?? join(repoRoot, 'dist'));
  const rulesDir = resolve(options.rulesDir ?? join(repoRoot, 'rules'));
  const upstream = options.upstream ? new URL(options.upstream) : undefined;
  const holdMs = options.timeoutHoldMs ?? 30_000;
  const today = options.today ?? ((): Date => new Date());
  const signIn = readSignInConfig();
  const personas = loadPersonas(options.personaDirs ?? [], options.onPersonaProblem);
  const sessions = new SessionStore();
  const cspReports: unknown[] = [];

  function sessionOf(req: IncomingMessage): Session | undefined {
    return sessions.get(parseCookies(req.headers.cookie).get(SESSION_COOKIE));
  }

  /** The caller's session, created (and its cookie set) when there is none. */
  function ensureSession(req: IncomingMessage, res: ServerResponse): Session {
    const existing = sessionOf(req);
    if (existing) return existing;
    const created = sessions.create();
    res.setHeader('Set-Cookie', sessionCookie(created.id));
    return created;
  }

  const faultList = (s: Session): Record<string, string> => Object.fromEntries(s.faults);

  /** Answers with the armed fault; true when it did. */
  function applyFault(res: ServerResponse, session: Session | undefined, path: string): boolean {
    const mode = session?.faults.get(path);
    if (!mode) return false;
    if (mode === '500') sendJson(res, 500, { error: 'Injected fault', call: path });
    else if (mode === 'malformed') sendJson(res, 200, { unexpected: true });
    else {
      // Hold the answer; if the client gives up first the timer is dropped and nothing is written.
      const timer = setTimeout(() => sendJson(res, 504, { error: 'Injected time-out', call: path }), holdMs);
      timer.unref();
      res.on('close', () => clearTimeout(timer));
    }
    return true;
  }

  function proxy(req: IncomingMessage, res: ServerResponse, target: URL): void {
    const url = new URL(req.url ?? '/', target);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const upstreamReq = send(
      url,
      { method: req.method, headers: { ...req.headers, host: url.host } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, { ...up.headers, ...SECURITY_HEADERS });
        up.pipe(res);
      },
    );
    upstreamReq.on('error', (e) => {
      if (!res.headersSent) sendJson(res, 502, { error: `Upstream unavailable: ${e.message}` });
      else res.destroy();
    });
    req.pipe(upstreamReq);
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname;
    const session = sessionOf(req);
    if (applyFault(res, session, path)) return;
    if (upstream) return proxy(req, res, upstream);

    if (path === signIn.logoutUrl) {
      sessions.end(session?.id);
      res.setHeader('Set-Cookie', clearedCookie);
      return redirect(res, signIn.signInUrl);
    }
    if (path === '/Orch/isAuth') return sendJson(res, 200, { authenticated: session?.persona !== undefined });

    let body: Record<string, unknown> = {};
    if (req.method === 'POST' || req.method === 'PUT') {
      try {
        body = await readJsonBody(req);
      } catch (e) {
        return sendJson(res, 400, {
          error: `Bad request body: ${e instanceof Error ? e.message : String(e)}`,
        });
      }
    }
    const request: OrchRequest = {
      method: req.method ?? 'GET',
      path,
      query: url.searchParams,
      body,
      today: today(),
    };

    if (path.startsWith('/preauth/')) {
      // Issues logged before the app knows the session (e.g. a rule file refused at start-up) still belong to
      // this browser: keep them with its session for inspection, as the /Orch log does.
      if (path === '/preauth/dssh/ui/sanitize' && session) {
        session.issues.push(body);
        if (session.issues.length > 200) session.issues.shift();
      }
      return sendReply(
        res,
        handlePreauth(
          {
            personas,
            signIn: (persona) => {
              const signedIn = sessions.signIn(session, persona);
              res.setHeader('Set-Cookie', sessionCookie(signedIn.id));
              return signInOf(persona, 0);
            },
          },
          request,
        ),
      );
    }
    if (!isSignedIn(session)) return sendJson(res, 401, { authenticated: false });
    return sendReply(res, handleOrch(session, request));
  }

  function signInRoute(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const wanted = url.searchParams.get(signIn.redirectParam);
    const checked = safeLocalTarget(wanted, url.origin);
    // The Location header carries the absolute URL that was checked; the page shows and links the path.
    const target = checked ? pathOf(checked) : null;
    const id = url.searchParams.get('persona');
    if (id === null) {
      return sendHtml(
        res,
        200,
        signInPage({ personas, redirect: target ?? '', redirectParam: signIn.redirectParam }),
      );
    }
    const persona = personas.find((p) => p.id === id);
    if (!persona) {
      return sendHtml(
        res,
        404,
        signInPage({
          personas,
          redirect: target ?? '',
          redirectParam: signIn.redirectParam,
          error: `No persona '${id}'.`,
        }),
      );
    }
    const faults = url.searchParams.getAll('fault').map((f) => [f, parseFaultSpec(f)] as const);
    const bad = faults.find(([, parsed]) => parsed === null);
    if (bad)
      return sendHtml(res, 400, messagePage('Bad fault', `Cannot read the fault '${bad[0]}' (call:mode).`));
    const session = sessions.signIn(sessionOf(req), persona);
    for (const [, f] of faults) if (f) sessions.setFault(session, f.call, f.mode);
    res.setHeader('Set-Cookie', sessionCookie(session.id));
    redirect(res, checked ?? '/home');
  }

  async function faultsRoute(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const session = ensureSession(req, res);
    if (req.method === 'POST') {
      let body: Record<string, unknown>;
      try {
        body = await readJsonBody(req);
      } catch {
        return sendJson(res, 400, { error: 'Body must be JSON {call, mode}' });
      }
      if (!isFaultableCall(body.call) || !isFaultMode(body.mode)) {
        return sendJson(res, 400, {
          error: "Expected {call: '/Orch/...', mode: '500'|'timeout'|'malformed'|'off'}",
        });
      }
      sessions.setFault(session, body.call, body.mode);
      return sendJson(res, 200, { faults: faultList(session) });
    }
    for (const spec of url.searchParams.getAll('set')) {
      const f = parseFaultSpec(spec);
      if (!f) return sendJson(res, 400, { error: `Cannot read the fault '${spec}' (call:mode)` });
      sessions.setFault(session, f.call, f.mode);
    }
    return sendJson(res, 200, { faults: faultList(session) });
  }

  async function sandboxRoute(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname;
    if (path === signIn.signInUrl && req.method === 'GET') return signInRoute(req, res, url);
    if (path === '/sandbox/faults') return faultsRoute(req, res, url);
    if (path === '/sandbox/csp-report' && req.method === 'POST') {
      try {
        cspReports.push(await readJsonBody(req));
        if (cspReports.length > 500) cspReports.shift();
      } catch {
        cspReports.push({ unreadable: true });
      }
      res.writeHead(204);
      return void res.end();
    }
    if (path === '/sandbox/csp-reports') {
      if (req.method === 'DELETE') {
        cspReports.length = 0;
        res.writeHead(204);
        return void res.end();
      }
      return sendJson(res, 200, { reports: cspReports });
    }
    if (path === '/sandbox/personas') {
      return sendJson(
        res,
        200,
        personas.map((p) => ({ id: p.id, description: p.description })),
      );
    }
    if (path === '/sandbox/session') {
      const s = sessionOf(req);
      return sendJson(res, 200, {
        signedIn: s?.persona !== undefined,
        persona: s?.persona?.id ?? null,
        accountIndex: s?.accountIndex ?? 0,
        faults: s ? faultList(s) : {},
        issues: s?.issues ?? [],
      });
    }
    if (path === '/sandbox/sandbox.css') {
      res.writeHead(200, { 'Content-Type': 'text/css; charset=utf-8' });
      return void res.end(sandboxCss);
    }
    const jump = /^\/sandbox\/jump\/([A-Za-z]+)$/.exec(path);
    if (jump?.[1]) {
      const html = jumpPage(jump[1], url.searchParams);
      if (html) return sendHtml(res, 200, html);
    }
    return sendHtml(res, 404, messagePage('Not found', `The sandbox has no page ${path}.`));
  }

  function rulesRoute(res: ServerResponse, url: URL): void {
    const name = url.pathname.slice('/rules/'.length);
    // Read on every request, never cached, so an analyst's edit shows after a reload.
    res.setHeader('Cache-Control', 'no-store');
    if (name === 'index.json') {
      const files = existsSync(rulesDir)
        ? readdirSync(rulesDir)
            .filter((f) => f.endsWith('.json') && f !== 'index.json')
            .sort()
        : [];
      return sendJson(res, 200, { files });
    }
    const file = join(rulesDir, name);
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*\.json$/.test(name) || !existsSync(file)) {
      return sendJson(res, 404, { error: `No rule file ${name}` });
    }
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(readFileSync(file));
  }

  function staticRoute(req: IncomingMessage, res: ServerResponse, url: URL): void {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return sendJson(res, 405, { error: 'Method not allowed' });
    const index = join(distDir, 'index.html');
    if (!existsSync(index)) return sendHtml(res, 503, notBuiltPage(distDir));
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return sendHtml(res, 400, messagePage('Bad request', 'The address is not valid.'));
    }
    const file = resolve(distDir, `.${path}`);
    const inside = file.startsWith(distDir + sep);
    const serve = (f: string, cache: string): void => {
      res.writeHead(200, {
        'Content-Type': CONTENT_TYPES[extname(f).toLowerCase()] ?? 'application/octet-stream',
        'Cache-Control': cache,
      });
      if (req.method === 'HEAD') return void res.end();
      createReadStream(f).pipe(res);
    };
    if (inside && existsSync(file) && statSync(file).isFile()) {
      // Vite fingerprints everything under /assets, so it may be cached for good; the rest may change.
      return serve(file, path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    const last = path.split('/').pop() ?? '';
    if (path.startsWith('/assets/') || last.includes('.')) {
      return sendHtml(res, 404, messagePage('Not found', `No file ${path}.`));
    }
    // History fallback: client-side routes (/home, /billing, ...) all get the app shell.
    serve(index, 'no-cache');
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    let url: URL;
    try {
      url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    } catch {
      return sendJson(res, 400, { error: 'Bad request' });
    }
    const path = url.pathname;
    if (path.startsWith('/Orch/') || path.startsWith('/preauth/')) return api(req, res, url);
    if (path.startsWith('/sandbox/')) return sandboxRoute(req, res, url);
    if (path.startsWith('/rules/')) return rulesRoute(res, url);
    return staticRoute(req, res, url);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      // A handler bug must answer 500, never take the sandbox down.
      console.error('sandbox error', e);
      if (!res.headersSent) sendJson(res, 500, { error: 'Sandbox error' });
      else res.destroy();
    });
  });
  server.on('clientError', (_e, socket) => socket.destroy());

  return {
    server,
    personas,
    sessions,
    listen: (port = 0, host?: string) =>
      new Promise<string>((resolveUrl, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const { port: actual } = server.address() as AddressInfo;
          resolveUrl(`http://localhost:${actual}`);
        });
      }),
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}
