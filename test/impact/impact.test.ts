import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadBase, rulesAtRef } from '../../scripts/impact-lib';
import { loadRulesDir, repoRoot } from '../../scripts/rules-lib';
import { ORDER_LAYOUT, compileRules } from '../../src/engine/compile';
import { DECISIONS } from '../../src/engine/decisions';
import { createRuntime, type Runtime } from '../../src/engine/runtime';
import type { HomeDecisions, Rulesets } from '../../src/engine/types';
import type { AccountFacts, OrderFacts } from '../../src/facts/vocabulary';
import { callBits, notCalled, withCalls } from '../../src/impact/calls';
import { parseDistributions } from '../../src/impact/distributions';
import { parseFactsLines } from '../../src/impact/facts-file';
import {
  compareAccount,
  exportedPopulation,
  generatedPopulation,
  measureImpact,
  type DecisionImpact,
  type PopulationSource,
} from '../../src/impact/impact';
import { factsObject, type GeneratedAccount } from '../../src/impact/population';
import { renderImpact } from '../../src/impact/report';

const distributions = parseDistributions(
  JSON.parse(readFileSync(join(repoRoot, 'rules', 'population', 'distributions.json'), 'utf8')),
);
const shipped = (): Rulesets => structuredClone(loadRulesDir());

/** Shipped rules with an analyst's edits: a threshold, a rule taken out, a call no longer made. */
function edited(edit: (r: Rulesets) => void): Rulesets {
  const r = shipped();
  edit(r);
  return r;
}
const firstBillUpTo20 = (r: Rulesets): void => {
  const rule = r['home-sections'].rules.find((x) => x.name === 'first-bill-alert')!;
  (rule.conditions as { all: { value: unknown }[] }).all[1]!.value = 20;
};
const noRewards = (r: Rulesets): void => {
  r['home-sections'].rules = r['home-sections'].rules.filter((x) => x.name !== 'rewards');
};
const noServicesCall = (r: Rulesets): void => {
  r['data-loading'].rules = r['data-loading'].rules.filter((x) => x.name !== 'services');
};

/** An account decided the app's way with json-rules-engine: the profile, the planned calls, the decisions, the orders. */
async function viaRuntime(runtime: Runtime, account: GeneratedAccount) {
  const profile = factsObject(withCalls(account.facts, 0)) as AccountFacts;
  const plan = (await runtime.decide(profile)).decisions.dataLoading.calls;
  const facts = factsObject(withCalls(account.facts, callBits(plan))) as AccountFacts;
  const { decisions } = await runtime.decide(facts);
  const orders = plan.includes('orderHistory')
    ? await Promise.all(
        account.orders.map(
          async (o) =>
            (await runtime.decideOrder(factsObject(o, ORDER_LAYOUT) as OrderFacts, decisions.toggles)).show,
        ),
      )
    : [];
  return { facts, decisions, orders };
}

const changeOf = (
  report: { decisions: readonly DecisionImpact[] },
  decision: string,
  change: string,
): number =>
  report.decisions.find((d) => d.decision === decision)?.changes.find((c) => c.change === change)?.accounts ??
  0;

