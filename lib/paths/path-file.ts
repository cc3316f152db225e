/**
 * Reading a path file (machines/paths.ts) from disk: JSON, checked against schemas/path-file.schema.json, in
 * either format (1: generated paths; 2: captured sessions). A file that does not fit says where and why.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ErrorObject } from 'ajv';
import { PATH_FORMAT, type PathFile } from '../../machines/paths';
import { repoRoot as ROOT } from '../repo';

let validator: ReturnType<Ajv['compile']> | undefined;
const validate = () =>
  (validator ??= new Ajv({ allErrors: true, strict: false }).compile(
    JSON.parse(readFileSync(join(ROOT, 'schemas', 'path-file.schema.json'), 'utf8')) as object,
  ));

const describe = (e: ErrorObject): string => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`;

/** What is wrong with a path file's JSON (empty when it is one). */
export function pathFileProblems(json: unknown): string[] {
  const check = validate();
  if (check(json)) return [];
  const format = (json as { format?: unknown } | null)?.format;
  if (typeof format === 'number' && format > PATH_FORMAT) {
    return [`format ${format} is newer than this checkout reads (${PATH_FORMAT}): update the repository`];
  }
  // oneOf/if errors repeat the real ones in general terms: keep the specific ones.
  const errors = (check.errors ?? []).filter((e) => !['oneOf', 'if', 'allOf'].includes(e.keyword));
  return [...new Set((errors.length ? errors : (check.errors ?? [])).map(describe))];
}

/** A path file from disk; throws with the file's name and what is wrong when it is not one. */
export function readPathFile(path: string): PathFile {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`${path}: not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const problems = pathFileProblems(json);
  if (problems.length) throw new Error(`${path} is not a path file: ${problems.slice(0, 5).join('; ')}`);
  return json as PathFile;
}
