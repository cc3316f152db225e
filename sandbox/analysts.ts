/**
 * The sandbox's analysts (sandbox/analysts.json, validated against schemas/sandbox-analysts.schema.json): the
 * accounts of its identity provider stand-in, offered on its sign-in page. Their ID tokens carry the roles
 * the portal's studio reads (OIDC_ROLE_CLAIM `roles`: rule-author, rule-approver; both when none are given).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { serverFolders } from '../server/paths';
import type { IdentityAccount } from './identity-provider';

export type SandboxRole = 'author' | 'approver';

export interface SandboxAnalyst {
  id: string;
  name: string;
  email: string;
  roles?: SandboxRole[];
}

/** The role names the ID token carries, as the portal's defaults read them (OIDC_AUTHOR_ROLE ...). */
const ROLE_CLAIMS: Readonly<Record<SandboxRole, string>> = {
  author: 'rule-author',
  approver: 'rule-approver',
};

/** sandbox/analysts.json, validated; a broken file stops the sandbox with its reason. */
export function readSandboxAnalysts(
  path = join(serverFolders().root, 'sandbox', 'analysts.json'),
): SandboxAnalyst[] {
  const schema = JSON.parse(
    readFileSync(join(serverFolders().schemas, 'sandbox-analysts.schema.json'), 'utf8'),
  ) as object;
  const json = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  const validate = new Ajv({ allErrors: true, strict: false }).compile<{ analysts: SandboxAnalyst[] }>(
    schema,
  );
  if (!validate(json)) {
    throw new Error(
      `${path}: ${(validate.errors ?? []).map((e) => `${e.instancePath || '(top)'} ${e.message ?? ''}`).join('; ')}`,
    );
  }
  const ids = json.analysts.map((a) => a.id);
  if (new Set(ids).size !== ids.length) throw new Error(`${path}: analyst ids must be unique`);
  return json.analysts;
}

/** The identity provider's accounts for the analysts: subject = id, roles as claims. */
export const identityAccountsOf = (analysts: readonly SandboxAnalyst[]): IdentityAccount[] =>
  analysts.map((a) => ({
    sub: a.id,
    name: a.name,
    email: a.email,
    roles: (a.roles ?? (['author', 'approver'] as const)).map((r) => ROLE_CLAIMS[r]),
  }));
