/**
 * The analysis of rules:check (src/engine/analyze.ts) on small rule files, one per finding: each fixture is
 * a valid file (validateRuleset accepts it) that the analysis alone catches.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeRulesDir, checkRulesDir, codeReads, loadRulesDir, parseJson } from '../../lib/rules-files';
import { analyzeRules, type AnalysisInput } from '../../src/engine/analyze';
import { DECISION_IDS, type DecisionId } from '../../src/engine/decisions';
import { TOGGLE_NAMES } from '../../src/facts/vocabulary';
import type { RuleCondition, RuleDefinition, RuleFile } from '../../src/engine/types';
import { formatIssue, validateRuleset } from '../../src/engine/validate';

type Condition = RuleCondition;
const c = (fact: string, operator: string, value: unknown): Condition => ({ fact, operator, value });

function file(decision: DecisionId, rules: RuleDefinition[]): RuleFile {
  const kinds: Partial<Record<DecisionId, RuleFile['kind']>> = {
    'home-sections': 'all-ordered',
    payment: 'all-ordered',
    constants: 'lookup',
    toggles: 'lookup',
  };
  return { decision, kind: kinds[decision] ?? 'first-match', description: 'fixture', rules };
}

const section = (
  name: string,
  conditions: Condition[],
  order: number,
  extra: Partial<RuleDefinition> = {},
  sectionId = name,
): RuleDefinition => ({
  name,
  priority: 100,
  conditions: { all: conditions },
  event: { type: 'section', params: { section: sectionId, order } },
  ...extra,
});

const view = (name: string, priority: number, conditions: Condition, viewId = 'blocked'): RuleDefinition => ({
  name,
  priority,
  conditions,
  event: { type: 'home-view', params: { view: viewId } },
});

/** Analyses fixture files after checking that each is valid: what it reports is the analysis's own finding. */
function analyse(files: AnalysisInput['files'], extra: Omit<AnalysisInput, 'files'> = {}) {
  for (const [id, f] of Object.entries(files)) expect(validateRuleset(`${id}.json`, f), id).toEqual([]);
  return analyzeRules({ files, ...extra });
}
const lines = (files: AnalysisInput['files'], extra: Omit<AnalysisInput, 'files'> = {}): string[] =>
  analyse(files, extra).findings.map(formatIssue);

describe('rules:check analysis: rules that never fire', () => {
  it("finds contradictory number conditions: 'accountTenure > 5 and < 2'", () => {
    const sections = file('home-sections', [
      section(
        'first-bill-alert',
        [c('accountTenure', 'greaterThan', 5), c('accountTenure', 'lessThan', 2)],
        90,
      ),
    ]);
    expect(lines({ 'home-sections': sections })).toEqual([
      "rules/home-sections.json, rule #1 'first-bill-alert', at rules[0].conditions.all[1]: this rule can never fire: it needs accountTenure greaterThan 5 (rules[0].conditions.all[0]) and accountTenure lessThan 2 (rules[0].conditions.all[1]), which cannot all hold at once [never-fires]",
    ]);
  });

  it("finds contradictory text conditions: x equal 'A' and x in ['B', 'C']", () => {
    const sections = file('home-sections', [
      section('rewards', [c('accountType', 'equal', 'I'), c('accountType', 'in', ['CX', 'H'])], 240),
    ]);
    const [finding] = analyse({ 'home-sections': sections }).findings;
    expect(finding?.code).toBe('never-fires');
    expect(finding?.message).toContain('accountType equal "I"');
    expect(finding?.message).toContain('accountType in ["CX","H"]');
  });

  it('finds true/false and closed-value contradictions, and contradictions through not and nested any', () => {
    const sections = file('home-sections', [
      section(
        'vacation-alert',
        [c('isPrepaid', 'equal', true), { not: { any: [c('isPrepaid', 'equal', true)] } }],
        30,
      ),
      section(
        'rewards',
        [
          c('accountTenure', 'lessThan', 2),
          { any: [c('accountTenure', 'greaterThan', 5), c('accountTenure', 'equal', 9)] },
        ],
        240,
      ),
      section(
        'walled-garden-alert',
        [
          c('walledGarden.state', 'notIn', ['none', 'soft', 'hard']),
          c('walledGarden.state', 'notEqual', null),
        ],
        42,
      ),
    ]);
    const found = analyse({ 'home-sections': sections }).findings;
    expect(found.map((f) => [f.rule, f.code])).toEqual([
      ["#1 'vacation-alert'", 'never-fires'],
      ["#2 'rewards'", 'never-fires'],
      ["#3 'walled-garden-alert'", 'never-fires'],
    ]);
    expect(found[0]?.message).toContain('not (isPrepaid equal true)');
    expect(found[1]?.message).toContain('every way its conditions could hold is contradictory');
  });

  it('does not call satisfiable conditions contradictory (null: a notEqual holds for an unknown value)', () => {
    const sections = file('home-sections', [
      // Hold together when accountTenure is unknown (null): neither number comparison holds for null.
      section(
        'first-bill-alert',
        [{ not: c('accountTenure', 'greaterThan', 1) }, { not: c('accountTenure', 'lessThan', 5) }],
        90,
      ),
      section('rewards', [c('accountType', 'notEqual', 'I'), c('accountType', 'notIn', ['CX', 'H'])], 240),
      section(
        'no-services',
        [c('accountTenure', 'greaterThanInclusive', 1), c('accountTenure', 'lessThanInclusive', 1)],
        115,
      ),
      section(
        'support',
        [c('customerType', 'in', ['RES', 'SMB']), c('customerType', 'notEqual', 'RES')],
        220,
      ),
    ]);
    expect(lines({ 'home-sections': sections })).toEqual([]);
  });
});

