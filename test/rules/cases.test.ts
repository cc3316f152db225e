/**
 * The rule-case runner (lib/rule-cases.ts, `npm run rules:test`): how it reads case files, compares
 * decisions, reports a failure and measures coverage. The cases themselves are data in rules/cases/.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compare,
  coverageOf,
  formatCaseIssue,
  formatCoverage,
  formatFailure,
  loadCases,
  runCases,
  type CaseFile,
  type LoadedCases,
} from '../../lib/rule-cases';
import { loadRulesDir } from '../../lib/rules-files';
import { repoRoot } from '../../lib/repo';
import type { Rulesets } from '../../src/engine/types';

const rulesDir = join(repoRoot, 'rules');

/** A copy of rules/ (with its cases) to break on purpose. */
function copyOfRules(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'rules-cases-')), 'rules');
  cpSync(rulesDir, dir, { recursive: true });
  return dir;
}
const edit = (path: string, change: (json: Record<string, unknown>) => void): void => {
  const json = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  change(json);
  writeFileSync(path, JSON.stringify(json, null, 2));
};

/** Only the given cases, on the shipped given.json. */
const only = (file: CaseFile): LoadedCases => ({
  files: [{ file: `rules/cases/${file.decision}.cases.json`, cases: file }],
  given: loadCases(rulesDir).given,
  issues: [],
});

describe('rule cases: comparing a decision with "expect"', () => {
  const sections = {
    list: [{ id: 'outage-alert' }, { id: 'greeting' }, { id: 'cancel-service', variant: 'chat' }],
  };

  it('a list decision: includes, excludes, exactly, inOrder, first and variants', () => {
    expect(
      compare(
        {
          includes: ['greeting'],
          excludes: ['rewards'],
          inOrder: ['outage-alert', 'cancel-service'],
          first: 'outage-alert',
          variants: { 'cancel-service': 'chat' },
        },
        sections,
      ),
    ).toEqual([]);
    expect(
      compare(
        {
          includes: ['rewards'],
          excludes: ['greeting'],
          exactly: ['greeting'],
          inOrder: ['cancel-service', 'outage-alert'],
          first: 'greeting',
          variants: { 'cancel-service': 'button', 'suspended-alert': 'postpaid' },
        },
        sections,
      ),
    ).toEqual([
      'expected rewards, which is not decided',
      'expected no greeting, but it is decided',
      'expected exactly greeting',
      'expected in this order: cancel-service, outage-alert',
      'expected greeting first',
      'expected cancel-service in its variant button, got chat',
      'expected suspended-alert (postpaid), which is not decided',
    ]);
  });

  it('a record decision: each field named must equal, the others are not checked', () => {
    const view = { record: { view: 'account-messaging', messageKind: 'bgs' } };
    expect(compare({ view: 'account-messaging' }, view)).toEqual([]);
    expect(compare({ view: 'full', messageKind: null }, view)).toEqual([
      'view: expected "full", got "account-messaging"',
      'messageKind: expected null, got "bgs"',
    ]);
  });
});