describe('rules:impact', () => {
  const population = generatedPopulation(distributions);

  it("decides each generated account exactly as json-rules-engine does the app's way (profile, planned calls, decisions, orders)", async () => {
    const current = edited((r) => {
      firstBillUpTo20(r);
      noServicesCall(r);
    });
    const runtimes = { current: createRuntime(structuredClone(current)), base: createRuntime(shipped()) };
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: population.size - 1 }), async (index) => {
        const compiled = compareAccount(current, shipped(), population, index);
        const now = await viaRuntime(runtimes.current, population.account(index));
        const before = await viaRuntime(runtimes.base, population.account(index));
        expect(compiled.facts).toStrictEqual(now.facts);
        expect(compiled.current).toStrictEqual({ decisions: now.decisions, orders: now.orders });
        expect(compiled.base).toStrictEqual({ decisions: before.decisions, orders: before.orders });
      }),
      { numRuns: 150 },
    );
  });

  it("counts, per decision and change, the accounts json-rules-engine's decisions differ for", async () => {
    const current = edited((r) => {
      firstBillUpTo20(r);
      noRewards(r);
    });
    const small: PopulationSource = generatedPopulation(distributions, { accounts: 400 });
    const report = measureImpact(current, shipped(), small);
    const runtimes = [createRuntime(structuredClone(current)), createRuntime(shipped())] as const;
    const expected = { firstBill: 0, rewards: 0, accounts: 0 };
    const visible = (d: HomeDecisions): string[] => d.sections.map((s) => s.section);
    for (let i = 0; i < small.size; i++) {
      const [now, before] = await Promise.all(runtimes.map((r) => viaRuntime(r, small.account(i))));
      if (now!.decisions.homeView.view !== 'full' || before!.decisions.homeView.view !== 'full') continue;
      const a = visible(now!.decisions);
      const b = visible(before!.decisions);
      if (a.includes('first-bill-alert') && !b.includes('first-bill-alert')) expected.firstBill++;
      if (!a.includes('rewards') && b.includes('rewards')) expected.rewards++;
      if (a.join() !== b.join()) expected.accounts++;
    }
    expect(expected.firstBill).toBeGreaterThan(20);
    expect(expected.rewards).toBeGreaterThan(100);
    expect(changeOf(report, 'home-sections', '+first-bill-alert')).toBe(expected.firstBill);
    expect(changeOf(report, 'home-sections', '-rewards')).toBe(expected.rewards);
    expect(report.decisions.find((d) => d.decision === 'home-sections')!.accounts).toBe(expected.accounts);
    expect(report.decisions.map((d) => d.decision)).toEqual(['home-sections']);
    expect(report.rules).toEqual([
      { decision: 'home-sections', added: [], removed: ['rewards'], changed: ['first-bill-alert'] },
    ]);
  });

  it('finds no change between identical rules', () => {
    const report = measureImpact(
      shipped(),
      shipped(),
      generatedPopulation(distributions, { accounts: 3000 }),
    );
    expect(report).toMatchObject({
      accounts: 3000,
      changedAccounts: 0,
      decisions: [],
      rules: [],
      examples: [],
    });
  });

  it('shows a call no longer made in every decision that uses its data', () => {
    const report = measureImpact(
      edited(noServicesCall),
      shipped(),
      generatedPopulation(distributions, { accounts: 3000 }),
    );
    expect(changeOf(report, 'data-loading', '-services')).toBeGreaterThan(2000);
    expect(changeOf(report, 'home-sections', '-internet-wifi')).toBeGreaterThan(1000);
  });

  it('prints each decision as "<decision>: <n> accounts change; <change> <n>; ...", with examples that regenerate by index', () => {
    const report = measureImpact(
      edited((r) => {
        firstBillUpTo20(r);
        noRewards(r);
      }),
      shipped(),
      generatedPopulation(distributions, { accounts: 5000 }),
    );
    const text = renderImpact(report, {
      comparing: 'rules/ against main',
      showCommand: (i) => `npm run rules:impact -- --base main --show ${i}`,
      budget: 1000,
    });
    const sections = report.decisions.find((d) => d.decision === 'home-sections')!;
    expect(text).toContain(
      `home-sections: ${sections.accounts.toLocaleString('en-US')} accounts change; ${sections.changes
        .map((c) => `${c.change} ${c.accounts.toLocaleString('en-US')}`)
        .join('; ')}`,
    );
    expect(text).toMatch(/^Time: [\d,]+ ms for 5,000 accounts \(budget 1,000 ms\): generating/m);
    const example = report.examples[0]!;
    expect(text).toContain(`npm run rules:impact -- --base main --show ${example.index}`);
    // The kind of account, then what the changed rules test, in the vocabulary's order.
    expect(report.keyFacts).toEqual([
      'accountNumberKind',
      'accountStatus',
      'accountType',
      'companyIdentifier',
      'accountTenure',
    ]);
    // The seed and index give the same account again.
    const again = generatedPopulation(distributions, { accounts: 5000 }).account(example.index);
    expect(factsObject(again.facts)).toMatchObject(example.facts);
  });

  it('measures exported facts like the generated accounts they were exported from', () => {
    const small = generatedPopulation(distributions, { accounts: 500 });
    const current = edited(firstBillUpTo20);
    // What the app would export: each account's facts after the calls the rules made, and its orders.
    const rules = compileRules(shipped());
    const lines = Array.from({ length: small.size }, (_, i) => {
      const account = small.account(i);
      const calls = rules.planCalls(account.facts, notCalled(0));
      const facts = factsObject(withCalls(account.facts, callBits(calls)));
      const orders = calls.includes('orderHistory')
        ? account.orders.map((o) => factsObject(o, ORDER_LAYOUT))
        : [];
      return JSON.stringify({ id: `A${i}`, ...facts, orders });
    });
    const exported = exportedPopulation(parseFactsLines(lines.join('\n')), 'export.jsonl');
    const fromFile = measureImpact(current, shipped(), exported);
    const generated = measureImpact(current, shipped(), small);
    expect(
      fromFile.decisions.map((d) => [d.decision, d.accounts, d.changes.map((c) => [c.change, c.accounts])]),
    ).toEqual(
      generated.decisions.map((d) => [d.decision, d.accounts, d.changes.map((c) => [c.change, c.accounts])]),
    );
    expect(fromFile.examples[0]!.label).toMatch(/^A\d+$/);
  });
});