describe('rules:check analysis: first-match rules that never win', () => {
  const blocked = c('blockedAccount', 'equal', true);

  it('finds a rule below (lower priority than) a catch-all', () => {
    const views = file('home-view', [
      view('full', 50, { all: [] }, 'full'),
      view('blocked', 10, { all: [blocked] }),
    ]);
    expect(lines({ 'home-view': views })).toEqual([
      "rules/home-view.json, rule #2 'blocked', at rules[1].priority: this rule (priority 10) never wins: rule #1 'full' (priority 50) has no conditions, so it always decides first: give this rule a higher priority than that rule if it should win, or remove it [never-wins]",
    ]);
  });

  it('finds a rule subsumed by a broader rule of higher priority, and one covered by two together', () => {
    const views = file('home-view', [
      view('blocked', 80, { all: [blocked] }),
      view('blocked-active', 70, { all: [blocked, c('accountStatus', 'equal', 'ACTIVE')] }, 'embargo'),
      view('young', 60, { all: [c('accountTenure', 'lessThan', 5)] }, 'archived'),
      view('old', 55, { all: [c('accountTenure', 'greaterThanInclusive', 5)] }, 'closed'),
      view('known-tenure', 50, { all: [c('accountTenure', 'greaterThanInclusive', 0)] }, 'suspended'),
      view('full', 10, { all: [] }, 'full'),
    ]);
    const found = analyse({ 'home-view': views }).findings;
    expect(found.map((f) => f.rule)).toEqual(["#2 'blocked-active'", "#5 'known-tenure'"]);
    expect(found[0]?.message).toContain(
      "whenever its conditions hold, those of rule #1 'blocked' (priority 80) hold too, and that rule is tried first",
    );
    expect(found[1]?.message).toContain(
      "one of rules #3 'young' (priority 60), #4 'old' (priority 55) holds too",
    );
  });

  it('does not report a narrower rule of higher priority, nor the catch-all at the bottom', () => {
    const views = file('home-view', [
      view('blocked-active', 80, { all: [blocked, c('accountStatus', 'equal', 'ACTIVE')] }),
      view('blocked', 70, { all: [blocked] }, 'embargo'),
      view('full', 10, { all: [] }, 'full'),
    ]);
    expect(lines({ 'home-view': views })).toEqual([]);
  });

  it('in an all-ordered file, finds a variant rule that never decides its section', () => {
    const sections = file('home-sections', [
      section('cancel-chat', [c('toggle.cancel', 'equal', true)], 210, {
        event: { type: 'section', params: { section: 'cancel-service', order: 210, variant: 'chat' } },
      }),
      section('cancel-button', [c('toggle.cancel', 'equal', true), c('isBlueMarble', 'equal', true)], 210, {
        priority: 99,
        event: { type: 'section', params: { section: 'cancel-service', order: 210, variant: 'button' } },
      }),
    ]);
    const [finding] = analyse({ 'home-sections': sections }).findings;
    expect(finding?.rule).toBe("#2 'cancel-button'");
    expect(finding?.message).toContain('never wins for section "cancel-service"');
  });
});

