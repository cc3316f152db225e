/**
 * The kinds of finding `rules:check` reports beyond a file's shape (analyze.ts finds them). A finding that
 * is legitimate design can be acknowledged in the rule file itself, on the rule it concerns:
 * `"acknowledge": { "same-order": "why this is intended" }`; the others are always errors. Browser-safe
 * and small: the validator (loaded by the browser) checks acknowledgements against this list.
 */
export const FINDINGS = {
  'never-fires': {
    acknowledgeable: false,
    meaning: 'the conditions of the rule contradict each other, so it never fires',
  },
  'never-wins': {
    acknowledgeable: false,
    meaning:
      'a rule of higher priority (a catch-all, or one whose conditions always hold when these do) always decides first',
  },
  'same-priority': {
    acknowledgeable: true,
    meaning:
      'two rules deciding the same thing have the same priority and can both hold: the order in the file decides',
  },
  'same-order': {
    acknowledgeable: true,
    meaning: 'two sections have the same order and can show together: the order in the file decides',
  },
  unused: {
    acknowledgeable: true,
    meaning: 'a constant or toggle that no rule and no code reads: changing it changes nothing',
  },
  'duplicate-value': {
    acknowledgeable: true,
    meaning:
      'a rule compares with a number that is also a constant shown to customers: the two can drift apart',
  },
  'not-rendered': {
    acknowledgeable: true,
    meaning: 'the rule decides a section, view or banner that no component renders',
  },
} as const;

export type FindingCode = keyof typeof FINDINGS;
export const FINDING_CODES = Object.keys(FINDINGS) as FindingCode[];
export const ACKNOWLEDGEABLE_FINDINGS = FINDING_CODES.filter((c) => FINDINGS[c].acknowledgeable);
