/**
 * Who may use the rule studio (config/studio.json) and the one place that says who the signed-in analyst
 * of a request is: `analystOf(request)`. The sandbox signs analysts in at /sandbox/signin?analyst=<id>;
 * a deployment with its own sign-in (OpenID Connect) replaces `analystOf` and nothing else.
 */
import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ajv } from 'ajv';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Session } from './session';

export type Role = 'author' | 'approver';

export interface AnalystConfig {
  id: string;
  name: string;
  email: string;
  roles?: Role[];
}

export interface StudioConfig {
  requireApproval: boolean;
  analysts: AnalystConfig[];
}

/** The signed-in analyst of a request: who they are and what they may do. */
export interface Analyst {
  id: string;
  name: string;
  email: string;
  roles: readonly Role[];
}

const repoRoot = resolve(import.meta.dirname, '..');

/** config/studio.json, validated; a broken file stops the server with its reason. */
export function readStudioConfig(path = join(repoRoot, 'config', 'studio.json')): StudioConfig {
  const schema = JSON.parse(
    readFileSync(join(repoRoot, 'schemas', 'studio-config.schema.json'), 'utf8'),
  ) as object;
  const json = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  const validate = new Ajv({ allErrors: true, strict: false }).compile<StudioConfig>(schema);
  if (!validate(json)) {
    throw new Error(
      `${path}: ${(validate.errors ?? []).map((e) => `${e.instancePath || '(top)'} ${e.message ?? ''}`).join('; ')}`,
    );
  }
  const ids = json.analysts.map((a) => a.id);
  if (new Set(ids).size !== ids.length) throw new Error(`${path}: analyst ids must be unique`);
  return json;
}

/** An analyst of the configuration as the studio sees them (both roles when none are given). */
export const asAnalyst = (a: AnalystConfig): Analyst => ({
  id: a.id,
  name: a.name,
  email: a.email,
  roles: a.roles ?? ['author', 'approver'],
});

/** `analystOf(request)` for the sandbox: the analyst its session was signed in as. */
export function sandboxAnalystOf(
  config: StudioConfig,
  sessionOf: (req: FastifyRequest) => Session | undefined,
): (req: FastifyRequest) => Analyst | undefined {
  return (req) => {
    const id = sessionOf(req)?.analyst;
    const found = id === undefined ? undefined : config.analysts.find((a) => a.id === id);
    return found ? asAnalyst(found) : undefined;
  };
}

/** True when the request carries the session's CSRF token (compared in constant time). */
export function csrfMatches(req: FastifyRequest, session: Session | undefined): boolean {
  const sent = req.headers['x-csrf-token'];
  const expected = Buffer.from(session?.csrf ?? '');
  const given = Buffer.from(typeof sent === 'string' ? sent : '');
  return expected.length > 0 && given.length === expected.length && timingSafeEqual(given, expected);
}

export const json = (reply: FastifyReply, status: number, body: unknown): FastifyReply =>
  reply.code(status).header('Cache-Control', 'no-store').send(body);
