import { Engine } from 'json-rules-engine';
import { describe, expect, it, vi } from 'vitest';
import { loadRulesDir } from '../../lib/rules-files';
import { formatDecisionTrace } from '../../src/engine/explain';
import { CompileError, compileRules } from '../../src/engine/compile';
import { createRuntime } from '../../src/engine/runtime';
import { DECISIONS } from '../../src/engine/decisions';
import type { RuleFile, Rulesets } from '../../src/engine/types';
import { account } from '../rules/support/facts';
import { loadPersonas, personaResponses } from '../../server/personas';
import { PREVIEW_DATE, dayAt, personaFacts } from '../../lib/personas';
import { profileFromEnvelope } from '../../src/facts/responses';
import { itemFactsOf } from '../../src/stores/item-decisions';

const committed = (): Rulesets => structuredClone(loadRulesDir());

describe('createRuntime', () => {
  it("with a pause, awaits it before each decision file and decides exactly as without (the browser's yields)", async () => {
    const rulesets = committed();
    const facts = account({ amountDue: 42, daysPastDueDate: 3 });
    let pauses = 0;
    const paused = createRuntime(rulesets, {
      pause: () => {
        pauses++;
        return new Promise((resolve) => setTimeout(resolve, 0));
      },
    });
    const [withPauses, without] = await Promise.all([
      paused.decide(facts),
      createRuntime(committed()).decide(facts),
    ]);
    expect(withPauses).toEqual(without);
    // One pause per decision file the account's decisions run.
    expect(pauses).toBe(without.explain.length);
    expect(paused.version).toBe(createRuntime(committed()).version);
  });

  it('survives a rule that throws: the rule counts as not matched and the error is in the explain trace', async () => {
    const rulesets = committed();
    // Bypasses the validator on purpose: json-rules-engine's `in` throws on a number value (issue #412).
    rulesets['home-view'].rules.unshift({
      name: 'broken',
      priority: 200,
      conditions: { all: [{ fact: 'accountStatus', operator: 'in', value: 5 }] },
      event: { type: 'home-view', params: { view: 'blocked' } },
    });
    const { decisions, explain } = await createRuntime(rulesets).decide(account({ accountStatus: 'FINAL' }));
    expect(decisions.homeView.view).toBe('closed');
    const trace = explain.find((d) => d.decision === 'home-view')!;
    expect(trace.winner).toBe('closed');
    const broken = trace.rules.find((r) => r.name === 'broken')!;
    expect(broken.matched).toBe(false);
    expect(broken.error).toMatch(/indexOf/);
  });

  it('falls back to a safe default, marked in the trace, when no rule decides', async () => {
    const rulesets = committed();
    rulesets['home-view'] = { ...rulesets['home-view'], rules: [] };
    const { decisions, explain } = await createRuntime(rulesets).decide(account());
    expect(decisions.homeView.view).toBe('full');
    expect(explain.find((d) => d.decision === 'home-view')!.defaulted).toBe(true);
  });

  it('explains each condition with the fact value, the operator, the expected value and whether it held', async () => {
    const { explain } = await createRuntime(committed()).decide(
      account({ amountDue: 42, daysPastDueDate: 1 }),
    );
    const late = explain.find((d) => d.decision === 'payment')!.rules.find((r) => r.name === 'payment-late')!;
    expect(late.matched).toBe(false);
    expect(late.conditions).toEqual({
      group: 'all',
      held: false,
      children: [
        { fact: 'amountDue', operator: 'greaterThan', expected: 10, value: 42, held: true },
        { fact: 'daysPastDueDate', operator: 'greaterThan', expected: 1, value: 1, held: false },
      ],
    });
  });

  it('a condition comparing with a constant follows rules/constants.json, and the trace shows the number', async () => {
    const soft = account({
      isPrepaid: true,
      wgCallStatus: 'ok',
      wgServerStatus: true,
      wgIsSoft: true,
      wgStatus: 'SOFT',
      daysSinceFailedPayment: 4,
    });
    const rulesets = committed();
    const before = await createRuntime(rulesets).decide(soft);
    expect(before.decisions.walledGarden.state).toBe('hard');
    const grace = before.explain
      .find((d) => d.decision === 'walled-garden')!
      .rules.find((r) => r.name === 'soft-grace')!;
    expect(
      formatDecisionTrace({ ...before.explain.find((d) => d.decision === 'walled-garden')!, rules: [grace] }),
    ).toContain(
      '[failed] daysSinceFailedPayment lessThanInclusive constant.walledGardenGraceDays (3)   (value: 4)',
    );

    const graceRule = rulesets.constants.rules.find((r) => r.event.params.name === 'walledGardenGraceDays')!;
    graceRule.event.params.value = 5;
    const after = await createRuntime(rulesets).decide(soft);
    expect(after.decisions.walledGarden.state).toBe('soft');
    expect(after.decisions.constants.walledGardenGraceDays).toBe(5);
  });

  it('keeps one section per id (the highest-priority rule names the variant) ordered by the order numbers', async () => {
    const sections: RuleFile = {
      decision: 'home-sections',
      kind: 'all-ordered',
      description: 'test',
      rules: [
        {
          name: 'b',
          priority: 1,
          conditions: { all: [] },
          event: { type: 'section', params: { section: 'support', order: 20 } },
        },
        {
          name: 'a',
          priority: 1,
          conditions: { all: [] },
          event: { type: 'section', params: { section: 'greeting', order: 10 } },
        },
        {
          name: 'c1',
          priority: 5,
          conditions: { all: [] },
          event: { type: 'section', params: { section: 'cancel-service', order: 15, variant: 'button' } },
        },
        {
          name: 'c2',
          priority: 4,
          conditions: { all: [] },
          event: { type: 'section', params: { section: 'cancel-service', order: 15, variant: 'chat' } },
        },
      ],
    };
    const { decisions } = await createRuntime({ ...committed(), 'home-sections': sections }).decide(
      account(),
    );
    expect(decisions.sections).toEqual([
      { section: 'greeting', order: 10, params: {} },
      { section: 'cancel-service', order: 15, params: { variant: 'button' } },
      { section: 'support', order: 20, params: {} },
    ]);
  });

  it('feeds toggles to later decisions: the maintenance toggle on shows the maintenance banner', async () => {
    const rulesets = committed();
    const maintenance = rulesets.toggles.rules.find((r) => r.event.params.toggle === 'maintenance')!;
    maintenance.event.params.on = true;
    const { decisions } = await createRuntime(rulesets).decide(account());
    expect(decisions.toggles.maintenance).toBe(true);
    expect(decisions.banner).toEqual({ banner: 'maintenance' });
  });

  it('gives the same answer when decided again with the same engines', async () => {
    const runtime = createRuntime(committed());
    const first = await runtime.decide(account({ blockedAccount: true }));
    await runtime.decide(account());
    const again = await runtime.decide(account({ blockedAccount: true }));
    expect(again.decisions).toEqual(first.decisions);
  });
});