describe('exported facts (--population file.jsonl)', () => {
  const good = (): Record<string, unknown> => {
    const small = generatedPopulation(distributions, { accounts: 1 });
    return factsObject(small.account(0).facts);
  };

  it('names the line and the fact of each problem, with a suggestion for a misspelt one', () => {
    const line = (edit: (f: Record<string, unknown>) => void): string => {
      const f = good();
      edit(f);
      return JSON.stringify(f);
    };
    const text = [
      line(() => {}),
      line((f) => {
        f.acountStatus = f.accountStatus;
        delete f.accountStatus;
      }),
      line((f) => {
        f.amountDue = '12.50';
      }),
      line((f) => {
        f.customerType = 'RESI';
      }),
      '{not json',
      line((f) => {
        f.orders = [{ orderStatus: 'COMPLETED', orderActivity: 'INSTALL' }];
      }),
    ].join('\n');
    expect(() => parseFactsLines(text, 'export.jsonl')).toThrow(
      [
        'export.jsonl: 6 problems:',
        "  export.jsonl line 2: unknown fact 'acountStatus': did you mean 'accountStatus'?",
        '  export.jsonl line 2: missing facts (write null for unknown): accountStatus',
        `  export.jsonl line 3: 'amountDue' is a number (or null), not "12.50"`,
        `  export.jsonl line 4: "RESI" is not a value 'customerType' can have (RES, SMB): did you mean 'RES'?`,
        '  export.jsonl line 5: not valid JSON',
      ].join('\n'),
    );
    expect(() => parseFactsLines(text, 'export.jsonl')).toThrow(
      'export.jsonl line 6: orders[0]: missing facts (write null for unknown): hoursSinceOrderClosed',
    );
  });

  it('reads one account per line, the label from its id or its line', () => {
    const accounts = parseFactsLines(
      `${JSON.stringify({ id: 'X1', ...good() })}\n\n${JSON.stringify(good())}\n`,
    );
    expect(accounts.map((a) => a.label)).toEqual(['X1', 'line 3']);
  });
});

describe('the base rules (--base)', () => {
  it('reads every rule file at a git ref, checked like rules:check', () => {
    const atHead = rulesAtRef('HEAD');
    expect(Object.keys(atHead).sort()).toEqual(DECISIONS.map((d) => d.id).sort());
  });

  it('says what is wrong with a ref or a folder', () => {
    expect(() => loadBase('no-such-ref-anywhere')).toThrow(
      '--base no-such-ref-anywhere: neither a folder nor a git ref (a branch, tag or commit)',
    );
    expect(() => rulesAtRef('--output=x')).toThrow("a git ref does not start with '-'");
    expect(loadBase(join(repoRoot, 'rules'))).toEqual(loadRulesDir());
  });
});
