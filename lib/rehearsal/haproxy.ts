/**
 * The rehearsal's load balancer: HAProxy from Debian's package, as docs/deploy.md describes it. The portal
 * servers behind one backend (round robin, readiness checked every half second on /readyz, an analyst's
 * browser kept on its server by a cookie, a request that could not reach a server retried on another), the
 * sandbox's pages (the provider's sign-in and payment stand-ins) behind another, routed by path, as a
 * provider's own load balancer routes its sign-in service. Its admin socket drains a server before a restart.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { READY_UPSTREAM_TIMEOUT_MS } from '../../server/plugins/health';
import { deadline, start, type Proc } from './processes';

/**
 * How long HAProxy waits for a server's /readyz: a second longer than /readyz waits for the upstream, so a
 * server still within its own bound is never taken out for being slow, and its 503 (with why) is what counts.
 */
export const CHECK_TIMEOUT_MS = READY_UPSTREAM_TIMEOUT_MS + 1_000;

export const HAPROXY = '/usr/sbin/haproxy';

export interface Backend {
  name: string;
  port: number;
}

/** Installs HAProxy and Prometheus with apt-get when missing and root, as the browser tests do Chromium. */
export function ensureDebianPackages(packages: Record<string, string>): void {
  const missing = Object.entries(packages).filter(([, binary]) => !existsSync(binary));
  if (missing.length === 0) return;
  const names = missing.map(([name]) => name);
  if (process.getuid?.() !== 0)
    throw new Error(`missing ${names.join(', ')}: run 'sudo apt-get install -y ${names.join(' ')}'`);
  console.log(`installing Debian's ${names.join(', ')} (apt-get install)...`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore' });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...names], {
    stdio: 'ignore',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

export function haproxyConfig(options: {
  port: number;
  servers: readonly Backend[];
  sandboxPort: number;
  socket: string;
}): string {
  const servers = options.servers
    .map((s) => `  server ${s.name} 127.0.0.1:${s.port} check cookie ${s.name}`)
    .join('\n');
  return `global
  maxconn 4096
  stats socket ${options.socket} mode 600 level admin
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  # A request that could not reach a server (refused, reset before an answer) goes to another one.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response
frontend portal
  bind 127.0.0.1:${options.port}
  option forwardfor
  http-request set-header X-Forwarded-Proto http
  acl provider_pages path_beg /sandbox
  use_backend provider if provider_pages
  default_backend portals
backend portals
  balance roundrobin
  # An analyst's studio session lives in one server's memory (docs/deploy.md): the browser stays there.
  cookie SERVERID insert indirect nocache httponly
  option httpchk GET /readyz
  http-check expect status 200
  # Checked every half second: a refused connection or a 503 takes a server out within a second. An answer
  # may take a second longer than /readyz's own bound on its call to the upstream (CHECK_TIMEOUT_MS).
  # With the check's default bound (inter, 500 ms), a busy sandbox made every portal's check time out
  # together, and HAProxy took healthy servers out under an analyst's studio session.
  timeout check ${CHECK_TIMEOUT_MS}ms
  default-server inter 500ms fall 2 rise 1
${servers}
backend provider
  server sandbox 127.0.0.1:${options.sandboxPort}
`;
}

export function startHaproxy(folder: string, config: string): Proc {
  const file = join(folder, 'haproxy.cfg');
  writeFileSync(file, config);
  execFileSync(HAPROXY, ['-c', '-q', '-f', file]);
  // -db: in the foreground, logging to its output; its process group is the rehearsal's to stop.
  return start('haproxy', HAPROXY, ['-db', '-f', file], { env: process.env, folder });
}

/** One command on HAProxy's admin socket; its answer. */
export function admin(socket: string, command: string): Promise<string> {
  return deadline(
    `haproxy: ${command}`,
    5_000,
    new Promise((resolve, reject) => {
      const c = connect(socket);
      let out = '';
      c.on('data', (d) => (out += d.toString()));
      c.on('end', () => resolve(out));
      c.on('error', reject);
      c.end(`${command}\n`);
    }),
  );
}

/** The current sessions of a server of the portals backend (show stat's scur). */
export async function currentSessions(socket: string, server: string): Promise<number> {
  const csv = await admin(socket, 'show stat');
  const header = csv.split('\n')[0]?.replace(/^# /, '').split(',') ?? [];
  const scur = header.indexOf('scur');
  const row = csv
    .split('\n')
    .map((l) => l.split(','))
    .find((r) => r[0] === 'portals' && r[1] === server);
  return Number(row?.[scur] ?? 0);
}
