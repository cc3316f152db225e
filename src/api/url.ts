/**
 * Building addresses from data without throwing. `encodeURIComponent` throws a URIError on a lone surrogate
 * (half of a UTF-16 pair, e.g. '\ud800'), which any string of an answer may hold: one such invoice number
 * once replaced the whole billing page with the error view.
 */

/** No lone surrogate: the string is valid Unicode and can be put in an address as it is. */
export function isWellFormed(text: string): boolean {
  // A high surrogate not followed by a low one, or a low one not preceded by a high one.
  return !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

/** Lone surrogates replaced by U+FFFD, as the WHATWG URL and TextEncoder do. */
export function toWellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/** encodeURIComponent that never throws (lone surrogates become U+FFFD first). */
export function encodeParam(value: string): string {
  return encodeURIComponent(toWellFormed(value));
}

/**
 * `path?name=value...` for a link that names a record by a value of the data (an invoice number, a bill
 * date, a device id), or null when a value is not well formed: such a link could not find its record again
 * (the value would arrive as U+FFFD), so the caller shows the row without it.
 */
export function linkWithQuery(path: string, query: Readonly<Record<string, string>>): string | null {
  const values = Object.values(query);
  if (!values.every(isWellFormed)) return null;
  return `${path}?${new URLSearchParams(query).toString()}`;
}