describe('rule cases: running them', () => {
  it('a case starts from its given facts, changes its own, and passes when the decision matches', async () => {
    const results = await runCases(
      loadRulesDir(),
      only({
        decision: 'walled-garden',
        description: 'test',
        given: 'soft walled garden',
        cases: [
          { name: 'soft, as given', expect: { state: 'soft' } },
          { name: 'hard after the grace', facts: { daysSinceFailedPayment: 4 }, expect: { state: 'hard' } },
          { name: 'a postpaid account', given: 'plain account', expect: { state: 'none' } },
          { name: 'the soft persona', persona: 'walled-garden-soft', expect: { state: 'soft' } },
        ],
      }),
    );
    expect(results.map((r) => [r.ref, r.failures])).toEqual([
      ["#1 'soft, as given'", []],
      ["#2 'hard after the grace'", []],
      ["#3 'a postpaid account'", []],
      ["#4 'the soft persona'", []],
    ]);
  });

  it('an order case runs the per-order decision with the toggles of its account', async () => {
    const inProgress = only({
      decision: 'appointment-messages',
      description: 'test',
      given: 'in-progress order',
      cases: [{ name: 'in progress', expect: { show: true } }],
    });
    const [result] = await runCases(loadRulesDir(), inProgress);
    expect(result?.failures).toEqual([]);
    // A passing case is decided as a page is, untraced; asked for, its trace names the deciding rule.
    expect(result?.trace).toBeNull();
    const [traced] = await runCases(loadRulesDir(), inProgress, { traces: 'every case' });
    expect(traced?.trace?.winner).toBe('pending-not-disconnect');
  });

  it('decided as a page is, every case passes or fails exactly as json-rules-engine decides it, and only a failure is traced', async () => {
    const shipped = loadRulesDir();
    const changed: Rulesets = structuredClone(shipped);
    // Two changes that fail cases of an account decision and of a per-item one.
    changed['prepaid-card'].rules.find((r) => r.name === 'card-almost-expired')!.conditions = {
      all: [{ fact: 'daysToCardExpiry', operator: 'lessThanInclusive', value: 45 }],
    };
    changed['appointment-messages'].rules.forEach((r) => (r.priority = 1));
    for (const rulesets of [shipped, changed]) {
      const cases = loadCases(rulesDir);
      const [page, traced] = [
        await runCases(rulesets, cases),
        await runCases(rulesets, cases, { traces: 'every case' }),
      ];
      const seen = (results: typeof page) => results.map((r) => [r.file, r.ref, r.failures, r.got]);
      expect(seen(page)).toEqual(seen(traced));
      for (const [i, r] of page.entries())
        expect(r.trace, r.ref).toEqual(r.failures.length > 0 ? traced[i]!.trace : null);
    }
    expect(
      (await runCases(changed, loadCases(rulesDir))).filter((r) => r.failures.length > 0).length,
    ).toBeGreaterThan(0);
  });

  it('prints a failure in plain words: the case, expected, got, and the explain trace of the deciding rules', async () => {
    const rulesets: Rulesets = structuredClone(loadRulesDir());
    const firstBill = rulesets['home-sections'].rules.find((r) => r.name === 'first-bill-alert')!;
    firstBill.conditions = {
      all: [
        { fact: 'accountTenure', operator: 'greaterThanInclusive', value: 0 },
        { fact: 'accountTenure', operator: 'lessThanInclusive', value: 0 },
      ],
    };
    const results = await runCases(rulesets, loadCases(rulesDir));
    const failed = results.filter((r) => r.failures.length > 0);
    // The first-bill row of the table, and the spec-order case, which expects the first-bill alert too.
    expect(failed.map((r) => r.ref)).toEqual([
      "#1 'show in the spec's order: paper-charge, suspended, vacation, late-payment, rate-increase, modem-migration, out-of-service credits, alternate-phone, first-bill, no-email ... rewards'",
      "#31 'first-bill alert: accountTenure 1 -> shown (tenure 0 or 1)'",
    ]);
    const text = formatFailure(failed[1]!);
    expect(text).toContain(
      "FAIL rules/cases/home-sections.cases.json, case #31 'first-bill alert: accountTenure 1 -> shown (tenure 0 or 1)'",
    );
    expect(text).toContain('    expected: includes first-bill-alert');
    expect(text).toContain('    got:      greeting, network-status, order-history-link');
    expect(text).toContain('    - expected first-bill-alert, which is not decided');
    expect(text).toContain("no    #18 'first-bill-alert' (priority 100)");
    expect(text).toContain('[failed] accountTenure lessThanInclusive 0   (value: 1)');
  });

  it("names the file, the case and the place of a mistake in a case file, with 'did you mean'", () => {
    const dir = copyOfRules();
    edit(join(dir, 'cases', 'token.cases.json'), (json) => {
      const cases = json.cases as Record<string, unknown>[];
      cases[0]!.facts = { tokenSecondsRemainin: 5 };
      cases[1]!.given = 'plain acount';
      cases[2]!.expect = { freshh: true };
    });
    edit(join(dir, 'cases', 'brand.cases.json'), (json) => {
      (json.cases as Record<string, unknown>[])[0] = {
        name: 'x',
        persona: 'postpaidd',
        expect: { brand: 'provider' },
      };
    });
    writeFileSync(join(dir, 'cases', 'outage.cases.json'), '{\n  "decision": "outage"\n  "cases": []\n}\n');
    const issues = loadCases(dir).issues.map(formatCaseIssue);
    const file = (name: string) => `${dir}/cases/${name}`;
    expect(issues).toEqual([
      `${file('outage.cases.json')}, at line 3, column 3: not valid JSON at line 3, column 3: Expected ',' or '}' after property value (a comma is missing, or a bracket is not closed)`,
      `${file('brand.cases.json')}, case #1 'x', at cases[0].persona: no persona is named "postpaidd": did you mean 'postpaid'?`,
      `${file('token.cases.json')}, case #1 '1200 seconds remaining -> fresh true (valid when at least 120 of 1200 seconds remain)', at cases[0].facts.tokenSecondsRemainin: unknown fact 'tokenSecondsRemainin': did you mean 'tokenSecondsRemaining'?`,
      `${file('token.cases.json')}, case #2 '120 seconds remaining -> fresh true (valid when at least 120 of 1200 seconds remain)', at cases[1].given: no set of facts in given.json is named "plain acount": did you mean 'plain account'?`,
      `${file('token.cases.json')}, case #3 '119 seconds remaining -> fresh false (valid when at least 120 of 1200 seconds remain)', at cases[2].expect.freshh: 'freshh' is not a field here`,
    ]);
  });

  it('npm run rules:test runs on another rules folder (RULES_DIR) and fails on a failing case', () => {
    const dir = copyOfRules();
    edit(join(dir, 'token.json'), (json) => {
      const fresh = (json.rules as { conditions: { all: { value: number }[] } }[])[0]!;
      fresh.conditions.all[0]!.value = 100;
    });
    // Two case files of the copy's 27 (the shipped cases run in the test below, and in CI's rules:test):
    // the summary's count of files shows the command read RULES_DIR's cases.
    for (const name of readdirSync(join(dir, 'cases')))
      if (!['given.json', 'token.cases.json', 'brand.cases.json'].includes(name))
        rmSync(join(dir, 'cases', name));
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts', 'rules-test.ts')], {
      env: { ...process.env, RULES_DIR: dir },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`FAIL ${dir}/cases/token.cases.json, case #3 '119 seconds remaining`);
    expect(run.stderr).toContain('    expected: fresh false');
    expect(run.stderr).toContain('    got:      fresh true');
    expect(run.stderr).toMatch(/rules test failed: 1 of \d+ cases in 2 files fail/);
  });
});

