/**
 * The deployment of docs/deploy.md on one machine, with real parts (scripts/rehearse.ts): three production
 * portal servers (dist/server/main.js, the very build that ships), the sandbox as their Orch and as the
 * analysts' identity provider (dist/sandbox/main.js: oidc-provider), a git remote for the rules, HAProxy in
 * front, Prometheus scraping each server's /metrics.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { repoRoot } from '../repo';
import { SERVER_NODE_FLAGS } from '../../server/node-flags';
import { answers, freePort, start, type Proc } from './processes';

export interface Ports {
  lb: number;
  sandbox: number;
  idp: number;
  prometheus: number;
  servers: { name: string; port: number; metrics: number }[];
}

export async function choosePorts(count: number): Promise<Ports> {
  const servers = [];
  for (let i = 1; i <= count; i++)
    servers.push({ name: `s${i}`, port: await freePort(), metrics: await freePort() });
  return {
    lb: await freePort(),
    sandbox: await freePort(),
    idp: await freePort(),
    prometheus: await freePort(),
    servers,
  };
}

export interface Deployment {
  folder: string;
  ports: Ports;
  /** the load balancer's address: all a browser ever uses */
  lb: string;
  remote: string;
  clientSecret: string;
  cookieSecret: string;
}

export function prepare(folder: string, ports: Ports): Deployment {
  mkdirSync(folder, { recursive: true });
  const remote = join(folder, 'rules.git');
  execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', remote]);
  // Each server's own working copy of the rules and its own clone of the history (docs/deploy.md step 5).
  for (const s of ports.servers)
    cpSync(join(repoRoot, 'rules'), join(folder, s.name, 'rules'), { recursive: true });
  return {
    folder,
    ports,
    lb: `http://127.0.0.1:${ports.lb}`,
    remote,
    clientSecret: randomBytes(24).toString('base64url'),
    cookieSecret: randomBytes(32).toString('base64url'),
  };
}

const BASE_ENV = (): Record<string, string | undefined> => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  LOG_LEVEL: 'info',
});

/** The sandbox: Orch, the provider's sign-in and payment stand-ins, the identity provider. */
export function startSandbox(d: Deployment): Proc {
  return start('sandbox', process.execPath, [join(repoRoot, 'dist', 'sandbox', 'main.js')], {
    folder: d.folder,
    env: {
      ...BASE_ENV(),
      SANDBOX_PORT: String(d.ports.sandbox),
      SANDBOX_IDP_PORT: String(d.ports.idp),
      SANDBOX_IDP_CLIENT_SECRET: d.clientSecret,
      // The browser comes through the load balancer: its sign-in returns there, its provider's callback too.
      SANDBOX_PORTAL_URL: d.lb,
      ALLOWED_HOSTS: '127.0.0.1',
    },
  });
}

/** One production portal server, with every variable docs/deploy.md names. */
export function startServer(d: Deployment, name: string): Proc {
  const s = d.ports.servers.find((x) => x.name === name)!;
  const provider = `${d.lb}/sandbox`;
  return start(name, process.execPath, [...SERVER_NODE_FLAGS, join(repoRoot, 'dist', 'server', 'main.js')], {
    folder: d.folder,
    env: {
      ...BASE_ENV(),
      PORTAL_MODE: 'production',
      PORT: String(s.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: d.lb,
      TRUST_PROXY: '127.0.0.1',
      ORCH_UPSTREAM: `http://127.0.0.1:${d.ports.sandbox}`,
      COOKIE_SECRET: d.cookieSecret,
      OIDC_ISSUER_URL: `http://127.0.0.1:${d.ports.idp}`,
      OIDC_CLIENT_ID: 'portal-studio',
      OIDC_CLIENT_SECRET: d.clientSecret,
      RULES_REMOTE: d.remote,
      RULES_FETCH_SECONDS: '1',
      RULES_DIR: join(d.folder, name, 'rules'),
      STUDIO_GIT_DIR: join(d.folder, name, 'history.git'),
      SIGN_IN_URL: `${provider}/signin`,
      QA_SESSION_INFO_URL: `${provider}/session`,
      PAYMENT_PLAN_URL: `${provider}/jump/paymentPlan?token=`,
      APPLICATION_KEY_URL: `${provider}/application-key`,
      CHAT_WIDGET_URL: `${provider}/chat-widget.js`,
      METRICS_PORT: String(s.metrics),
      PROMETHEUS_URL: `http://127.0.0.1:${d.ports.prometheus}`,
      SHUTDOWN_GRACE_SECONDS: '20',
    },
  });
}

/** Waits until a server listens and is ready (its rules fetched from the remote, Orch reachable). */
export async function serverReady(d: Deployment, proc: Proc): Promise<void> {
  const s = d.ports.servers.find((x) => x.name === proc.name)!;
  await proc.line(/Portal running at /);
  await answers(`http://127.0.0.1:${s.port}/readyz`, 200, 60_000);
}

/** Prometheus from Debian's package, scraping each server's /metrics every second. */
export function startPrometheus(d: Deployment): Proc {
  const config = join(d.folder, 'prometheus.yml');
  const targets = d.ports.servers.map((s) => `'127.0.0.1:${s.metrics}'`).join(', ');
  writeFileSync(
    config,
    `global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\nscrape_configs:\n  - job_name: portal\n    static_configs:\n      - targets: [${targets}]\n`,
  );
  return start(
    'prometheus',
    '/usr/bin/prometheus',
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${join(d.folder, 'prometheus-data')}`,
      `--web.listen-address=127.0.0.1:${d.ports.prometheus}`,
      '--log.level=warn',
    ],
    { folder: d.folder, env: BASE_ENV() },
  );
}

/** A Prometheus query's vector: each series' labels and value. */
export async function query(
  d: Deployment,
  promql: string,
): Promise<{ metric: Record<string, string>; value: number }[]> {
  const url = `http://127.0.0.1:${d.ports.prometheus}/api/v1/query?query=${encodeURIComponent(promql)}`;
  const body = (await (await fetch(url, { signal: AbortSignal.timeout(5_000) })).json()) as {
    status: string;
    data?: { result: { metric: Record<string, string>; value: [number, string] }[] };
  };
  if (body.status !== 'success') throw new Error(`Prometheus refused ${promql}`);
  return (body.data?.result ?? []).map((r) => ({ metric: r.metric, value: Number(r.value[1]) }));
}