describe('rules:check analysis: outcomes left to the order of the file', () => {
  it('finds two first-match rules of equal priority that can both hold, with an example', () => {
    const views = file('home-view', [
      view('blocked', 80, { all: [c('blockedAccount', 'equal', true)] }),
      view('embargo', 80, { all: [c('embargo', 'equal', 1)] }, 'embargo'),
      view('full', 10, { all: [] }, 'full'),
    ]);
    expect(lines({ 'home-view': views })).toEqual([
      "rules/home-view.json, rule #2 'embargo', at rules[1].priority: rules #1 'blocked' and #2 'embargo' decide differently, have the same priority 80 and can both hold (for example with blockedAccount true, embargo 1): which one wins then depends on their order in the file; give the one that should win a higher priority [same-priority]",
    ]);
  });

  it('accepts equal priorities when the rules exclude each other or decide the same', () => {
    const views = file('home-view', [
      view('prepaid', 80, { all: [c('isPrepaid', 'equal', true)] }),
      view('postpaid', 80, { all: [c('isPrepaid', 'equal', false)] }, 'embargo'),
      view('blocked', 70, { all: [c('blockedAccount', 'equal', true)] }, 'closed'),
      view('embargoed', 70, { all: [c('embargo', 'equal', 1)] }, 'closed'),
      view('full', 10, { all: [] }, 'full'),
    ]);
    expect(lines({ 'home-view': views })).toEqual([]);
  });

  it('finds two sections at the same order that can show together', () => {
    const sections = file('home-sections', [
      section('vacation-alert', [c('isVacationSuspend', 'equal', true)], 30),
      section('late-payment-alert', [c('payment.late', 'equal', true)], 30),
    ]);
    expect(lines({ 'home-sections': sections })).toEqual([
      `rules/home-sections.json, rule #2 'late-payment-alert', at rules[1].event.params.order: rules #1 'vacation-alert' (section "vacation-alert") and #2 'late-payment-alert' (section "late-payment-alert") have the same order 30 and can show together (for example with isVacationSuspend true, payment.late true): which comes first then depends on their order in the file; give them different orders [same-order]`,
    ]);
  });

  it('accepts the same order for variants of one section and for sections that never show together', () => {
    const sections = file('home-sections', [
      section('suspended-prepaid', [c('isPrepaid', 'equal', true)], 20, {
        event: {
          type: 'section',
          params: { section: 'suspended-alert', order: 20, variant: 'prepaid-failed-payment' },
        },
      }),
      section('suspended-postpaid', [c('isPrepaid', 'equal', false)], 20, {
        priority: 99,
        event: { type: 'section', params: { section: 'suspended-alert', order: 20, variant: 'postpaid' } },
      }),
      section('vacation-alert', [c('isPrepaid', 'equal', true)], 30),
      section('late-payment-alert', [c('isPrepaid', 'equal', false)], 30),
    ]);
    expect(lines({ 'home-sections': sections })).toEqual([]);
  });
});

describe('rules:check analysis: acknowledgements in the rule file', () => {
  const sameOrder = (acknowledge?: Record<string, string>) =>
    file('home-sections', [
      section('vacation-alert', [c('isVacationSuspend', 'equal', true)], 30),
      section(
        'late-payment-alert',
        [c('payment.late', 'equal', true)],
        30,
        acknowledge ? { acknowledge } : {},
      ),
    ]);

  it('an acknowledged finding does not fail the check and keeps its reason', () => {
    const result = analyse({
      'home-sections': sameOrder({ 'same-order': 'both are rare; either order reads well' }),
    });
    expect(result.findings).toEqual([]);
    expect(result.acknowledged.map((a) => [a.code, a.rule, a.reason])).toEqual([
      ['same-order', "#2 'late-payment-alert'", 'both are rare; either order reads well'],
    ]);
  });

  it('an acknowledgement with nothing left to acknowledge is an error', () => {
    const sections = file('home-sections', [
      section('vacation-alert', [c('isVacationSuspend', 'equal', true)], 30, {
        acknowledge: { 'same-order': 'was tied' },
      }),
    ]);
    expect(lines({ 'home-sections': sections })).toEqual([
      "rules/home-sections.json, rule #1 'vacation-alert', at rules[0].acknowledge.same-order: this rule acknowledges 'same-order', but rules:check finds no such thing for it any more: remove the acknowledgement",
    ]);
  });

  it('the validator accepts only findings of design, each with a reason', () => {
    const issues = (acknowledge: unknown) =>
      validateRuleset('home-sections.json', {
        ...sameOrder(),
        rules: [section('vacation-alert', [], 30, { acknowledge } as Partial<RuleDefinition>)],
      }).map((i) => i.message);
    expect(issues({ 'same-ordr': 'x' })).toEqual([
      "'same-ordr' is not a finding of rules:check: did you mean 'same-order'? (findings that can be acknowledged: same-priority, same-order, unused, duplicate-value, not-rendered)",
    ]);
    expect(issues({ 'never-fires': 'x' })[0]).toContain("'never-fires' cannot be acknowledged: fix the rule");
    expect(issues({ 'same-order': ' ' })).toEqual([
      'say why it is intended, in words: an acknowledgement needs a reason',
    ]);
  });
});

