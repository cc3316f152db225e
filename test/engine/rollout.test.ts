import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import MurmurHash3 from 'imurmurhash';
import { loadRulesDir } from '../../lib/rules-files';
import { repoRoot } from '../../lib/repo';
import { createRuntime } from '../../src/engine/runtime';
import {
  BUCKETS,
  bucketOf,
  placementOf,
  rulesetsFor,
  thresholdOf,
  type Rollout,
} from '../../src/engine/rollout';
import { checkRollout, servableRollouts } from '../../src/engine/rollout-check';
import { formatIssue } from '../../src/engine/validate';
import type { RuleFile, Rulesets } from '../../src/engine/types';
import { account } from '../rules/support/facts';

const live = (): Rulesets => loadRulesDir();

/** The README's worked example 3 as a candidate: the card warning at 45 days instead of 60. */
function cardAt45(rulesets: Rulesets): RuleFile {
  const file = structuredClone(rulesets['prepaid-card']);
  const rule = file.rules.find((r) => r.name === 'card-almost-expired')!;
  rule.conditions = { all: [{ fact: 'daysToCardExpiry', operator: 'lessThanInclusive', value: 45 }] };
  return file;
}

const rolloutAt = (share: number, rulesets: Rulesets, change = 'c0ffee1234'): Rollout => ({
  change,
  summary: 'card-almost-expired: 60 → 45 days',
  share,
  setBy: 'Ann Approver',
  setAt: '2026-03-10T09:00:00Z',
  files: { 'prepaid-card.json': cardAt45(rulesets) },
});

const ids = Array.from({ length: 20_000 }, (_, i) => String(100_000_000 + i * 7919));

describe('rollout buckets', () => {
  it('hashes with MurmurHash3 x86 32-bit as its reference vectors give it', () => {
    // Austin Appleby's reference implementation: "The quick brown fox jumps over the lazy dog", seed 0.
    expect(new MurmurHash3('The quick brown fox jumps over the lazy dog', 0).result()).toBe(0x2e4ff723);
    expect(new MurmurHash3('', 0).result()).toBe(0);
  });

  it('gives an account the same bucket on every call, pinned to the values every server computes', () => {
    const first = ids.slice(0, 50).map((id) => bucketOf('c0ffee1234', id));
    for (let round = 0; round < 3; round++)
      expect(ids.slice(0, 50).map((id) => bucketOf('c0ffee1234', id))).toEqual(first);
    // Pinned: a change of hash, seed or key format would move customers between sides mid-rollout.
    expect([bucketOf('c0ffee1234', '100000000'), bucketOf('c0ffee1234', '8012345678')]).toEqual(PINNED);
    for (const b of first) expect(b >= 0 && b < BUCKETS && Number.isInteger(b)).toBe(true);
  });

  it('gives the same buckets in another process (the server and every other server)', () => {
    const script = `import { bucketOf } from './src/engine/rollout.ts';
      process.stdout.write(JSON.stringify(${JSON.stringify(ids.slice(0, 200))}.map((id) => bucketOf('c0ffee1234', id))));`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(JSON.parse(out)).toEqual(ids.slice(0, 200).map((id) => bucketOf('c0ffee1234', id)));
  });

  it('splits many accounts close to the share, and a raised share keeps the new side on it', () => {
    const rulesets = live();
    const onNew = (share: number) => {
      const rollout = rolloutAt(share, rulesets);
      return new Set(ids.filter((id) => placementOf(rollout, id).side === 'new'));
    };
    const half = onNew(50);
    expect(half.size / ids.length).toBeGreaterThan(0.48);
    expect(half.size / ids.length).toBeLessThan(0.52);
    const five = onNew(5);
    expect(five.size / ids.length).toBeGreaterThan(0.04);
    expect(five.size / ids.length).toBeLessThan(0.06);
    for (const id of five) expect(half.has(id)).toBe(true);
  });

  it('re-draws the sides for another change', () => {
    const a = ids.map((id) => bucketOf('change-a', id));
    const b = ids.map((id) => bucketOf('change-b', id));
    const same = a.filter((x, i) => x < 5_000 === b[i]! < 5_000).length;
    // Independent draws agree about half the time, not always.
    expect(same / ids.length).toBeGreaterThan(0.45);
    expect(same / ids.length).toBeLessThan(0.55);
  });

  it('reads a share to two decimals: 0 is nobody, 100 everybody', () => {
    expect(thresholdOf(0)).toBe(0);
    expect(thresholdOf(0.01)).toBe(1);
    expect(thresholdOf(25)).toBe(2_500);
    expect(thresholdOf(100)).toBe(BUCKETS);
    expect(thresholdOf(Number.NaN)).toBe(0);
  });
});

