/**
 * Gradual rollout (issue 32, docs/decisions/044-gradual-rollout.md): a change served to a share of accounts
 * before everyone. A rollout is data in the rules folder (rules/rollouts/<change>.json, schemas/rollout.schema.json):
 * the change's id, its share in percent, who set it and when, and the candidate rule files whole.
 *
 * Which side an account is on is one pure function of the change and the account's identifier, so the server's
 * render, the browser after navigation, every server and every process agree, and a reload never moves an
 * account: MurmurHash3 (x86, 32 bits, seed 0; the hash Unleash's gradual rollout uses) of `change:account`,
 * modulo 10,000, is the account's bucket; a bucket below share x 100 is on the new side. Raising a share keeps
 * every account already on the new side there; a new change re-draws the sides. Browser-safe: no node module.
 */
import MurmurHash3 from 'imurmurhash';
import { DECISIONS, ruleFileOf, type DecisionId } from './decisions';
import type { RuleFile, Rulesets } from './types';

/** How many buckets a share is cut into: a share is read to two decimals (0.01 % = one bucket). */
export const BUCKETS = 10_000;

/** The live rules, or the change's candidate files in their place. */
export type Side = 'live' | 'new';

/** A rollout as served (rules/rollouts/<change>.json, already validated by the server). */
export interface Rollout {
  change: string;
  summary: string;
  /** percent, 0 to 100 */
  share: number;
  setBy: string;
  setAt: string;
  reason?: string;
  /** The candidate rule files, whole, by file name ('prepaid-card.json'). */
  files: Readonly<Record<string, RuleFile>>;
}

/** Where one account stands in one rollout, and why, in words the QA panel and rules:explain print. */
export interface Placement {
  change: string;
  summary: string;
  share: number;
  /** when the share was set: the live effect counts since then */
  setAt: string;
  side: Side;
  /** 0 to 9,999; null when the account has no identifier (nothing to place it by: the live side). */
  bucket: number | null;
  /** The candidate files this side uses (none on the live side). */
  files: string[];
  why: string;
}

/** The account's bucket in a change: the same on every call, in every process, on the server and in the browser. */
export function bucketOf(change: string, account: string): number {
  // `new`: the library's shared state object is not used, so two callers can never interleave.
  return new MurmurHash3(`${change}:${account}`, 0).result() % BUCKETS;
}

/** The buckets below this threshold are on the new side; 0 % puts nobody there, 100 % everybody. */
export function thresholdOf(share: number): number {
  if (!Number.isFinite(share)) return 0;
  return Math.min(BUCKETS, Math.max(0, Math.round(share * (BUCKETS / 100))));
}

const percent = (share: number): string => `${Number(share.toFixed(2))} %`;

/** The side of one account in one rollout, with its reason. */
export function placementOf(rollout: Rollout, account: string | null | undefined): Placement {
  const base = {
    change: rollout.change,
    summary: rollout.summary,
    share: rollout.share,
    setAt: rollout.setAt,
  };
  const candidate = Object.keys(rollout.files).sort();
  if (!account) {
    return {
      ...base,
      side: 'live',
      bucket: null,
      files: [],
      why: `no account identifier to place it by: live side (rollout at ${percent(rollout.share)})`,
    };
  }
  const bucket = bucketOf(rollout.change, account);
  const threshold = thresholdOf(rollout.share);
  const side: Side = bucket < threshold ? 'new' : 'live';
  const against = `bucket ${bucket} of ${BUCKETS} ${side === 'new' ? 'is below' : 'is not below'} ${threshold}`;
  return {
    ...base,
    side,
    bucket,
    files: side === 'new' ? candidate : [],
    why: `${against} (rollout at ${percent(rollout.share)}): ${
      side === 'new' ? `new side, ${candidate.join(', ')} from the change` : 'live side, the live rules'
    }`,
  };
}

/** The decision ids whose file a rollout replaces. */
function decisionsOf(rollout: Rollout): DecisionId[] {
  return DECISIONS.filter((d) => rollout.files[ruleFileOf(d.id)] !== undefined).map((d) => d.id);
}

/**
 * The rules one account is decided with: the live rules, each rollout's candidate files in place of the live
 * ones where the account is on its new side. A rollout at 0 % (or an account without identifier) leaves the
 * live rule sets themselves, the very objects, untouched. Two rollouts never change the same file (the server
 * refuses the later one: server/rules-cache.ts), so the order of the list does not matter.
 */
export function rulesetsFor(
  live: Rulesets,
  rollouts: readonly Rollout[],
  account: string | null | undefined,
): { rulesets: Rulesets; placements: Placement[]; key: string } {
  const placements = rollouts.map((r) => placementOf(r, account));
  const onNew = rollouts.filter((_, i) => placements[i]?.side === 'new');
  if (onNew.length === 0) return { rulesets: live, placements, key: '' };
  const rulesets: Rulesets = { ...live };
  for (const r of onNew) {
    for (const id of decisionsOf(r)) rulesets[id] = r.files[ruleFileOf(id)]!;
  }
  // Accounts with the same key are decided with the same rules: a runtime can be kept per key.
  const key = onNew
    .map((r) => r.change)
    .sort()
    .join(',');
  return { rulesets, placements, key };
}