const constantsFile = (values: Record<string, number>): RuleFile =>
  file(
    'constants',
    Object.entries(values).map(([name, value]) => ({
      name,
      priority: 1,
      conditions: { all: [] },
      event: { type: 'constant', params: { name, value } },
    })),
  );
const allConstants = {
  archiveAfterDays: 90,
  embargoMaintenanceHours: 6,
  modemRestartMinutes: 5,
  paperBillFee: 1,
  walledGardenGraceDays: 3,
  rescheduleApplyMinutesMin: 10,
  rescheduleApplyMinutes: 15,
  rateChangeStartDate: 20230101,
  speedChartStep: 10,
  connectedDeviceGroups: 3,
  trackingCookieDays: 90,
  emailRetryLimit: 2,
  phoneDigits: 10,
  serviceRestoreHours: 24,
};

describe('rules:check analysis: one place per number', () => {
  const grace = (value: unknown) =>
    file('payment', [
      {
        name: 'late-in-period',
        priority: 10,
        conditions: { all: [c('autoPay', 'equal', true), c('daysSinceFailedPayment', 'greaterThan', value)] },
        event: { type: 'payment-flag', params: { flag: 'lateInPeriod' } },
      },
    ]);

  it('finds a threshold that repeats a constant meaning the same (the walled-garden grace days)', () => {
    // The walled garden compares the same fact with the constant: the payment rule's 3 is that number.
    const garden = file('walled-garden', [
      {
        name: 'soft-grace',
        priority: 10,
        conditions: {
          all: [c('daysSinceFailedPayment', 'lessThanInclusive', { fact: 'constant.walledGardenGraceDays' })],
        },
        event: { type: 'walled-garden', params: { state: 'soft' } },
      },
    ]);
    expect(
      lines({ constants: constantsFile(allConstants), payment: grace(3), 'walled-garden': garden }),
    ).toEqual([
      `rules/payment.json, rule #1 'late-in-period', at rules[0].conditions.all[1].value: daysSinceFailedPayment is compared with 3 days, which is also the constant 'walledGardenGraceDays' of rules/constants.json shown to customers: compare with the constant instead ("value": {"fact": "constant.walledGardenGraceDays"}) so one edit changes both [duplicate-value]`,
    ]);
  });

  it('only warns when the equal numbers mean different things (a 90-day card warning, 90 days to archive)', () => {
    const card = file('prepaid-card', [
      {
        name: 'card-almost-expired',
        priority: 80,
        conditions: { all: [c('isPrepaid', 'equal', true), c('daysToCardExpiry', 'lessThanInclusive', 90)] },
        event: { type: 'prepaid-card', params: { status: 2 } },
      },
    ]);
    const found = analyse({ constants: constantsFile(allConstants), 'prepaid-card': card }).findings;
    expect(found.map((f) => [f.severity, f.message.split(',')[0]])).toEqual([
      ['warning', 'daysToCardExpiry is compared with 90 days'],
      ['warning', 'daysToCardExpiry is compared with 90 days'],
    ]);
    expect(found.map((f) => f.message)).toEqual([
      expect.stringContaining("the constant 'archiveAfterDays'") as unknown,
      expect.stringContaining("the constant 'trackingCookieDays'") as unknown,
    ]);
  });

  it('accepts a rule that compares with the constant, and a number of another unit', () => {
    expect(
      lines({
        constants: constantsFile(allConstants),
        payment: grace({ fact: 'constant.walledGardenGraceDays' }),
      }),
    ).toEqual([]);
    const hours = file('appointment-timing', [
      {
        name: 'soon',
        priority: 10,
        conditions: { all: [c('hoursUntilAppointment', 'lessThan', 3)] },
        event: { type: 'appointment-timing', params: { timing: 'near-term' } },
      },
    ]);
    expect(lines({ constants: constantsFile(allConstants), 'appointment-timing': hours })).toEqual([]);
  });

  it('reasons with the constant the rule compares with (a contradiction through a constant)', () => {
    const contradiction = file('payment', [
      {
        name: 'late-in-period',
        priority: 10,
        conditions: {
          all: [
            c('daysSinceFailedPayment', 'greaterThan', { fact: 'constant.walledGardenGraceDays' }),
            c('daysSinceFailedPayment', 'lessThan', 2),
          ],
        },
        event: { type: 'payment-flag', params: { flag: 'lateInPeriod' } },
      },
    ]);
    const [finding] = analyse({ constants: constantsFile(allConstants), payment: contradiction }).findings;
    expect(finding?.code).toBe('never-fires');
    expect(finding?.message).toContain('daysSinceFailedPayment greaterThan 3');
  });
});

