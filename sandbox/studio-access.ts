/**
 * Who may use the rule studio in the sandbox (config/studio.json: each analyst with their roles, both when
 * none are given), and the checks every studio write shares (the CSRF token). Who the signed-in analyst of
 * a session is, the sandbox's or the identity provider's, is analyst-auth.ts's `analystResolver`.
 */
import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { folders } from '../server/paths';
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
  const ids = json.analysts.map((a) => a.id);
  if (new Set(ids).size !== ids.length) throw new Error(`${path}: analyst ids must be unique`);
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
