import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadBase, rulesAtRef } from '../../lib/impact';
import { loadRulesDir } from '../../lib/rules-files';
import { repoRoot } from '../../lib/repo';
import { ORDER_LAYOUT, compileRules } from '../../src/engine/compile';
import { DECISIONS } from '../../src/engine/decisions';
import { createRuntime, type Runtime } from '../../src/engine/runtime';
import type { HomeDecisions, Rulesets } from '../../src/engine/types';
import type { AccountFacts, OrderFacts } from '../../src/facts/vocabulary';
import { callBits, notCalled, withCalls } from '../../src/impact/calls';
import { parseDistributions } from '../../src/impact/distributions';
import { parseFactsLines } from '../../src/impact/facts-file';
import {
  ImpactInputError,
  compareAccount,
  exportedPopulation,
  generatedPopulation,
  measureImpact,
  prepareBaseline,
  runDraftImpact,
  runImpact,
  type DecisionImpact,
  type ImpactProgress,
  type PopulationSource,
} from '../../src/impact/impact';
import { factsObject, type GeneratedAccount } from '../../src/impact/population';
import { renderImpact } from '../../src/impact/report';
import { rulesetsArbitrary, thresholdsOf } from '../engine/support/arbitraries';
import { sized } from '../support/sweep';
import { stratifiedSample } from './support/sample';

const distributions = parseDistributions(
  JSON.parse(readFileSync(join(repoRoot, 'rules', 'population', 'distributions.json'), 'utf8')),
);
/** Read and checked once (about 0.1 s each time); every test gets its own copy. */
const SHIPPED = loadRulesDir();
const shipped = (): Rulesets => structuredClone(SHIPPED);

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

/**
 * An account decided the app's way with json-rules-engine: the profile, the planned calls, the decisions,
 * then each order and ticket the account loaded (the item store).
 */
async function viaRuntime(runtime: Runtime, account: GeneratedAccount) {
  const profile = factsObject(withCalls(account.facts, 0)) as AccountFacts;
  let plan = (await runtime.decide(profile)).decisions.dataLoading.calls;
  let facts = factsObject(withCalls(account.facts, callBits(plan))) as AccountFacts;
  let { decisions } = await runtime.decide(facts);
  // As the app and decidePersona: the calls the rules add once the first ones answered are made too.
  const later = decisions.dataLoading.calls.filter((c) => !plan.includes(c));
  if (later.length > 0) {
    plan = [...plan, ...later];
    facts = factsObject(withCalls(account.facts, callBits(plan))) as AccountFacts;
    ({ decisions } = await runtime.decide(facts));
  }
  const items = (loaded: boolean, list: readonly (readonly unknown[])[]) =>
    loaded
      ? Promise.all(
          list.map(
            async (o) =>
              (await runtime.decideItem(factsObject(o, ORDER_LAYOUT) as OrderFacts, decisions)).decisions,
          ),
        )
      : [];
  const orders = await items(plan.includes('orderHistory'), account.orders);
  const tickets = await items(plan.includes('tickets'), account.tickets);
  return { facts, decisions, orders, tickets };
}

/** What a customer sees of an account's decisions: sections only on the full home. */
const shown = (x: Awaited<ReturnType<typeof viaRuntime>>): string => {
  const { toggles: _t, constants: _c, dataLoading: _d, ...decisions } = x.decisions;
  return JSON.stringify({
    ...x,
    facts: null,
    decisions: { ...decisions, sections: decisions.homeView.view === 'full' ? decisions.sections : [] },
  });
};

const changeOf = (
  report: { decisions: readonly DecisionImpact[] },
  decision: string,
  change: string,
): number =>
  report.decisions.find((d) => d.decision === decision)?.changes.find((c) => c.change === change)?.accounts ??
  0;

