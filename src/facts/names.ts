/**
 * The names of the feature toggles and business constants, kept apart from the fact vocabulary's
 * descriptions (src/facts/vocabulary.ts) so the rule runtime in the first load of /home carries only these.
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
] as const;
export type ConstantName = (typeof CONSTANT_NAMES)[number];
