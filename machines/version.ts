import type { AnyStateMachine } from 'xstate';

/**
 * Content hashes that the browser and node compute alike: SHA-256 (Web Crypto, `crypto.subtle`, present in
 * every browser over HTTPS or on localhost, and in node 20) of a canonical JSON text. A captured session
 * names the rules it was decided with and the machine it ran on by these hashes; `npm run paths -- --check`
 * and `npm run qa:replay` compute the same ones from the files.
 */

/**
 * The path file format's version (machines/paths.ts; here so the browser's capture chunk reads it without the
 * path module). 1 (no `format` field): generated paths and the first browser exports. 2: a captured session,
 * with `machineVersion`, `session`, and `via`/`screen` on its steps. Both load.
 */
export const PATH_FORMAT = 2;

/**
 * JSON with object keys sorted at every level, so two equal values give one text whatever order their keys
 * were built in. As JSON.stringify: functions and undefined are left out of objects and become null in
 * arrays (a machine definition holds inline actions as functions: they carry no JSON of their own).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(v).sort()) sorted[key] = (v as Record<string, unknown>)[key];
    return sorted;
  });
}

/** 'sha256:<hex>' of a text (UTF-8); null where Web Crypto is missing (a page served over plain HTTP). */
export async function sha256(text: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return `sha256:${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The hash of a JSON value's canonical text. */
export const contentHash = (value: unknown): Promise<string | null> => sha256(canonicalJson(value));

/**
 * A machine's version: the hash of its definition (states, transitions, guards and actions by name, invoked
 * actors, meta texts). Providing implementations does not change it; changing the chart does.
 */
export const machineVersion = (machine: AnyStateMachine): Promise<string | null> =>
  contentHash(machine.definition);

/** The rule files a page decided with, by file name ('home-view.json'), and where each came from. */
export type RulesUsed = Record<string, { source: 'served' | 'bundled'; rules: unknown }>;

/** Each rule file's content hash and one hash of them all (the hash of the file -> hash map). */
export async function rulesHash(files: RulesUsed): Promise<{
  hash: string | null;
  files: Record<string, { source: 'served' | 'bundled'; hash: string | null }>;
}> {
  const names = Object.keys(files).sort();
  const hashed: Record<string, { source: 'served' | 'bundled'; hash: string | null }> = {};
  for (const name of names) {
    const file = files[name]!;
    hashed[name] = { source: file.source, hash: await contentHash(file.rules) };
  }
  const all = Object.fromEntries(names.map((n) => [n, hashed[n]!.hash]));
  return { hash: Object.values(all).includes(null) ? null : await contentHash(all), files: hashed };
}
