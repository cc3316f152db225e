/**
 * What an analyst types, read by the vocabulary's types as it is typed (issue 31, item 4): a number fact
 * takes a number (or a constant), a date fact a date, a fact with a closed list of values one of them, a
 * list operator a list. Text that does not read is refused at once with a message saying what to type,
 * never written into the draft to be found wrong later. Pure: the rule form, the cases and the simulator
 * share it.
 */
import { ARRAY_OPERATORS } from '../../engine/schema-builder';
import type { FactDefinition } from '../../facts/vocabulary';

/** A value read from an input's text, or what is wrong with the text. */
export type Read = { value: unknown } | { problem: string };

const quoted = (text: string): string => `“${text.length > 40 ? `${text.slice(0, 40)}…` : text}”`;

/** A fact whose numbers are dates, YYYYMMDD (the vocabulary says so: todayDate, constant.rateChangeStartDate). */
export const isDateFact = (def: FactDefinition | undefined): boolean =>
  def?.type === 'number' && /YYYYMMDD/.test(def.description);

/** A date as YYYYMMDD or YYYY-MM-DD, as the number YYYYMMDD; null when it is no calendar day. */
function dateNumber(text: string): number | null {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d
    ? y * 10000 + mo * 100 + d
    : null;
}

/** A number of a fact from its text (a date fact: a date). */
function readNumber(def: FactDefinition | undefined, raw: string): Read {
  const text = raw.trim();
  const name = def?.name ?? 'this fact';
  if (isDateFact(def)) {
    const date = dateNumber(text);
    return date !== null
      ? { value: date }
      : { problem: `${quoted(raw)} is not a date: type the date as YYYYMMDD, like 20260310` };
  }
  if (text === '') return { problem: `Type a number for ${name}, like 45` };
  const n = Number(text);
  return Number.isFinite(n) && /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)
    ? { value: n }
    : { problem: `${quoted(raw)} is not a number: type a number in digits, like 45` };
}

/** One value of a fact with a closed list of values. */
function readChoice(def: FactDefinition, raw: string): Read {
  const values = def.values ?? [];
  const found = values.find((v) => String(v) === raw.trim());
  return found !== undefined
    ? { value: found }
    : {
        problem: `${quoted(raw)} is not a value ${def.name} can have: type one of ${values.map(String).join(', ')}`,
      };
}

/** A comma-separated list, each item trimmed, empty items dropped. */
export function listFromInput(raw: string): string[] {
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * A condition's value from its text, by the fact's type and the operator: a list for "is one of", a
 * constant's name for a number fact (`constant.paperBillFee`), a number, a date, true or false, a value of
 * a closed list, or text.
 */
export function readConditionValue(
  def: FactDefinition | undefined,
  operator: string,
  raw: string,
  constants: readonly string[],
): Read {
  if ((ARRAY_OPERATORS as readonly string[]).includes(operator)) {
    const items = listFromInput(raw);
    if (items.length === 0) return { problem: 'Type one value or more, separated by commas' };
    if (def?.closed) {
      for (const item of items) {
        const r = readChoice(def, item);
        if ('problem' in r) return r;
      }
    }
    return { value: items };
  }
  if (raw.trim().startsWith('constant.')) {
    const name = raw.trim();
    if (def?.type !== 'number')
      return {
        problem: `A constant is a number: ${def?.name ?? 'this fact'} is compared with ${def?.type ?? 'text'}`,
      };
    return constants.includes(name)
      ? { value: { fact: name } }
      : { problem: `${quoted(name)} is not a constant: pick one from the list, or type a number` };
  }
  if (def?.type === 'number') {
    if (def.closed && def.values) return readChoice(def, raw);
    return readNumber(def, raw);
  }
  if (def?.type === 'boolean') {
    return raw === 'true' || raw === 'false'
      ? { value: raw === 'true' }
      : { problem: 'Choose true or false' };
  }
  if (def?.closed && def.values) return readChoice(def, raw);
  return { value: raw };
}

/**
 * A fact's value in the simulator or a case: '(absent)' and 'null' where they are allowed, then by the
 * fact's type as a condition's value reads it (no constants: a case or an account holds values).
 */
export function readFactValue(def: FactDefinition | undefined, raw: string, absent = true): Read {
  if (absent && raw === '(absent)') return { value: undefined };
  if (raw.trim() === 'null' || raw.trim() === '') {
    // Empty means unknown (null) for a text-less fact; text facts may be empty text.
    if (raw.trim() === 'null' || def?.type !== 'string') return { value: null };
  }
  if (def?.type === 'number') {
    const r = def.closed && def.values ? readChoice(def, raw) : readNumber(def, raw);
    return 'problem' in r ? { problem: `${r.problem} (or null for unknown)` } : r;
  }
  if (def?.type === 'boolean') {
    return raw === 'true' || raw === 'false'
      ? { value: raw === 'true' }
      : { problem: 'Choose true, false or null' };
  }
  if (def?.closed && def.values) return readChoice(def, raw);
  return { value: raw };
}

/** What an event param's text reads as, by its schema (a number, a list, or text). */
export function readParam(p: { type?: string; items?: unknown }, name: string, raw: string): Read {
  if (p.type === 'number' || p.type === 'integer') {
    const r = readNumber({ name, type: 'number', description: '', source: 'data' }, raw);
    if ('problem' in r || p.type === 'number' || Number.isInteger(r.value)) return r;
    return { problem: `${quoted(raw)} is not a whole number: type digits only, like 90` };
  }
  return { value: p.items ? listFromInput(raw) : raw };
}
