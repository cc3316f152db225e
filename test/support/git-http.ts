/**
 * A git remote over HTTP for tests, as a git host serves one: a tiny Node HTTP server running git's own CGI
 * (`git http-backend`) on a folder of bare repositories, with Basic authentication when a password is
 * given, and switches a test flips to make it misbehave:
 *
 * - `hold = 'requests'`: every request is accepted and never answered (a remote that hangs);
 * - `hold = 'answers'`: a push is carried out (it lands) but its answer is kept back (a remote that took
 *   a change and then went silent);
 * - `onRequest`: called with each request before anything is done (the credentials test looks at the
 *   process list while git waits for that answer).
 *
 * Also `silentTcp()`: a TCP server that accepts connections and never says a word.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcp, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface GitHttpRemote {
  /** the repository's address, with the user and password when there are ('http://u:p@127.0.0.1:N/rules.git') */
  url: string;
  /** the same address without credentials */
  plainUrl: string;
  /** the bare repository on disk */
  dir: string;
  port: number;
  hold: 'no' | 'requests' | 'answers';
  onRequest?: (req: IncomingMessage) => Promise<void> | void;
  /** requests answered so far */
  answered: number;
  /** answers kept back by hold = 'answers', sent when it is lifted (release()) */
  release(): void;
  close(): Promise<void>;
}

/** git's own CGI, where this git keeps its programs (/usr/lib/git-core on Debian). */
const BACKEND = join(execFileSync('git', ['--exec-path'], { encoding: 'utf8' }).trim(), 'git-http-backend');

export async function gitHttpRemote(
  options: { user?: string; password?: string; name?: string } = {},
): Promise<GitHttpRemote> {
  const root = mkdtempSync(join(tmpdir(), 'git-http-'));
  const name = options.name ?? 'rules.git';
  const dir = join(root, name);
  execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', dir]);
  execFileSync('git', [`--git-dir=${dir}`, 'config', 'http.receivepack', 'true']);
  const expected =
    options.password !== undefined
      ? `Basic ${Buffer.from(`${options.user ?? ''}:${options.password}`).toString('base64')}`
      : undefined;
  const held: (() => void)[] = [];
  const open = new Set<ServerResponse>();

  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    open.add(res);
    res.on('close', () => open.delete(res));
    await remote.onRequest?.(req);
    if (remote.hold === 'requests') return;
    if (expected && req.headers.authorization !== expected) {
      req.resume();
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="rules"' }).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://x');
    const cgi = spawn(BACKEND, [], {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        REQUEST_METHOD: req.method ?? 'GET',
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        ...(req.headers['content-encoding']
          ? { HTTP_CONTENT_ENCODING: req.headers['content-encoding'] }
          : {}),
        ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
        REMOTE_USER: options.user ?? 'test',
        REMOTE_ADDR: '127.0.0.1',
      },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    req.pipe(cgi.stdin);
    const chunks: Buffer[] = [];
    cgi.stdout.on('data', (c: Buffer) => chunks.push(c));
    await new Promise<void>((resolve) => cgi.on('close', () => resolve()));
    const out = Buffer.concat(chunks);
    const end = out.indexOf('\r\n\r\n');
    const head = out.subarray(0, end).toString('latin1').split('\r\n');
    let status = 200;
    const headers: Record<string, string> = {};
    for (const line of head) {
      const at = line.indexOf(':');
      const key = line.slice(0, at).trim();
      const value = line.slice(at + 1).trim();
      if (key.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
      else if (key) headers[key] = value;
    }
    const answer = (): void => {
      remote.answered++;
      res.writeHead(status, headers).end(out.subarray(end + 4));
    };
    // A push's second request (POST git-receive-pack) changes the remote: its answer is the one kept back.
    if (remote.hold === 'answers' && req.method === 'POST') held.push(answer);
    else answer();
  };

  const server: Server = createServer((req, res) => {
    serve(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const auth =
    options.password !== undefined
      ? `${encodeURIComponent(options.user ?? '')}:${encodeURIComponent(options.password)}@`
      : '';
  const remote: GitHttpRemote = {
    url: `http://${auth}127.0.0.1:${port}/${name}`,
    plainUrl: `http://127.0.0.1:${port}/${name}`,
    dir,
    port,
    hold: 'no',
    answered: 0,
    release: () => {
      remote.hold = 'no';
      for (const answer of held.splice(0)) answer();
    },
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  return remote;
}

/** A TCP server that accepts every connection and never answers: a remote that hangs. */
export async function silentTcp(): Promise<{ port: number; connections: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const state = { port: 0, connections: 0, close: (): Promise<void> => Promise.resolve() };
  const server = createTcp((socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.port = (server.address() as AddressInfo).port;
  state.close = async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  };
  return state;
}

/** The processes whose command line contains `needle` (their pid and command line), from /proc. */
export async function processesMatching(needle: string): Promise<{ pid: number; cmdline: string }[]> {
  const { readdir, readFile } = await import('node:fs/promises');
  const found: { pid: number; cmdline: string }[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes(needle)) found.push({ pid: Number(entry), cmdline: cmdline.replace(/\0/g, ' ') });
  }
  return found;
}