describe('rules:impact', () => {
  const population = generatedPopulation(distributions);
  /**
   * json-rules-engine decides an account in milliseconds: each test below holds rules:impact to it on a
   * sample of the population (test/impact/support/sample.ts), every kind of account the comparison tells
   * apart among the first accounts plus a few at random, instead of hundreds of accounts mostly alike.
   * SWEEP=1 scans the first 20,000 accounts and takes more of each kind.
   */
  const sample = (current: Rulesets, from: PopulationSource, by: 'flow' | 'changes') =>
    stratifiedSample(current, SHIPPED, from, {
      by,
      scan: sized(2000, 20000),
      perStratum: sized(1, 4),
      random: sized(16, 200),
      seed: 33,
    });
  /** The shipped rules' side of an account of `population`, decided by json-rules-engine once per file. */
  const shippedRuntime = createRuntime(shipped());
  const shippedSide = new Map<number, ReturnType<typeof viaRuntime>>();
  const viaShipped = (index: number): ReturnType<typeof viaRuntime> => {
    let decided = shippedSide.get(index);
    if (!decided) shippedSide.set(index, (decided = viaRuntime(shippedRuntime, population.account(index))));
    return decided;
  };

  it("decides each generated account exactly as json-rules-engine does the app's way (profile, planned calls, decisions, orders and tickets)", async () => {
    const current = edited((r) => {
      firstBillUpTo20(r);
      noServicesCall(r);
    });
    const runtime = createRuntime(structuredClone(current));
    const base = shipped();
    const same = async (index: number) => {
      const compiled = compareAccount(current, base, population, index);
      const now = await viaRuntime(runtime, population.account(index));
      const before = await viaShipped(index);
      expect(compiled.facts, `account #${index}`).toStrictEqual(now.facts);
      expect(compiled.current, `account #${index}`).toStrictEqual({
        decisions: now.decisions,
        orders: now.orders,
        tickets: now.tickets,
      });
      expect(compiled.base, `account #${index}`).toStrictEqual({
        decisions: before.decisions,
        orders: before.orders,
        tickets: before.tickets,
      });
    };
    // Every path through the app's way the first accounts take under either rule set (each side's home
    // view, calls asked for once the first answered, orders and tickets loaded) ...
    const paths = sample(current, population, 'flow');
    expect(paths.strata).toBeGreaterThan(30);
    for (const index of paths.indexes) await same(index);
    // ... and accounts anywhere in the 100,000, new ones each run (a failure prints fast-check's seed).
    await fc.assert(fc.asyncProperty(fc.integer({ min: 0, max: population.size - 1 }), same), {
      numRuns: sized(10, 150),
    });
  });

  it("counts, per decision and change, the accounts json-rules-engine's decisions differ for", async () => {
    const current = edited((r) => {
      firstBillUpTo20(r);
      noRewards(r);
    });
    const { source: small, indexes } = sample(current, population, 'changes');
    const report = measureImpact(current, shipped(), small);
    const runtime = createRuntime(structuredClone(current));
    const expected = { firstBill: 0, rewards: 0, accounts: 0, notFull: 0, unchanged: 0 };
    const visible = (d: HomeDecisions): string[] => d.sections.map((s) => s.section);
    for (let i = 0; i < small.size; i++) {
      const [now, before] = await Promise.all([
        viaRuntime(runtime, small.account(i)),
        viaShipped(indexes[i]!),
      ]);
      if (now.decisions.homeView.view !== 'full' || before.decisions.homeView.view !== 'full') {
        expected.notFull++;
        continue;
      }
      const a = visible(now.decisions);
      const b = visible(before.decisions);
      if (a.includes('first-bill-alert') && !b.includes('first-bill-alert')) expected.firstBill++;
      if (!a.includes('rewards') && b.includes('rewards')) expected.rewards++;
      if (a.join() !== b.join()) expected.accounts++;
      else expected.unchanged++;
    }
    // The sample holds each kind of account: the alert gained, rewards lost, both, neither, another view.
    expect(expected.firstBill).toBeGreaterThanOrEqual(3);
    expect(expected.rewards).toBeGreaterThanOrEqual(10);
    expect(expected.notFull).toBeGreaterThanOrEqual(5);
    expect(expected.unchanged).toBeGreaterThanOrEqual(3);
    expect(changeOf(report, 'home-sections', '+first-bill-alert')).toBe(expected.firstBill);
    expect(changeOf(report, 'home-sections', '-rewards')).toBe(expected.rewards);
    expect(report.decisions.find((d) => d.decision === 'home-sections')!.accounts).toBe(expected.accounts);
    expect(report.decisions.map((d) => d.decision)).toEqual(['home-sections']);
    expect(report.rules).toEqual([
      { decision: 'home-sections', added: [], removed: ['rewards'], changed: ['first-bill-alert'] },
    ]);
  });

  it('counts the accounts whose prepaid card status changes when the card-expiry warning goes from 60 to 45 days, as json-rules-engine decides them', async () => {
    const current = edited((r) => {
      const rule = r['prepaid-card'].rules.find((x) => x.name === 'card-almost-expired')!;
      (rule.conditions as { all: { value: unknown }[] }).all[0]!.value = 45;
    });
    // Where the change can show: prepaid accounts whose card expires within four months.
    const prepaid = structuredClone(distributions);
    prepaid.account.kind = { BAN: 0, BAID: 0, CRIS: 0, PPB: 1, other: 0 };
    prepaid.billing.daysToCardExpiry = { ranges: [{ from: -10, to: 120, weight: 1 }] };
    const sampled = sample(current, generatedPopulation(prepaid, { accounts: 20000 }), 'changes').source;
    const report = measureImpact(current, shipped(), sampled);
    const runtimes = [createRuntime(structuredClone(current)), createRuntime(shipped())] as const;
    const expected = new Map<string, number>();
    let changed = 0;
    for (let i = 0; i < sampled.size; i++) {
      const [now, before] = await Promise.all(runtimes.map((r) => viaRuntime(r, sampled.account(i))));
      const a = now!.decisions.prepaidCard.status;
      const b = before!.decisions.prepaidCard.status;
      if (a !== b) {
        const key = `${b} → ${a}`;
        expected.set(key, (expected.get(key) ?? 0) + 1);
      }
      if (shown(now!) !== shown(before!)) changed++;
    }
    expect(expected.get('2 → 0')).toBeGreaterThanOrEqual(10);
    expect(sampled.size - changed).toBeGreaterThanOrEqual(5);
    const card = report.decisions.find((d) => d.decision === 'prepaid-card')!;
    expect(card.changes.map((c) => [c.change.replace(/ \([^)]*\)/g, ''), c.accounts]).sort()).toEqual(
      [...expected].sort(),
    );
    expect(report.changedAccounts).toBe(changed);
    expect(report.rules).toEqual([
      { decision: 'prepaid-card', added: [], removed: [], changed: ['card-almost-expired'] },
    ]);
  });

  it("counts, per order and ticket, the accounts that gain the technician's location when the tech tracker is turned on, as json-rules-engine decides them", async () => {
    const current = edited((r) => {
      r.toggles.rules.find((x) => x.name === 'techTracker')!.event.params.on = true;
    });
    const { source: sampled, indexes } = sample(current, population, 'changes');
    const report = measureImpact(current, shipped(), sampled);
    const runtime = createRuntime(structuredClone(current));
    const expected = { orders: 0, tickets: 0, alert: 0 };
    let changed = 0;
    const gains = (now: { actions: Record<string, boolean> }[], before: typeof now): boolean =>
      now.some((x, j) => x.actions['tech-location'] && !before[j]?.actions['tech-location']);
    for (let i = 0; i < sampled.size; i++) {
      const [now, before] = await Promise.all([
        viaRuntime(runtime, sampled.account(i)),
        viaShipped(indexes[i]!),
      ]);
      if (shown(now) !== shown(before)) changed++;
      if (gains(now.orders, before.orders)) expected.orders++;
      if (gains(now.tickets, before.tickets)) expected.tickets++;
      if (now.decisions.orderActions['tech-location'] && !before.decisions.orderActions['tech-location'])
        expected.alert++;
    }
    expect(expected.orders).toBeGreaterThan(0);
    expect(expected.tickets).toBeGreaterThan(0);
    expect(expected.alert).toBeGreaterThan(0);
    expect(sampled.size - changed).toBeGreaterThan(0);
    expect(changeOf(report, 'history-actions', '+tech-location (order)')).toBe(expected.orders);
    expect(changeOf(report, 'history-actions', '+tech-location (ticket)')).toBe(expected.tickets);
    expect(changeOf(report, 'order-actions', '+tech-location')).toBe(expected.alert);
    // Toggles hold for every account, signed in or not; an account sees the change only through what it
    // offers.
    expect(changeOf(report, 'toggles', '+techTracker')).toBe(sampled.size);
    expect(report.changedAccounts).toBe(changed);
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
    // What the app would export: each account's facts after the calls the rules made, and its items.
    const rules = compileRules(shipped());
    const lines = Array.from({ length: small.size }, (_, i) => {
      const account = small.account(i);
      const calls = rules.planCalls(account.facts, notCalled(0));
      const facts = factsObject(withCalls(account.facts, callBits(calls)));
      const items = [
        ...(calls.includes('orderHistory') ? account.orders : []),
        ...(calls.includes('tickets') ? account.tickets : []),
      ].map((o) => factsObject(o, ORDER_LAYOUT));
      return JSON.stringify({ id: `A${i}`, ...facts, items });
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
        f.items = [{ orderStatus: 'COMPLETED', orderActivity: 'INSTALL' }];
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
      'export.jsonl line 6: items[0]: missing facts (write null for unknown): hoursSinceOrderClosed, itemKind',
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

describe('runImpact (the rule studio calls it in a Web Worker)', () => {
  const draft = (): Rulesets =>
    edited((r) => {
      firstBillUpTo20(r);
      noRewards(r);
    });
  /** A clock that moves 10 ms per reading: every slice of 25 ms holds a few chunks. */
  const ticking = () => {
    let t = 0;
    return () => (t += 10);
  };
  const withoutTimings = ({ timings: _t, ...rest }: { timings: unknown }) => rest;

  it('gives the report measureImpact gives, reporting progress after each slice up to every account', async () => {
    const population = generatedPopulation(distributions, { accounts: 3000 });
    const progress: ImpactProgress[] = [];
    const report = await runImpact({
      base: shipped(),
      draft: draft(),
      population,
      onProgress: (p) => progress.push(p),
      sliceMs: 25,
      now: ticking(),
    });
    expect(withoutTimings(report)).toEqual(withoutTimings(measureImpact(draft(), shipped(), population)));
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toMatchObject({
      done: 3000,
      total: 3000,
      changedAccounts: report.changedAccounts,
    });
    for (let i = 1; i < progress.length; i++) {
      expect(progress[i]!.done).toBeGreaterThan(progress[i - 1]!.done);
      expect(progress[i]!.changedAccounts).toBeGreaterThanOrEqual(progress[i - 1]!.changedAccounts);
    }
  });

  it('takes the distributions or exported facts as they are, and measures them like the command line', async () => {
    const json: unknown = JSON.parse(
      readFileSync(join(repoRoot, 'rules', 'population', 'distributions.json'), 'utf8'),
    );
    const generated = await runImpact({
      base: shipped(),
      draft: draft(),
      population: { distributions: json, accounts: 800, seed: 5 },
    });
    const expected = measureImpact(
      draft(),
      shipped(),
      generatedPopulation(distributions, { accounts: 800, seed: 5 }),
    );
    expect(withoutTimings(generated)).toEqual(withoutTimings(expected));
    const line = JSON.stringify({
      id: 'X1',
      ...factsObject(generatedPopulation(distributions).account(0).facts),
    });
    const fromFile = await runImpact({
      base: shipped(),
      draft: draft(),
      population: { factsLines: `${line}\n`, name: 'export.jsonl' },
    });
    expect(fromFile).toMatchObject({ accounts: 1, population: { source: 'file', file: 'export.jsonl' } });
  });

  it('stops when its signal is aborted, with the signal’s reason', async () => {
    const controller = new AbortController();
    const progress: ImpactProgress[] = [];
    const run = runImpact({
      base: shipped(),
      draft: draft(),
      population: generatedPopulation(distributions, { accounts: 100000 }),
      onProgress: (p) => {
        progress.push(p);
        controller.abort(new Error('the analyst edited the rule again'));
      },
      signal: controller.signal,
      sliceMs: 0,
    });
    await expect(run).rejects.toThrow('the analyst edited the rule again');
    expect(progress).toHaveLength(1);
    expect(progress[0]!.done).toBeLessThan(100000);
  });

  it('refuses rules or a population it cannot measure, naming each problem', async () => {
    const broken = shipped();
    (broken['order-actions'].rules[0]!.conditions as { all: { fact: string }[] }).all[0]!.fact =
      'cancelOrderDisabeld';
    const failure = runImpact({
      base: shipped(),
      draft: broken,
      population: generatedPopulation(distributions),
    });
    await expect(failure).rejects.toBeInstanceOf(ImpactInputError);
    await expect(failure).rejects.toThrow(
      /^draft: rules\/order-actions\.json, rule #1 .*cancelOrderDisabeld/,
    );
    const badPopulation = runImpact({
      base: shipped(),
      draft: shipped(),
      population: { distributions: { ...distributions, accounts: 0 } },
    });
    await expect(badPopulation).rejects.toBeInstanceOf(ImpactInputError);
    await expect(badPopulation).rejects.toThrow('accounts');
  });
});

describe('a measurement on the live rules decided once (the studio keeps them between measurements)', () => {
  const withoutTimings = ({ timings: _t, ...rest }: { timings: unknown }) => rest;
  const live = shipped();
  const population = generatedPopulation(distributions, { accounts: 400, seed: 11 });
  const prepared = prepareBaseline({ base: live, population });
  /** The reference: both rule sets decided afresh for every account, nothing reused. */
  const afresh = (draft: Rulesets) =>
    withoutTimings(measureImpact(draft, shipped(), population, { reuse: false }));

  // Each run measures the 400 accounts twice (the column evaluator): 25 drafts a run, 60 with SWEEP=1.
  it('reports exactly what deciding both rule sets afresh reports, for any draft (one to three files replaced, those other files read included)', async () => {
    const baseline = await prepared;
    expect(baseline.done).toBe(400);
    fc.assert(
      fc.property(rulesetsArbitrary(shipped(), thresholdsOf(shipped())), (draft) => {
        // measureImpact with the baseline: the same run as runDraftImpact without rules:check's refusals
        // (generated files need not pass them).
        const report = measureImpact(structuredClone(draft), live, population, { baseline });
        expect(withoutTimings(report)).toEqual(afresh(draft));
      }),
      { numRuns: sized(25, 60) },
    );
  });

  it('decides the draft again where a changed file feeds others: a stage-1 decision the home reads, the toggles and the calls the rules plan', async () => {
    const baseline = await prepared;
    const drafts = [
      // The card status is a fact of the stage-2 files (home sections, banners).
      edited((r) => {
        const rule = r['prepaid-card'].rules.find((x) => x.name === 'card-almost-expired')!;
        (rule.conditions as { all: { value: unknown }[] }).all[0]!.value = 45;
      }),
      edited((r) => {
        r['payment'].rules = [];
      }),
      // Toggles, constants and data loading change what every file reads, and which calls are made.
      edited((r) => {
        r.toggles.rules.find((x) => x.name === 'techTracker')!.event.params.on = true;
      }),
      edited(noServicesCall),
      edited((r) => {
        firstBillUpTo20(r);
        noRewards(r);
      }),
    ];
    for (const draft of drafts) {
      const report = await runDraftImpact({ baseline, draft });
      expect(withoutTimings(report)).toEqual(afresh(draft));
      expect(report.changedAccounts).toBeGreaterThan(0);
    }
    // The live rules measured against themselves: nothing changes, and the baseline is left as it was.
    const none = await runDraftImpact({ baseline, draft: shipped() });
    expect(none.changedAccounts).toBe(0);
    expect(none.decisions).toEqual([]);
    expect(withoutTimings(await runDraftImpact({ baseline, draft: drafts[4]! }))).toEqual(afresh(drafts[4]!));
  });

  it('is prepared in slices with progress up to every account, and refuses a run before it is prepared', async () => {
    const progress: { done: number; total: number }[] = [];
    let t = 0;
    const baseline = await prepareBaseline({
      base: live,
      population: generatedPopulation(distributions, { accounts: 2000 }),
      sliceMs: 25,
      now: () => (t += 10),
      onProgress: (p) => progress.push(p),
    });
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toEqual({ done: 2000, total: 2000 });
    const fresh = new (baseline.constructor as typeof import('../../src/impact/impact').ImpactBaseline)(
      live,
      population,
    );
    await expect(runDraftImpact({ baseline: fresh, draft: shipped() })).rejects.toThrow('not prepared');
    const bad = shipped();
    (bad['home-sections'] as { rules: unknown }).rules = 'none';
    await expect(prepareBaseline({ base: bad, population })).rejects.toBeInstanceOf(ImpactInputError);
  });
});
