/**
 * Text with a lone UTF-16 surrogate (half of a pair, as a JSON escape such as `"\ud800"` can carry) made well
 * formed: each lone half becomes U+FFFD, the replacement character, as UTF-8 writes it. The server's page is
 * UTF-8: a name holding a lone surrogate reached the browser as U+FFFD in the markup but as the surrogate in
 * the page's state, and React threw the server's page away (hydration error #418, issue 30). Every answer is
 * made well formed once, where it enters (src/api/client.ts), in the server's render and in the browser alike.
 */

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A JSON text that may decode to a lone surrogate: it has an escape of one (a raw one cannot be UTF-8). */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

type WellFormedString = string & { toWellFormed?: () => string; isWellFormed?: () => boolean };

/** The string with each lone surrogate replaced by U+FFFD (the same string when it has none). */
export function wellFormedString(text: string): string {
  const s = text as WellFormedString;
  if (typeof s.isWellFormed === 'function' && typeof s.toWellFormed === 'function')
    return s.isWellFormed() ? text : s.toWellFormed();
  return text.replace(LONE_SURROGATE, '\ufffd');
}

/** Every string of a parsed JSON value, keys included, made well formed; the value itself when none needs it. */
export function wellFormed<T>(value: T): T {
  if (typeof value === 'string') return wellFormedString(value) as T;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((item: unknown, i) => {
      const fixed = wellFormed(item);
      if (fixed !== item) (copy ??= [...value])[i] = fixed;
    });
    return (copy ?? value) as T;
  }
  if (value !== null && typeof value === 'object') {
    let changed = false;
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => {
      const key = wellFormedString(k);
      const fixed = wellFormed(v);
      if (key !== k || fixed !== v) changed = true;
      return [key, fixed] as const;
    });
    return (changed ? Object.fromEntries(entries) : value) as T;
  }
  return value;
}

/** JSON.parse, with every string made well formed when the text escapes a surrogate (rarely: a cheap check). */
export function parseWellFormed(text: string): unknown {
  const value = JSON.parse(text) as unknown;
  return SURROGATE_ESCAPE.test(text) ? wellFormed(value) : value;
}
