import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOME_VIEWS } from '../../src/engine/decisions';
import type { ExplainTrace } from '../../src/engine/types';
import { deriveFacts } from '../../src/facts/derive';
import { snapshotFromResponses } from '../../src/facts/responses';
import { ACCOUNT_FACTS, type AccountFacts, type FactDefinition } from '../../src/facts/vocabulary';
import { rulesRuntime } from './support/facts';

function factArbitrary(f: FactDefinition): fc.Arbitrary<string | number | boolean | null> {
  const known = f.values && f.values.length > 0 ? [fc.constantFrom(...f.values)] : [];
  switch (f.type) {
    case 'boolean':
      return fc.option(fc.boolean(), { nil: null });
    case 'number':
      return fc.option(
        fc.oneof(
          ...known,
          fc.integer({ min: -2000, max: 2000 }),
          fc.double({ noNaN: true, min: -1e6, max: 1e6 }),
        ),
        {
          nil: null,
        },
      );
    case 'string':
      return fc.option(fc.oneof(...known, fc.string()), { nil: null });
  }
}

const factsArbitrary = fc.record(
  Object.fromEntries(ACCOUNT_FACTS.map((f) => [f.name, factArbitrary(f)])),
) as unknown as fc.Arbitrary<AccountFacts>;

function ruleErrors(explain: ExplainTrace): string[] {
  return explain.flatMap((d) =>
    d.rules.filter((r) => r.error).map((r) => `${d.decision}/${r.name}: ${r.error ?? ''}`),
  );
}

/** A profile with any mix of the fields the facts read. */
const profileArbitrary = fc.record(
  {
    currentlyManagedAccount: fc.oneof(
      fc.constantFrom('310245781', '31024578101', '3035550100123', 'PPB10020030'),
      fc.string({ minLength: 1 }),
    ),
    accountStatus: fc.constantFrom(
      'ACTIVE',
      'LIVE',
      'INACTIVE',
      'SUSP',
      'SUSPENDED',
      'S',
      'FINAL',
      'ARCHIVED',
      'DISCONNECTED',
      'odd',
    ),
    accountLifeCycle: fc.constantFrom('Active', 'Early Life'),
    accountType: fc.constantFrom('I', 'CX', 'H', 'B', 'CXSB', 'Postpaid', ''),
    companyIdentifier: fc.constantFrom('1', '4', ''),
    territory: fc.constantFrom('LC', 'LQ', 'XX'),
    c2e: fc.boolean(),
    blockedAccount: fc.boolean(),
    embargo: fc.constantFrom(0, 1),
    bgsaccount: fc.boolean(),
    fedaccount: fc.boolean(),
    autoPay: fc.boolean(),
    paperlessBilling: fc.boolean(),
    accountTenure: fc.integer({ min: 0, max: 40 }),
    currentAmountDue: fc.double({ noNaN: true, min: 0, max: 500 }),
    billDueDate: fc.constantFrom('2026-03-01', '2026-03-09', '2026-03-10', '2026-04-01', 'garbage'),
    failedPaymentDate: fc.constantFrom('2026-03-06', '2026-03-09', '2026-03-10', ''),
    creditCardExpiryDate: fc.constantFrom('2026-03-09', '2026-05-01', '12/27', '13/99', ''),
    creditCardType: fc.constantFrom('VISA', 'ACH', ''),
    emailAddress: fc.constantFrom('a@b.example', 'broken', ''),
    conversionInfo: fc.record({
      conversionStatus: fc.constantFrom('C', 'o', 'x'),
      conversionDate: fc.constantFrom('2026-03-01', '2025-01-01'),
    }),
  },
  { requiredKeys: ['currentlyManagedAccount', 'accountStatus', 'accountType', 'companyIdentifier'] },
);

const today = new Date(2026, 2, 10, 12);

describe('rule sets on generated input', () => {
  it('home view precedence is total: exactly one view for any facts, decided by a rule, and no rule throws', async () => {
    await fc.assert(
      fc.asyncProperty(factsArbitrary, async (facts) => {
        const { decisions, explain } = await rulesRuntime().decide(facts);
        const trace = explain.find((d) => d.decision === 'home-view')!;
        expect(HOME_VIEWS).toContain(decisions.homeView.view);
        expect(trace.winner).not.toBeNull();
        expect(trace.defaulted).toBe(false);
        expect(ruleErrors(explain)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('every generated profile gets exactly one home view and one navigation, and sections in order without repeats', async () => {
    await fc.assert(
      fc.asyncProperty(profileArbitrary, fc.boolean(), async (profile, orderHistoryOpen) => {
        const snapshot = snapshotFromResponses(
          {
            homeEarlyInit: {
              statusCode: 200,
              status: 'SUCCESS',
              accountLifeCycle: profile.accountLifeCycle,
              response: profile,
            },
          },
          { ui: { orderHistoryOpen } },
        );
        const { decisions, explain } = await rulesRuntime().decide(deriveFacts(snapshot, { today }));
        expect(explain.find((d) => d.decision === 'home-view')!.winner).not.toBeNull();
        expect(explain.find((d) => d.decision === 'navigation')!.winner).not.toBeNull();
        const orders = decisions.sections.map((s) => s.order);
        expect(orders).toEqual([...orders].sort((a, b) => a - b));
        expect(new Set(decisions.sections.map((s) => s.section)).size).toBe(decisions.sections.length);
        expect(ruleErrors(explain)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
