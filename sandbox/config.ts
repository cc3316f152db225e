/**
 * The sandbox process's configuration from its environment (sandbox/README.md lists the variables): its
 * personas, clock and time-out fault, and where it listens. A value it cannot use stops the start with every
 * problem named, as the portal's configuration does.
 */
import { delimiter } from 'node:path';
import { LOG_LEVELS, type LogLevel } from '../server/config';
import { parseSandboxToday } from '../server/personas';

export interface SandboxConfig {
  /** SANDBOX_PORT (default 0: any free port; start.ts tells the portal which) */
  port: number;
  /** SANDBOX_IDP_PORT: the identity provider stand-in's port (default 0) */
  idpPort: number;
  /** SANDBOX_PERSONAS_DIR: more persona folders */
  personaDirs?: string[];
  /** SANDBOX_TODAY: the sandbox's clock, a day (noon) or a time */
  today?: Date;
  /** SANDBOX_TIMEOUT_MS: how long a 'timeout' fault holds a call */
  timeoutHoldMs?: number;
  /** ALLOWED_HOSTS: host names answered beside the loopback names (behind a load balancer) */
  allowedHosts?: string[];
  /** LOG_LEVEL (default info) */
  logLevel: LogLevel;
}

export class SandboxConfigError extends Error {}

export function readSandboxConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const problems: string[] = [];
  const text = (name: string): string | undefined => {
    const v = env[name]?.trim();
    return v === undefined || v === '' ? undefined : v;
  };
  const whole = (name: string, max: number): number | undefined => {
    const raw = text(name);
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (/^\d+$/.test(raw) && n <= max) return n;
    problems.push(`${name} must be a whole number from 0 to ${max}, not '${raw}'`);
    return undefined;
  };
  const config: SandboxConfig = {
    port: whole('SANDBOX_PORT', 65_535) ?? 0,
    idpPort: whole('SANDBOX_IDP_PORT', 65_535) ?? 0,
    logLevel: 'info',
  };
  const dirs = text('SANDBOX_PERSONAS_DIR');
  if (dirs) config.personaDirs = dirs.split(delimiter).filter(Boolean);
  const hold = whole('SANDBOX_TIMEOUT_MS', 2_147_483_647);
  if (hold) config.timeoutHoldMs = hold;
  const today = text('SANDBOX_TODAY');
  if (today !== undefined) {
    const day = parseSandboxToday(today);
    if (day) config.today = day;
    else problems.push(`SANDBOX_TODAY must be YYYY-MM-DD or YYYY-MM-DDTHH:mm[:ss], not '${today}'`);
  }
  const hosts = (text('ALLOWED_HOSTS') ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  if (hosts.length > 0) config.allowedHosts = hosts;
  const level = text('LOG_LEVEL') ?? 'info';
  if ((LOG_LEVELS as readonly string[]).includes(level)) config.logLevel = level as LogLevel;
  else problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not '${level}'`);
  if (problems.length > 0)
    throw new SandboxConfigError(`The sandbox cannot start:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  return config;
}