/**
 * runtime.decisions and itemDecisions, what a customer's page runs (docs/decisions/045): the compiled
 * evaluator, its trace json-rules-engine's when asked. Equality on generated facts and rules is
 * test/engine/compile.test.ts's; here, the runtime hands each call to the right evaluator.
 */
describe("the page's decisions", () => {
  const today = dayAt(PREVIEW_DATE);
  const personas = loadPersonas();

  it("are decide()'s decisions for every persona account, and explain() is decide()'s trace", async () => {
    const runtime = createRuntime(committed());
    for (const p of personas)
      for (let i = 0; i < p.accounts.length; i++) {
        const facts = personaFacts(p, today, i);
        const reference = await runtime.decide(facts);
        const page = await runtime.decisions(facts);
        expect(page.decisions, `${p.id} #${i}`).toStrictEqual(reference.decisions);
        expect(await page.explain(), `${p.id} #${i}`).toStrictEqual(reference.explain);
      }
  });

  it('are made without json-rules-engine, which works out the trace only when asked, and once', async () => {
    const runtime = createRuntime(committed());
    const facts = account({ amountDue: 42, daysPastDueDate: 3 });
    const runs = vi.spyOn(Engine.prototype, 'run');
    try {
      const page = await runtime.decisions(facts);
      expect(runs).not.toHaveBeenCalled();
      const [a, b] = await Promise.all([page.explain(), page.explain()]);
      const traced = runs.mock.calls.length;
      expect(traced).toBeGreaterThan(0);
      expect(a).toBe(b);
      await page.explain();
      expect(runs.mock.calls.length).toBe(traced);
    } finally {
      runs.mockRestore();
    }
  });

  it("with a pause (the browser's yields), compile the rules a file at a time and decide the same", async () => {
    let pauses = 0;
    const paused = createRuntime(committed(), {
      pause: () => {
        pauses++;
        return new Promise((resolve) => setTimeout(resolve, 0));
      },
    });
    const plain = createRuntime(committed());
    for (const p of personas.slice(0, 8)) {
      const facts = personaFacts(p, today, 0);
      expect((await paused.decisions(facts)).decisions, p.id).toStrictEqual(
        (await plain.decisions(facts)).decisions,
      );
    }
    // Once for the layouts, once per rule file and once per stage of the account decisions, on the first
    // decision only.
    expect(pauses).toBe(
      1 + DECISIONS.length + new Set(DECISIONS.filter((d) => d.stage !== 'order').map((d) => d.stage)).size,
    );
  });

  it('fall back to json-rules-engine for rules the compiled evaluator cannot mirror, deciding the same', async () => {
    const rulesets = committed();
    // Two rules of one name: json-rules-engine keeps both, the compiled evaluator refuses the file
    // (rules:check refuses it too; an analyst's draft may still hold it).
    const first = rulesets['home-view'].rules[0]!;
    rulesets['home-view'].rules.push({ ...first, priority: first.priority + 1 });
    expect(() => compileRules(rulesets)).toThrow(CompileError);
    const runtime = createRuntime(rulesets);
    for (const p of personas.slice(0, 6)) {
      const facts = personaFacts(p, today, 0);
      const page = await runtime.decisions(facts);
      const reference = await runtime.decide(facts);
      expect(page.decisions, p.id).toStrictEqual(reference.decisions);
      expect(await page.explain(), p.id).toStrictEqual(reference.explain);
    }
  });

  it("itemDecisions are decideItem()'s decisions for every order and ticket of the personas' histories", async () => {
    const runtime = createRuntime(committed());
    let items = 0;
    for (const p of personas)
      for (let i = 0; i < p.accounts.length; i++) {
        const r = personaResponses(p, { today, accountIndex: i });
        const profile = profileFromEnvelope(r.homeEarlyInit);
        const { decisions } = await runtime.decisions(personaFacts(p, today, i));
        for (const item of itemFactsOf(
          {
            orderHistory: r.orderHistory,
            tickets: r.repairTickets,
            profile: profile.status === 'ok' ? profile.data : undefined,
          },
          today,
        )) {
          items++;
          expect(await runtime.itemDecisions(item.facts, decisions), item.key).toStrictEqual(
            (await runtime.decideItem(item.facts, decisions)).decisions,
          );
        }
      }
    expect(items).toBeGreaterThan(10);
  });
});
