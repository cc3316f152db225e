/**
 * Which facts the rules of a decision may test. Used by the rule checker, the schema builder and the studio;
 * kept out of ./decisions.ts so the runtime in the first load of /home does not carry the fact vocabulary's
 * descriptions (docs/decisions/010-first-load.md).
 */
import { ACCOUNT_FACTS, DECISION_FACTS, ORDER_FACTS, type FactDefinition } from '../facts/vocabulary';
import { decisionSpec, type DecisionId, type DecisionSpec } from './decisions';

/** Which decision produces each decision fact (toggle.* come from toggles). */
function producerOf(factName: string): DecisionId {
  if (factName.startsWith('toggle.')) return 'toggles';
  if (factName.startsWith('constant.')) return 'constants';
  const prefix = factName.split('.')[0];
  const map: Record<string, DecisionId> = {
    walledGarden: 'walled-garden',
    prepaidCard: 'prepaid-card',
    payment: 'payment',
    creditOffer: 'credit-offer',
    outage: 'outage',
    appointmentTiming: 'appointment-timing',
    orderActions: 'order-actions',
  };
  const producer = prefix === undefined ? undefined : map[prefix];
  if (!producer) throw new Error(`no decision produces fact ${factName}`);
  return producer;
}

/** The facts the rules of a decision may test: data facts of its scope plus facts of earlier stages. */
export function factsFor(decision: DecisionSpec): readonly FactDefinition[] {
  const stageOf = (id: DecisionId): number => {
    const s = decisionSpec(id)?.stage;
    return typeof s === 'number' ? s : 99;
  };
  if (decision.stage === 'order') {
    // Per item: its own facts, the toggles, and what the pending-order alert offers (Cancel Order).
    return [
      ...ORDER_FACTS,
      ...DECISION_FACTS.filter((f) => ['toggles', 'order-actions'].includes(producerOf(f.name))),
    ];
  }
  const stage = decision.stage;
  return [...ACCOUNT_FACTS, ...DECISION_FACTS.filter((f) => stageOf(producerOf(f.name)) < stage)];
}