describe('the rules an account is decided with', () => {
  // Prepaid, card expiring in 50 days: 'almost expired' (2) at 60 days, 'neither' (0) at 45.
  const facts = account({ isPrepaid: true, daysToCardExpiry: 50 });

  it('at 0 % are the live rules exactly, the very rule sets, for every account', async () => {
    const rulesets = live();
    const rollout = rolloutAt(0, rulesets);
    for (const id of ids.slice(0, 500)) {
      const chosen = rulesetsFor(rulesets, [rollout], id);
      expect(chosen.rulesets).toBe(rulesets);
      expect(chosen.placements[0]!.side).toBe('live');
    }
    const { decisions } = await createRuntime(rulesetsFor(rulesets, [rollout], ids[0]).rulesets).decide(
      facts,
    );
    expect(decisions).toEqual((await createRuntime(rulesets).decide(facts)).decisions);
    expect(decisions.prepaidCard.status).toBe(2);
  });

  it('at 100 % are the candidate files in place of the live ones, and the rest of the live rules', async () => {
    const rulesets = live();
    const chosen = rulesetsFor(rulesets, [rolloutAt(100, rulesets)], ids[1]);
    expect(chosen.placements[0]).toMatchObject({ side: 'new', files: ['prepaid-card.json'] });
    expect(chosen.key).toBe('c0ffee1234');
    expect(chosen.rulesets['home-view']).toBe(rulesets['home-view']);
    const { decisions } = await createRuntime(chosen.rulesets).decide(facts);
    expect(decisions.prepaidCard.status).toBe(0);
    expect(decisions.sections.map((s) => s.section)).not.toContain('prepaid-card-alert');
  });

  it('at 50 % decides each account by its side, and says why', async () => {
    const rulesets = live();
    const rollout = rolloutAt(50, rulesets);
    const newId = ids.find((id) => bucketOf(rollout.change, id) < 5_000)!;
    const liveId = ids.find((id) => bucketOf(rollout.change, id) >= 5_000)!;
    const onNew = rulesetsFor(rulesets, [rollout], newId);
    const onLive = rulesetsFor(rulesets, [rollout], liveId);
    expect((await createRuntime(onNew.rulesets).decide(facts)).decisions.prepaidCard.status).toBe(0);
    expect((await createRuntime(onLive.rulesets).decide(facts)).decisions.prepaidCard.status).toBe(2);
    expect(onNew.placements[0]!.why).toMatch(
      new RegExp(
        `^bucket ${bucketOf(rollout.change, newId)} of 10000 is below 5000 \\(rollout at 50 %\\): new side, prepaid-card.json from the change$`,
      ),
    );
    expect(onLive.placements[0]!.why).toMatch(
      /is not below 5000 \(rollout at 50 %\): live side, the live rules$/,
    );
  });

  it('puts an account without identifier on the live side', () => {
    const rulesets = live();
    const chosen = rulesetsFor(rulesets, [rolloutAt(100, rulesets)], null);
    expect(chosen.rulesets).toBe(rulesets);
    expect(chosen.placements[0]).toMatchObject({ side: 'live', bucket: null });
  });
});

describe('a rollout file', () => {
  it('passes when its candidate files are valid rule files and its name is the change', () => {
    const rollout = rolloutAt(25, live());
    expect(checkRollout('c0ffee1234.json', rollout)).toEqual([]);
    expect(checkRollout('other.json', rollout).map(formatIssue)).toEqual([
      "rules/rollouts/other.json, at change: the rollout of change 'c0ffee1234' is named c0ffee1234.json",
    ]);
  });

  it('names the file, the rule and the place of a mistake in a candidate file, and a share over 100', () => {
    const rollout = rolloutAt(150, live());
    expect(checkRollout('c0ffee1234.json', rollout).map(formatIssue)).toEqual([
      'rules/rollouts/c0ffee1234.json, at share: must be <= 100',
    ]);
    const typo = rolloutAt(50, live());
    const rule = (typo.files['prepaid-card.json'] as RuleFile).rules[2]!;
    rule.conditions = { all: [{ fact: 'daysToCardExpiri', operator: 'lessThanInclusive', value: 45 }] };
    expect(checkRollout('c0ffee1234.json', typo).map(formatIssue)).toEqual([
      "rules/rollouts/c0ffee1234.json, rule #3 'card-almost-expired', at files.prepaid-card.json.rules[2].conditions.all[0].fact: unknown fact 'daysToCardExpiri': did you mean 'daysToCardExpiry'?",
    ]);
  });

  it('refuses a second rollout of the same file, keeping the one set first', () => {
    const rulesets = live();
    const first = { ...rolloutAt(5, rulesets, 'first'), setAt: '2026-03-10T09:00:00Z' };
    const second = { ...rolloutAt(50, rulesets, 'second'), setAt: '2026-03-10T10:00:00Z' };
    const { rollouts, issues } = servableRollouts([second, first]);
    expect(rollouts.map((r) => r.change)).toEqual(['first']);
    expect(issues.map(formatIssue)).toEqual([
      'rules/rollouts/second.json, at files.prepaid-card.json: prepaid-card.json is already rolled out by change first: one rollout per file at a time',
    ]);
  });
});

const PINNED = [9526, 8685];
