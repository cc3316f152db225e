import type { ConstantName } from '../engine';
import type { RootStore } from './root-store';

/**
 * A business constant of rules/constants.json (a number shown to the customer), or the spec's value while
 * the rules have not decided yet.
 */
export function constantOf(store: RootStore, name: ConstantName, specValue: number): number {
  return store.decisions.current?.constants[name] ?? specValue;
}

/**
 * The walled-garden grace window shown in the alert ('service is suspended 3 days after the failure date'),
 * from rules/constants.json (the threshold itself lives in rules/walled-garden.json).
 */
export function graceDaysOf(store: RootStore): number {
  return constantOf(store, 'walledGardenGraceDays', 3);
}
