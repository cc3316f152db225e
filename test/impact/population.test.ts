import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRulesDir } from '../../lib/rules-files';
import { repoRoot } from '../../lib/repo';
import { ACCOUNT_LAYOUT, ORDER_LAYOUT, compileRules } from '../../src/engine/compile';
import {
  BANNERS,
  HISTORY_ACTIONS,
  HOME_VIEWS,
  ORDER_ACTIONS,
  SECTIONS,
  SECTION_VARIANTS,
  UPGRADE_OFFERS,
  UPGRADE_PATHS,
  WIFI_PANEL_VARIANTS,
  type DataCall,
} from '../../src/engine/decisions';
import type { Rulesets } from '../../src/engine/types';
import { billingEntityOf, customerTypeOf, deriveFacts, territoryDisplayOf } from '../../src/facts/derive';
import { defaultUiState } from '../../src/facts/snapshot';
import { ACCOUNT_FACTS, ORDER_FACTS, type AccountFacts, type OrderFacts } from '../../src/facts/vocabulary';
import { ORDER_HISTORY, TICKETS, callBits, notCalled } from '../../src/impact/calls';
import { checkDistributions, parseDistributions, type Distributions } from '../../src/impact/distributions';
import { buildPopulationSchema } from '../../src/impact/population-schema';
import { createGenerator, factsObject } from '../../src/impact/population';

const file = join(repoRoot, 'rules', 'population', 'distributions.json');
/** What the customer gets of an account's data under these calls (as rules:impact). */
const after = (calls: readonly DataCall[]) => notCalled(callBits(calls));
const shipped = (): Distributions => parseDistributions(JSON.parse(readFileSync(file, 'utf8')));

describe('rules/population/distributions.json', () => {
  it('is valid, and names its schema so editors complete and check it', () => {
    const json = JSON.parse(readFileSync(file, 'utf8')) as { $schema: string };
    expect(checkDistributions(json)).toEqual([]);
    expect(json.$schema).toBe('../../schemas/population.schema.json');
  });

  it('schemas/population.schema.json is what the vocabulary generates (run npx tsx scripts/population-schema.ts after a change)', () => {
    const committed: unknown = JSON.parse(
      readFileSync(join(repoRoot, 'schemas', 'population.schema.json'), 'utf8'),
    );
    expect(committed).toEqual(buildPopulationSchema());
  });

  it('a mistake is named with its place, and a misspelt value gets a suggestion', () => {
    const broken = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;
    const account = broken.account!;
    account.status = { ...(account.status as object), postpaid: { ACTIVE: 1, SUSPNDED: 2 } };
    account.kind = { BAN: 0, BAID: 0, CRIS: 0, PPB: 0, other: 0 };
    (broken.billing!.tenure as { ranges: object[] }).ranges = [{ from: 10, to: 2, weight: 1 }];
    broken.contact!.emial = 0.5;
    expect(checkDistributions(broken)).toEqual([
      "account.status.postpaid: 'SUSPNDED' is not a value here: did you mean 'SUSPENDED'?",
      "contact: 'emial' is not a field here",
    ]);
    delete broken.contact!.emial;
    (account.status as Record<string, unknown>).postpaid = { ACTIVE: 1 };
    expect(checkDistributions(broken)).toEqual([
      'account.kind: every weight is 0',
      'billing.tenure.ranges[0]: "from" (10) is above "to" (2)',
    ]);
  });
});