describe('rule cases: coverage', () => {
  const token = (seconds: (number | null)[]): CaseFile => ({
    decision: 'token',
    description: 'test',
    given: 'plain account',
    cases: seconds.map((s) => ({ name: String(s), facts: { tokenSecondsRemaining: s }, expect: {} })),
  });
  const tokenCoverage = async (seconds: (number | null)[]) => {
    const rulesets = loadRulesDir();
    const coverage = coverageOf(
      rulesets,
      await runCases(rulesets, only(token(seconds)), { traces: 'every case' }),
    );
    return {
      rules: coverage.rules.filter((r) => r.file === 'rules/token.json'),
      conditions: coverage.conditions.filter((c) => c.file === 'rules/token.json'),
    };
  };

  it('a rule is covered when a case makes it match; a condition when a case makes the rule turn on its failure', async () => {
    const fresh = await tokenCoverage([1200]);
    expect(fresh.rules.map((r) => [r.ref, r.matched])).toEqual([
      ["#1 'fresh'", true],
      ["#2 'expired'", true],
    ]);
    expect(fresh.conditions.map((c) => [c.path, c.failed])).toEqual([['rules[0].conditions.all[0]', false]]);
    expect((await tokenCoverage([1200, 119])).conditions[0]?.failed).toBe(true);
  });

  it('a condition that fails only beside another failing condition is not covered', async () => {
    const rulesets = loadRulesDir();
    const results = await runCases(
      rulesets,
      only({
        decision: 'home-sections',
        description: 'test',
        given: 'plain account',
        // Both conditions of the rate-increase alert fail: neither alone decides.
        cases: [{ name: 'plain', facts: { isBlueMarble: false, rateChangeCount: 0 }, expect: {} }],
      }),
      { traces: 'every case' },
    );
    const rate = coverageOf(rulesets, results).conditions.filter(
      (c) => c.ref === "#12 'rate-increase-alert'",
    );
    // (Its third condition, the rate-change start date, holds and never failed either.)
    expect(rate.map((c) => c.failed)).toEqual([false, false, false]);
    expect(formatCoverage(coverageOf(rulesets, results))).toContain(
      "rules/home-sections.json, rule #12 'rate-increase-alert', at rules[11].conditions.all[1]: rateChangeCount greaterThan 0",
    );
  });

  it('the shipped cases make every shipped rule match', async () => {
    const rulesets = loadRulesDir();
    const coverage = coverageOf(
      rulesets,
      await runCases(rulesets, loadCases(rulesDir), { traces: 'every case' }),
    );
    expect(
      coverage.rules.filter((r) => !r.matched).map((r) => `${r.file} ${r.ref}`),
      'add a case for each rule listed (npm run rules:test -- --coverage)',
    ).toEqual([]);
  });
});
