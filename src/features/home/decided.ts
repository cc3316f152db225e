import type { ConstantName } from '../../engine';
import type { RootStore } from '../../stores/root-store';

/**
 * A business constant of rules/constants.json (a number shown to the customer), or the spec's value while
 * the rules have not decided yet.
 */
export function constantOf(store: RootStore, name: ConstantName, specValue: number): number {
  return store.decisions.current?.constants[name] ?? specValue;
}

/**
 * The walled-garden grace window shown in the alert ('service is suspended 3 days after the failure date').
 * The threshold itself lives in rules/walled-garden.json; rules/constants.json has no entry to show it yet,
 * so the spec's 3 is used until one named walledGardenGraceDays exists.
 */
export function graceDaysOf(store: RootStore): number {
  const constants = store.decisions.current?.constants as Record<string, number | null> | undefined;
  return constants?.walledGardenGraceDays ?? 3;
}