describe('the generated population', () => {
  const d = shipped();
  const generate = createGenerator(d);

  it('is deterministic: the same seed and index give the same account, in any order, and another seed another one', () => {
    const forward = Array.from({ length: 50 }, (_, i) => generate(7, i));
    const backward = Array.from({ length: 50 }, (_, i) => generate(7, 49 - i)).reverse();
    expect(backward).toEqual(forward);
    expect(createGenerator(shipped())(7, 12)).toEqual(forward[12]);
    const other = Array.from({ length: 50 }, (_, i) => generate(8, i));
    expect(other.filter((a, i) => JSON.stringify(a) === JSON.stringify(forward[i])).length).toBeLessThan(5);
  });

  const accounts = Array.from({ length: 20000 }, (_, i) => generate(d.seed, i));
  const facts = accounts.map((a) => factsObject(a.facts) as AccountFacts);
  const orders = accounts.map((a) => a.orders.map((o) => factsObject(o, ORDER_LAYOUT) as OrderFacts));
  const tickets = accounts.map((a) => a.tickets.map((o) => factsObject(o, ORDER_LAYOUT) as OrderFacts));
  const items = [...orders.flat(), ...tickets.flat()];

  // Checks collect what they find (an expect per fact of 20,000 accounts would be slow) and compare once.
  it('gives every fact a value of its vocabulary type or null, and closed facts only their known values', () => {
    const wrong = new Set<string>();
    const all: [readonly (typeof ACCOUNT_FACTS)[number][] | typeof ORDER_FACTS, Record<string, unknown>[]][] =
      [
        [ACCOUNT_FACTS, facts],
        [ORDER_FACTS, items],
      ];
    for (const [defs, list] of all)
      for (const def of defs) {
        const closed = 'closed' in def && def.closed ? (def.values as readonly unknown[]) : null;
        for (const f of list) {
          const v = f[def.name];
          if (v === null) continue;
          if (typeof v !== def.type) wrong.add(`${def.name}: ${JSON.stringify(v)} is not a ${def.type}`);
          if (closed && !closed.includes(v))
            wrong.add(`${def.name}: ${JSON.stringify(v)} is not a known value`);
        }
      }
    expect([...wrong]).toEqual([]);
  });

  it('keeps facts consistent where the rules depend on it', () => {
    const none = deriveFacts({ profile: { status: 'failure' }, ui: defaultUiState }, { today: new Date() });
    const profileFacts = ACCOUNT_FACTS.filter(
      (x) => x.source === 'data' && !['isJanuaryFirst', 'todayDate', 'profileStatus'].includes(x.name),
    );
    const broken = new Set<string>();
    const check = (holds: boolean, what: string): void => {
      if (!holds) broken.add(what);
    };
    for (const f of facts) {
      if (f.profileStatus !== 'ok') {
        // Without a profile, exactly deriveFacts' facts, but for the day and the session.
        for (const def of profileFacts) check(f[def.name] === none[def.name], `no profile: ${def.name}`);
        continue;
      }
      check(f.isPrepaid === (f.accountNumberKind === 'PPB'), 'isPrepaid is accountNumberKind PPB');
      const length = { BAN: 9, BAID: 11, CRIS: 13, PPB: 11 }[f.accountNumberKind ?? ''];
      check(
        length ? f.accountNumberLength === length : [7, 10, 12].includes(f.accountNumberLength!),
        'accountNumberLength follows the kind',
      );
      check(
        f.billingEntity === billingEntityOf('0'.repeat(f.accountNumberLength!), f.isBlueMarble, f.territory),
        'billingEntity follows length, Blue Marble and territory',
      );
      check(f.territoryDisplay === territoryDisplayOf(f.territory), 'territoryDisplay');
      check(f.customerType === customerTypeOf(f.accountType), 'customerType follows accountType');
      check(
        f.isSecondProviderCustomer === (f.companyIdentifier === '4'),
        'second provider is companyIdentifier 4',
      );
      check(f.accountLifeCycle !== 'Early Life' || f.accountTenure === 0, 'early life has tenure 0');
      check(f.cardTypePresent === (f.creditCardType !== null), 'cardTypePresent');
      check(f.cardTypePresent || f.daysToCardExpiry === null, 'no card expiry without a payment method');
      check(!f.emailValid || f.emailPresent === true, 'a valid email is present');
      check(!f.hasExpiredAltNumber || f.hasContactNumber === true, 'an expired number is a number');
      check(!f.outageEtaKnown || f.currentOutage === true, 'an ETA belongs to a current outage');
      check(f.hoursUntilRepair === null || f.outageEtaKnown === true, 'hours until repair need an ETA');
      check(
        f.wgCallStatus === 'ok'
          ? f.wgIsSoft === (f.wgStatus === 'SOFT')
          : f.wgServerStatus === null && f.wgIsSoft === null && f.wgStatus === null,
        'walled-garden answer only when the call answered',
      );
      check(f.servicesStatus === 'ok' || (f.hsiOwned === null && f.productCount === null), 'services answer');
      check(f.productCount !== 0 || f.hsiOwned === false, 'no products, no internet');
      check(
        f.isBlueMarble === true || f.servicesStatus !== 'ok' || f.disconnectFlowAvailable === false,
        'flows are Blue Marble',
      );
      check(
        !(f.retryPaymentSuccess || f.wgPaymentSuccess) ||
          (f.isPrepaid === true && f.daysSinceFailedPayment !== null),
        'payment successes follow a failed prepaid payment',
      );
      check(f.isPrepaid === true || f.nextPaymentAmount === null, 'next payment amount is prepaid');
      const pending = f.pendingOrderStatus !== null;
      check(
        pending ||
          (f.pendingOrderJobStatus === null &&
            f.pendingOrderTrackingNumberPresent === null &&
            f.pendingOrderDetailsStatus === null &&
            f.hoursUntilAppointment === null),
        'pending-order facts only with a pending order',
      );
      check(
        f.servicesStatus !== 'ok' ||
          (f.isBlueMarble
            ? f.hasPendingOrder === pending && (pending || f.pointOfNoReturnPassed === false)
            : f.changeDueDateFlowAvailable === false &&
              f.hasPendingOrder === null &&
              f.pointOfNoReturnPassed === null),
        "Blue Marble's services answer knows the pending order; the others' does not",
      );
      check(f.orderCancelled === f.cancelOrderDisabled, 'a cancelled order disables Cancel Order');
      check(
        f.servicesStatus === 'ok' || (f.ownedSpeedKbps === null && f.availableSpeedKbps === null),
        'speeds come with the services answer',
      );
      check(
        f.speedHeadroomKbps ===
          (f.ownedSpeedKbps !== null && f.availableSpeedKbps !== null
            ? f.availableSpeedKbps - f.ownedSpeedKbps
            : null),
        'the headroom is available minus owned speed',
      );
      check(f.hsiOwned !== false || f.ownedSpeedKbps === null, 'no internet, no owned speed');
      check(
        f.isBlueMarble === true ||
          f.servicesStatus !== 'ok' ||
          (f.upgradeFlowAvailable === false &&
            f.changeModemFlowAvailable === false &&
            f.fiberUpgradeQualified === false &&
            f.canVacationRestore === null),
        "upgrade flows are Blue Marble's",
      );
      check(
        f.modemInfoStatus === 'ok' ||
          (f.modemConnected === null && f.ownModem === null && f.thirdPartyModem === null),
        'modem facts come with the modem info answer',
      );
      check(f.todayDate === 20260310 && f.isJanuaryFirst === false, "the distributions' day");
      check(!f.orderCancelled || pending, 'only a pending order is cancelled');
    }
    accounts.forEach((a, i) => {
      const f = facts[i]!;
      const open = tickets[i]!.filter((t) => t.ticketStatus !== 'CAN' && t.ticketStatus !== 'CLD');
      // The home's open tickets are the listed ones not CAN or CLD that carry a completion date.
      check(
        f.openRepairTicketCount === null ? a.tickets.length === 0 : f.openRepairTicketCount <= open.length,
        'open repair tickets are among the listed ones',
      );
      const listed = orders[i]!.filter((o) => o.isPendingOrder);
      check(listed.length <= 1, 'the pending order is listed once at most');
      for (const o of listed)
        check(
          o.orderStatus === f.pendingOrderStatus &&
            o.orderActivity === f.pendingOrderActivity &&
            o.orderJobStatus === f.pendingOrderJobStatus,
          'the listed pending order is the profile one',
        );
      for (const o of orders[i]!)
        check(
          o.itemKind === 'order' && o.orderStatus !== 'INACTIVE' && o.ticketStatus === null,
          'orders: listed ones only, no ticket facts',
        );
      for (const t of tickets[i]!)
        check(
          t.itemKind === 'ticket' && t.orderStatus === null && t.isPendingOrder === false,
          'tickets: no order facts',
        );
    });
    expect([...broken]).toEqual([]);
  });

  it('covers every known value of the vocabulary, for accounts and for the orders and tickets of their history', () => {
    const missing: string[] = [];
    for (const def of ACCOUNT_FACTS) {
      if (!('values' in def) || !def.values) continue;
      const seen = new Set(facts.map((f) => f[def.name]));
      for (const value of def.values) if (!seen.has(value)) missing.push(`${def.name} ${String(value)}`);
    }
    // The history never lists an INACTIVE order (historyOrders), so no item has that status.
    const unlisted = new Set(['orderStatus INACTIVE']);
    for (const def of ORDER_FACTS) {
      if (!('values' in def) || !def.values) continue;
      const seen = new Set(items.map((f) => f[def.name]));
      for (const value of def.values)
        if (!seen.has(value) && !unlisted.has(`${def.name} ${String(value)}`))
          missing.push(`${def.name} ${String(value)}`);
    }
    expect(missing).toEqual([]);
  });

  it("reaches every button of the pending-order alert and every action of the history's orders and tickets once the toggles allow it", () => {
    const rulesets = loadRulesDir();
    for (const rule of rulesets.toggles.rules) rule.event.params.on = true;
    const compiled = compileRules(rulesets);
    const seen = new Set<string>();
    for (const a of accounts) {
      const { calls, decisions: x } = compiled.decidePlanned(a.facts, notCalled(0), after);
      const bits = callBits(calls);
      for (const action of ORDER_ACTIONS) if (x.orderActions[action]) seen.add(`alert ${action}`);
      const listed = [
        ...((bits & ORDER_HISTORY) !== 0 ? a.orders.map((o) => ['order', o] as const) : []),
        ...((bits & TICKETS) !== 0 ? a.tickets.map((t) => ['ticket', t] as const) : []),
      ];
      for (const [kind, item] of listed) {
        const d = compiled.decideItemVector(item, x);
        if (d.appointmentMessages) seen.add(`${kind} appointment-messages`);
        for (const action of HISTORY_ACTIONS) if (d.actions[action]) seen.add(`${kind} ${action}`);
      }
    }
    const expected = [
      ...ORDER_ACTIONS.map((a) => `alert ${a}`),
      'order appointment-messages',
      'order cancel-order',
      'order tech-location',
      'ticket tech-location',
      'ticket missed',
      'ticket reschedule',
      'ticket cancel-appointment',
    ];
    expect(expected.filter((e) => !seen.has(e))).toEqual([]);
  });

  it('reaches every home view, section and variant, walled-garden state, card status, outage alert and appointment timing under the shipped rules; every banner once the toggles allow it', () => {
    const reached = (rulesets: Rulesets) => {
      const compiled = compileRules(rulesets);
      const seen = new Set<string>();
      for (const a of accounts) {
        const x = compiled.decidePlanned(a.facts, notCalled(0), after).decisions;
        seen.add(`view ${x.homeView.view}`);
        seen.add(`upgrade offer ${x.upgradeOffer.offer}`);
        seen.add(`upgrade path ${x.upgradePath.path}`);
        seen.add(`modem upgrade ${x.modemUpgrade.offer}`);
        seen.add(`wifi panel ${x.wifiPanel.variant}`);
        seen.add(`banner ${x.banner?.banner ?? 'none'}`);
        seen.add(`walled garden ${x.walledGarden.state}`);
        seen.add(`card ${x.prepaidCard.status}`);
        seen.add(`outage ${x.outage.alert}`);
        seen.add(`timing ${x.appointmentTiming.timing}`);
        if (x.homeView.view === 'full')
          for (const s of x.sections) seen.add(`section ${s.section} ${s.params.variant ?? ''}`.trim());
      }
      return seen;
    };
    const rulesets = loadRulesDir();
    const seen = reached(rulesets);
    const expected = [
      ...HOME_VIEWS.map((v) => `view ${v}`),
      ...['none', 'soft', 'hard'].map((s) => `walled garden ${s}`),
      ...[0, 1, 2].map((s) => `card ${s}`),
      ...['none', 'eta', 'eta-past', 'eta-unknown', 'hangover-restart', 'hangover-instructions'].map(
        (a) => `outage ${a}`,
      ),
      ...['none', 'missed', 'near-term', 'scheduled'].map((t) => `timing ${t}`),
      ...UPGRADE_OFFERS.map((o) => `upgrade offer ${o}`),
      ...UPGRADE_PATHS.map((p) => `upgrade path ${p}`),
      // Not 'chat': rules/modem-upgrade.json offers it for a CHANGE_MODEM flow outside Blue Marble, but only
      // Blue Marble's services answer lists flows (derive.ts), so no account of the app can reach it.
      ...UPGRADE_OFFERS.filter((o) => o !== 'chat').map((o) => `modem upgrade ${o}`),
      ...WIFI_PANEL_VARIANTS.map((w) => `wifi panel ${w}`),
      ...SECTIONS.flatMap((s) => (SECTION_VARIANTS[s] ?? ['']).map((v) => `section ${s} ${v}`.trim())),
    ];
    expect(expected.filter((e) => !seen.has(e))).toEqual([]);
    const allOn = structuredClone(rulesets);
    for (const rule of allOn.toggles.rules) rule.event.params.on = true;
    const withToggles = reached(allOn);
    expect(BANNERS.filter((b) => !withToggles.has(`banner ${b}`))).toEqual([]);
  });

  it('has vectors in the vocabulary order, one slot per account fact', () => {
    expect(accounts[0]!.facts).toHaveLength(ACCOUNT_LAYOUT.length);
  });
});
