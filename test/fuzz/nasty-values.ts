/**
 * The values the response fuzz puts into persona data: what the probe found pages choking on (lone
 * surrogates, dates at the edge of the range, 1e308, 20k-character strings, 200-digit numbers) and the
 * classic troublemakers. Each has a short label, printed in the list of mutated fields of a variant.
 */
export interface Nasty<T> {
  label: string;
  value: T;
}

const n = <T>(label: string, value: T): Nasty<T> => ({ label, value });

export const NASTY_STRINGS: ReadonlyArray<Nasty<string>> = [
  n('empty', ''),
  n('blank', '   '),
  n('20k chars, no space', 'W'.repeat(20_000)),
  n('20k chars, words', 'lorem ipsum '.repeat(1_667)),
  n('200 digits', '9'.repeat(200)),
  n('unicode', 'Zoë Ångström 😀👩‍👩‍👧 𝒳 漢字 ﷽'),
  n('combining marks', 'Z̴̡̧̛̀͘a̷̢̛l̸̡g̵̨o̵̢'.repeat(20)),
  n('zero-width', '\u200b\u200c\u200d\ufeff'.repeat(50)),
  n('lone high surrogate', '\ud800'),
  n('lone low surrogate inside', 'INV-\udfff-1'),
  n('reversed surrogates', '\udc00\ud800'),
  n('RTL arabic', 'مرحبا بالعالم ١٢٣'),
  n('RTL hebrew', 'שלום עולם'),
  n('RTL override', '\u202eevil.exe\u202c'),
  n('year 0', '0000-01-01'),
  n('year 10000', '10000-01-01'),
  n('edge of the date range', '+275760-09-13'),
  n('edge of the date range, instant', '+275760-09-13T00:00:00.000Z'),
  n('before the date range', '-271821-04-19'),
  n('year 9999', '9999-12-31T23:59:59'),
  n('February 30', '2026-02-30'),
  n('month 13', '2026-13-01'),
  n('not a date', 'not a date'),
  n('US date', '12/31/2026'),
  n('day-first date', '31/12/2026'),
  n('epoch', '1970-01-01T00:00:00Z'),
  n('far relative date', '@today+99999'),
  n('NaN', 'NaN'),
  n('Infinity', 'Infinity'),
  n('-5', '-5'),
  n('0.001', '0.001'),
  n('1e308', '1e308'),
  n('hex', '0x1F'),
  n('script tag', '<script>alert(1)</script>'),
  n('attribute breakout', '"><img src=x onerror=alert(1)>'),
  n('template', '{{7*7}} ${7*7}'),
  n('javascript: URL', 'javascript:alert(1)'),
  n('format string', '%s%n%x%d'),
  n('prototype', '__proto__'),
  n('undefined', 'undefined'),
  n('control characters', 'a\nb\tc\rd\u0000e'),
];

export const NASTY_NUMBERS: ReadonlyArray<Nasty<number>> = [
  n('-5', -5),
  n('-0.01', -0.01),
  n('0', 0),
  n('0.001', 0.001),
  n('0.005', 0.005),
  n('1e308', 1e308),
  n('-1e308', -1e308),
  n('largest double', Number.MAX_VALUE),
  n('1e21', 1e21),
  n('1000000000', 1_000_000_000),
  n('123456789.125', 123_456_789.125),
  n('smallest double', Number.MIN_VALUE),
  n('2^53 + 2', 2 ** 53 + 2),
];

export const NASTY_INTEGERS: ReadonlyArray<Nasty<number>> = [
  n('-5', -5),
  n('0', 0),
  n('-1', -1),
  n('1e308', 1e308),
  n('2^53 + 2', 2 ** 53 + 2),
  n('-2147483648', -2_147_483_648),
  n('999999999999', 999_999_999_999),
  n('500', 500),
];

/**
 * The profile envelope's own fields get envelope values: a failure by statusCode or status must be a
 * profile failure; 222 and 223 are other answers (a redirect, no account), not fuzzed here.
 */
export const ENVELOPE_STATUS_CODES: ReadonlyArray<Nasty<number>> = [
  n('statusCode 500', 500),
  n('statusCode -7', -7),
  n('statusCode 0', 0),
  n('statusCode 404', 404),
];
export const ENVELOPE_STATUSES: ReadonlyArray<Nasty<string>> = [
  n('status FAILURE', 'FAILURE'),
  n('status ERROR', 'ERROR'),
  n('status success (lower case)', 'success'),
  n('status empty', ''),
];
