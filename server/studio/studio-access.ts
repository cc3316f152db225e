/**
 * The rule studio's configuration (config/studio.json: whether a change needs a second analyst) and the
 * checks every studio write shares (the CSRF token). Who the signed-in analyst is, with their roles, is the
 * identity provider's word (analyst-auth.ts).
 */
import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { folders } from '../paths';
import type { AnalystSession as Session } from '../analyst-sessions';

export interface StudioConfig {
  requireApproval: boolean;
  /** When a rollout goes back to 0 % by itself (config/studio.json requires it; a test's literal may omit it). */
  rolloutGuard?: { factor: number; minErrors: number };
}

/** config/studio.json, validated; a broken file stops the server with its reason. */
export function readStudioConfig(path = join(folders.config, 'studio.json')): StudioConfig {
  const schema = JSON.parse(
    readFileSync(join(folders.schemas, 'studio-config.schema.json'), 'utf8'),
  ) as object;
  const json = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  const validate = new Ajv({ allErrors: true, strict: false }).compile<StudioConfig>(schema);
  if (!validate(json)) {
    throw new Error(
      `${path}: ${(validate.errors ?? []).map((e) => `${e.instancePath || '(top)'} ${e.message ?? ''}`).join('; ')}`,
    );
  }
  return json;
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
