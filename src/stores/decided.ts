// Only this file of the bundled rules: the other copies load when a served file must be replaced.
import constantsFile from '../../rules/constants.json';
import { CONSTANT_NAMES, type ConstantName } from '../facts/names';
import type { RuleFile } from '../engine/types';
import type { RootStore } from './root-store';

/**
 * The constants of the copy of rules/constants.json built into the app: what a text shows before the
 * rules have decided. rules/constants.json is the one place a constant is written, never this code.
 */
function bundledConstants(): Record<ConstantName, number> {
  const file = constantsFile as RuleFile | undefined;
  const values = {} as Record<ConstantName, number>;
  for (const name of CONSTANT_NAMES) {
    const rule = file?.rules.find((r) => r.event.params.name === name);
    const value = rule?.event.params.value;
    // rules:check rejects a constants file without a value for every constant, so the build has each.
    if (typeof value !== 'number') throw new Error(`rules/constants.json gives no value for ${name}`);
    values[name] = value;
  }
  return values;
}

let fallback: Record<ConstantName, number> | undefined;

/** Every business constant of rules/constants.json, as the rules decided them for this account. */
export function constantsOf(store: RootStore): Record<ConstantName, number> {
  fallback ??= bundledConstants();
  const decided = store.decisions.current?.constants;
  const out = { ...fallback };
  for (const name of CONSTANT_NAMES) out[name] = decided?.[name] ?? fallback[name];
  return out;
}

/** A business constant of rules/constants.json (a number shown to the customer). */
export function constantOf(store: RootStore, name: ConstantName): number {
  return constantsOf(store)[name];
}

/**
 * The walled-garden grace window shown in the alert ('service is suspended 3 days after the failure date'):
 * the constant the rules of rules/walled-garden.json and rules/payment.json compare with.
 */
export function graceDaysOf(store: RootStore): number {
  return constantOf(store, 'walledGardenGraceDays');
}
