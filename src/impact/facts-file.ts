/**
 * A population exported from production: JSON Lines, one account per line, an object of the vocabulary's
 * account facts (every one; null when unknown), optionally `"id"` (shown in examples) and `"items"` (the
 * orders and repair tickets of its history, each an object of the item facts, `itemKind` saying which).
 * Checked against the vocabulary, with the line and the fact named. These facts are final (the calls the
 * app made are already in them). Browser-safe: it reads text.
 */
import { ACCOUNT_LAYOUT, ORDER_LAYOUT, type FactVector } from '../engine/compile';
import { closest } from '../engine/validate';
import { ACCOUNT_FACTS, ORDER_FACTS, type FactDefinition } from '../facts/vocabulary';

export interface ExportedAccount {
  /** The account's id from the file, or its line number. */
  readonly label: string;
  readonly facts: FactVector;
  /** The history's items whose itemKind is not 'ticket'. */
  readonly orders: readonly FactVector[];
  /** The history's repair tickets. */
  readonly tickets: readonly FactVector[];
}

const KIND = ORDER_LAYOUT.indexOf('itemKind');

const MAX_PROBLEMS = 20;

function checkValue(def: FactDefinition, value: unknown): string | null {
  if (value === null) return null;
  if (
    def.type === 'number' ? typeof value !== 'number' || !Number.isFinite(value) : typeof value !== def.type
  )
    return `'${def.name}' is ${def.type === 'number' ? 'a number' : def.type === 'string' ? 'text' : 'true or false'} (or null), not ${JSON.stringify(value)}`;
  if (def.closed && def.values && !def.values.includes(value as string | number)) {
    const hint = typeof value === 'string' ? closest(value, def.values.map(String)) : undefined;
    return `${JSON.stringify(value)} is not a value '${def.name}' can have (${def.values.join(', ')})${hint ? `: did you mean '${hint}'?` : ''}`;
  }
  return null;
}

function vectorOf(
  object: Record<string, unknown>,
  defs: readonly FactDefinition[],
  layout: readonly string[],
  extra: readonly string[],
  problem: (message: string) => void,
): FactVector {
  const names = new Set(defs.map((f) => f.name));
  for (const key of Object.keys(object)) {
    if (names.has(key) || extra.includes(key)) continue;
    const hint = closest(key, [...names]);
    problem(`unknown fact '${key}'${hint ? `: did you mean '${hint}'?` : ''}`);
  }
  const missing = defs.filter((f) => !(f.name in object)).map((f) => f.name);
  if (missing.length > 0) problem(`missing facts (write null for unknown): ${missing.join(', ')}`);
  for (const def of defs) {
    if (!(def.name in object)) continue;
    const message = checkValue(def, object[def.name]);
    if (message) problem(message);
  }
  return layout.map((name) => object[name] ?? null);
}

/** Reads exported facts; throws an Error naming each problem (the first 20) by line. */
export function parseFactsLines(text: string, source = 'population'): ExportedAccount[] {
  const accounts: ExportedAccount[] = [];
  const problems: string[] = [];
  let count = 0;
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const at = `${source} line ${i + 1}`;
    const problem = (message: string): void => {
      count++;
      if (problems.length < MAX_PROBLEMS) problems.push(`${at}: ${message}`);
    };
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (e) {
      problem(`not valid JSON (${e instanceof Error ? e.message : String(e)})`);
      return;
    }
    if (!json || typeof json !== 'object' || Array.isArray(json)) {
      problem('each line is one account: an object of facts');
      return;
    }
    const object = json as Record<string, unknown>;
    const facts = vectorOf(object, ACCOUNT_FACTS, ACCOUNT_LAYOUT, ['id', 'items'], problem);
    const orders: FactVector[] = [];
    const tickets: FactVector[] = [];
    if (object.items !== undefined) {
      if (!Array.isArray(object.items)) problem('"items" is a list of orders and repair tickets');
      else
        object.items.forEach((o: unknown, j) => {
          if (!o || typeof o !== 'object' || Array.isArray(o))
            problem(`items[${j}] is not an object of item facts`);
          else {
            const item = vectorOf(o as Record<string, unknown>, ORDER_FACTS, ORDER_LAYOUT, [], (m) =>
              problem(`items[${j}]: ${m}`),
            );
            (item[KIND] === 'ticket' ? tickets : orders).push(item);
          }
        });
    }
    const id = object.id;
    accounts.push({
      label: typeof id === 'string' || typeof id === 'number' ? String(id) : `line ${i + 1}`,
      facts,
      orders,
      tickets,
    });
  });
  if (count > 0) {
    const more = count > problems.length ? `\n  ... and ${count - problems.length} more` : '';
    throw new Error(
      `${source}: ${count} problem${count === 1 ? '' : 's'}:\n  ${problems.join('\n  ')}${more}`,
    );
  }
  if (accounts.length === 0) throw new Error(`${source}: no accounts (one JSON object of facts per line)`);
  return accounts;
}
