/**
 * The names of the feature toggles and business constants, and the shape of a fact's definition, kept apart
 * from the fact vocabulary's descriptions (src/facts/vocabulary.ts) so the rule runtime in the first load of
 * /home carries only these.
 */
/** Feature toggles of both documents' section 9; each becomes the boolean fact `toggle.<name>`. */
export const TOGGLE_NAMES = [
  'outageCredits',
  'cancel',
  'threeDayGrace',
  'techTracker',
  'adaptCall',
  'acsCall',
  'maintenance',
  'embargoMessage',
] as const;
export type ToggleName = (typeof TOGGLE_NAMES)[number];

/**
 * Business constants of rules/constants.json, numbers shown to customers; each becomes the number fact
 * `constant.<name>`, so a rule whose threshold must match the text compares with the constant itself.
 */
export const CONSTANT_NAMES = [
  'archiveAfterDays',
  'embargoMaintenanceHours',
  'modemRestartMinutes',
  'paperBillFee',
  'walledGardenGraceDays',
  'rescheduleApplyMinutesMin',
  'rescheduleApplyMinutes',
  'rateChangeStartDate',
  'speedChartStep',
  'connectedDeviceGroups',
  'trackingCookieDays',
  'emailRetryLimit',
  'phoneDigits',
  'serviceRestoreHours',
] as const;
export type ConstantName = (typeof CONSTANT_NAMES)[number];

export type FactType = 'number' | 'string' | 'boolean';

/** Where a fact comes from: derived from loaded data, the UI's own state, or an earlier decision. */
export type FactSource = 'data' | 'ui' | 'decision';

/** One fact of the vocabulary (src/facts/vocabulary.ts), or a decided fact a decision feeds (src/engine/declare.ts). */
export interface FactDefinition {
  readonly name: string;
  readonly type: FactType;
  readonly description: string;
  readonly source: FactSource;
  /** Known values of a string or number fact (for docs, and for "did you mean" on a misspelt value). */
  readonly values?: readonly (string | number)[];
  /** True when `values` is the complete list: a rule comparing with any other value is an error. */
  readonly closed?: boolean;
  /** The group the vocabulary lists it under ('Billing and payment'): the studio's fact picker groups by it. */
  readonly group?: string;
}

/**
 * Facts listed under one heading of the vocabulary, each carrying the heading as its `group` (the studio
 * groups its fact picker and the simulator's facts the same way). Keeps the literal types of the facts.
 */
export function factGroup<const T extends readonly FactDefinition[]>(
  group: string,
  facts: T,
): { readonly [K in keyof T]: T[K] & { readonly group: string } } {
  return facts.map((f) => ({ ...f, group })) as unknown as {
    readonly [K in keyof T]: T[K] & { readonly group: string };
  };
}