describe('rules:check analysis: constants and toggles nothing reads', () => {
  const shipped = loadRulesDir().toggles;
  const toggles: RuleFile = {
    ...shipped,
    rules: shipped.rules.map(({ acknowledge: _ack, ...rule }) => rule),
  };
  const constants = constantsFile(allConstants);
  const cancelSection = file('home-sections', [section('support', [c('toggle.cancel', 'equal', true)], 220)]);
  // The code reads every constant but paperBillFee and every toggle but cancel (read by the rule) and brim.
  const reads = {
    constants: new Set(Object.keys(allConstants).filter((n) => n !== 'paperBillFee')),
    toggles: new Set(TOGGLE_NAMES.filter((t) => t !== 'techTracker' && t !== 'cancel')),
  };

  it('finds a toggle and a constant no rule and no code reads', () => {
    const found = analyse(
      { toggles, constants, 'home-sections': cancelSection },
      { codeReads: reads },
    ).findings;
    expect(found.map(formatIssue)).toEqual([
      "rules/constants.json, rule #4 'paperBillFee', at rules[3].event.params.name: no rule and no code reads the constant 'paperBillFee', so changing it changes nothing the customer sees [unused]",
      "rules/toggles.json, rule #4 'techTracker', at rules[3].event.params.toggle: no rule and no code reads the toggle 'techTracker', so changing it changes nothing the customer sees [unused]",
    ]);
  });

  it('the shipped tech tracker toggle is read by the order rules, so it needs no acknowledgement', () => {
    const result = analyse(
      {
        toggles: shipped,
        constants,
        'home-sections': cancelSection,
        'order-actions': loadRulesDir()['order-actions'],
      },
      { codeReads: reads },
    );
    expect(result.acknowledged).toEqual([]);
    expect(result.findings.map(formatIssue).filter((f) => f.includes('techTracker'))).toEqual([]);
  });

  it('is not run without the code scan (a finding needs both the rules and the code)', () => {
    expect(analyse({ toggles, constants, 'home-sections': cancelSection }).findings).toEqual([]);
  });

  it("the code scan finds constantOf(store, 'name') and toggles?.name reads, not mere mentions", () => {
    const found = codeReads();
    expect(found.constants.has('archiveAfterDays')).toBe(true);
    // The code reads no toggle: the rules decide what each one switches (rules/reboot-call.json, ...).
    expect([...found.toggles]).toEqual([]);
    // A toggle read in code is found; one only mentioned is not.
    const root = mkdtempSync(join(tmpdir(), 'code-reads-'));
    mkdirSync(join(root, 'src'));
    writeFileSync(
      join(root, 'src', 'reads.ts'),
      "// techTracker is only mentioned here\nexport const on = (d: any) => d.toggles?.acsCall || d.toggles['maintenance'];\n",
    );
    expect([...codeReads(root).toggles].sort()).toEqual(['acsCall', 'maintenance']);
  });
});

describe('rules:check on a folder', () => {
  it('reports a JSON syntax error with its line and column', () => {
    expect(parseJson('{\n  "a": 1\n  "b": 2\n}')).toEqual({
      where: 'line 3, column 3',
      problem:
        "not valid JSON at line 3, column 3: Expected ',' or '}' after property value (a comma is missing, or a bracket is not closed)",
    });
    const dir = mkdtempSync(join(tmpdir(), 'rules-'));
    writeFileSync(join(dir, 'brand.json'), '{\n  "decision": "brand",\n}\n');
    const issue = checkRulesDir(dir).issues.find((i) => i.file === 'rules/brand.json');
    expect(issue && formatIssue(issue)).toBe(
      'rules/brand.json, at line 3, column 1: not valid JSON at line 3, column 1: Expected double-quoted property name (a comma before a closing bracket, or a name without "quotes")',
    );
  });

  it('finds nothing to fix in the shipped rules', () => {
    const checked = checkRulesDir(join(import.meta.dirname, '..', '..', 'rules'));
    expect(checked.issues.filter((i) => i.severity !== 'warning')).toEqual([]);
    // Warnings (sections of features not built yet) do not fail the check: test/engine/rendered-sections.test.ts.
    const errors = analyzeRulesDir(checked).findings.filter((f) => f.severity !== 'warning');
    expect(errors.map(formatIssue)).toEqual([]);
    // One rule file per decision of the table, no more, no fewer.
    expect(Object.keys(loadRulesDir()).length).toBe(DECISION_IDS.length);
  });
});
