/**
 * Which facts the rules of a decision may test. Used by the rule checker, the schema builder and the studio;
 * kept out of ./decisions.ts so the runtime in the first load of /home does not carry the fact vocabulary's
 * descriptions (docs/decisions/010-first-load.md). Which decision feeds which decided fact is declared with
 * the decision (src/engine/declarations/).
 */
import { ACCOUNT_FACTS, DECISION_FACTS, ORDER_FACTS, type FactDefinition } from '../facts/vocabulary';
import { DECISIONS, type DecisionSpec } from './decisions';

/** Per decided fact: the stage of the decision feeding it, and whether items are handed it. */
const FEEDER = new Map(
  DECISIONS.flatMap((d) =>
    d.feeds.map((f) => [f.name, { stage: d.stage, items: f.items === true }] as const),
  ),
);

/** The facts the rules of a decision may test: data facts of its scope plus facts of earlier stages. */
export function factsFor(decision: DecisionSpec): readonly FactDefinition[] {
  const fed = (f: FactDefinition) => FEEDER.get(f.name);
  if (decision.stage === 'order') {
    // Per item: its own facts, and the decided facts handed to items (the toggles, Cancel Order's offer).
    return [...ORDER_FACTS, ...DECISION_FACTS.filter((f) => fed(f)?.items === true)];
  }
  const stage = decision.stage;
  return [
    ...ACCOUNT_FACTS,
    ...DECISION_FACTS.filter((f) => {
      const s = fed(f)?.stage;
      return typeof s === 'number' && s < stage;
    }),
  ];
}
