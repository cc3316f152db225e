/**
 * A seeded generator of persona variants for the browser response fuzz (test/e2e/fuzz.spec.ts).
 *
 * Each variant starts from a built-in persona, materialises every call body of its first account (the
 * sandbox's defaults included, so empty lists can grow rows), and then applies a few mutations chosen by
 * walking the data beside its JSON Schema (schemas/api/*.schema.json, schemas/persona.schema.json): a leaf
 * replaced by a nasty value of its own type (nasty-values.ts), an optional field removed, a missing optional
 * field added with a plain value, an array emptied, repeated or given rows. A mutation that would make the
 * persona invalid is undone and another is drawn, so every variant still validates and the sandbox serves it.
 *
 * Deterministic: the same seed gives the same variants, byte for byte (the seed is printed by the test, and
 * `npx tsx test/fuzz/write-personas.ts DIR --seed N` writes them for a replay by hand).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPersonas, personaProblem, personaResponses, type Persona } from '../../server/personas';
import {
  ENVELOPE_STATUS_CODES,
  ENVELOPE_STATUSES,
  NASTY_INTEGERS,
  NASTY_NUMBERS,
  NASTY_STRINGS,
  type Nasty,
} from './nasty-values';

export const DEFAULT_SEED = 20_261_123;
export const DEFAULT_VARIANTS = 48;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type Path = ReadonlyArray<string | number>;

interface Schema {
  $id?: string;
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  enum?: Json[];
  definitions?: Record<string, Schema>;
}

/** A schema node with the file it came from (for '#/definitions/...' references). */
interface Located {
  schema: Schema;
  file: string;
}

// ---------------------------------------------------------------- seeded randomness

/** mulberry32: small, fast, good enough for choosing test data; the same seed gives the same stream. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

class Dice {
  constructor(private readonly next: () => number) {}
  int(max: number): number {
    return Math.floor(this.next() * max);
  }
  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

// ---------------------------------------------------------------- schemas

const schemasDir = join(import.meta.dirname, '..', '..', 'schemas');

function loadSchemas(): Map<string, Schema> {
  const byId = new Map<string, Schema>();
  const apiDir = join(schemasDir, 'api');
  for (const f of readdirSync(apiDir).filter((x) => x.endsWith('.schema.json'))) {
    const s = JSON.parse(readFileSync(join(apiDir, f), 'utf8')) as Schema;
    byId.set(s.$id ?? f, s);
  }
  const persona = JSON.parse(readFileSync(join(schemasDir, 'persona.schema.json'), 'utf8')) as Schema;
  byId.set(persona.$id ?? 'persona.schema.json', persona);
  return byId;
}

class Schemas {
  constructor(private readonly byId: Map<string, Schema>) {}

  root(id: string): Located {
    const schema = this.byId.get(id);
    if (!schema) throw new Error(`no schema ${id}`);
    return { schema, file: id };
  }

  /** Follows $ref (same file or another file, with an optional #/definitions/x). */
  deref(at: Located): Located {
    let current = at;
    for (let hops = 0; current.schema.$ref && hops < 10; hops++) {
      const [file, pointer] = current.schema.$ref.split('#') as [string, string | undefined];
      const target = file ? this.root(file) : this.root(current.file);
      const name = pointer?.replace(/^\/definitions\//, '');
      const schema = name ? target.schema.definitions?.[name] : target.schema;
      if (!schema) throw new Error(`unresolved $ref ${current.schema.$ref}`);
      current = { schema, file: target.file };
    }
    return current;
  }

  /** The branch of a oneOf/anyOf that fits `value` (by JSON type), or the node itself. */
  branch(at: Located, value: Json | undefined): Located {
    const node = this.deref(at);
    const options = node.schema.oneOf ?? node.schema.anyOf;
    if (!options) return node;
    const located = options.map((schema) => this.deref({ schema, file: node.file }));
    if (value === undefined) return located[0] ?? node;
    return located.find((o) => typesOf(o.schema).includes(jsonType(value))) ?? located[0] ?? node;
  }
}

function jsonType(value: Json): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typesOf(schema: Schema): string[] {
  const t = schema.type;
  const list = t === undefined ? [] : Array.isArray(t) ? t : [t];
  // An integer is also a number; a number slot may hold an integer.
  return list.includes('number') ? [...list, 'integer'] : list;
}

// ---------------------------------------------------------------- slots

/** A place in the persona where a mutation can happen. */
type Slot =
  | { kind: 'leaf'; path: Path; schema: Located }
  | { kind: 'remove'; path: Path }
  | { kind: 'add'; path: Path; schema: Located }
  | { kind: 'array'; path: Path; schema: Located };

function collectSlots(schemas: Schemas, value: Json, at: Located, path: Path, out: Slot[]): void {
  const node = schemas.branch(at, value);
  const s = node.schema;
  if (Array.isArray(value)) {
    out.push({ kind: 'array', path, schema: node });
    const items: Located = s.items ? { schema: s.items, file: node.file } : { schema: {}, file: node.file };
    value.forEach((item, i) => collectSlots(schemas, item, items, [...path, i], out));
    return;
  }
  if (value !== null && typeof value === 'object') {
    const props = s.properties ?? {};
    const required = new Set(s.required ?? []);
    for (const [key, child] of Object.entries(value)) {
      if (key === '$schema') continue;
      const childSchema: Located = { schema: props[key] ?? {}, file: node.file };
      if (!required.has(key)) out.push({ kind: 'remove', path: [...path, key] });
      collectSlots(schemas, child, childSchema, [...path, key], out);
    }
    for (const [key, propSchema] of Object.entries(props)) {
      if (!(key in value))
        out.push({ kind: 'add', path: [...path, key], schema: { schema: propSchema, file: node.file } });
    }
    return;
  }
  out.push({ kind: 'leaf', path, schema: node });
}

// ---------------------------------------------------------------- values

/** A plain value for a schema (what a well-behaved Orch might send), for fields and rows the fuzz adds. */
function plainValue(schemas: Schemas, at: Located, key: string, dice: Dice, depth = 0): Json {
  const node = schemas.branch(at, undefined);
  const s = node.schema;
  if (s.enum && s.enum.length > 0) return dice.pick(s.enum);
  const type = typesOf(s)[0] ?? 'string';
  switch (type) {
    case 'boolean':
      return dice.chance(0.5);
    case 'integer':
      return dice.pick([0, 1, 2, 3]);
    case 'number':
      return dice.pick([0, 12.5, 75, 120.99]);
    case 'null':
      return null;
    case 'array': {
      if (depth > 4 || !s.items) return [];
      const items: Located = { schema: s.items, file: node.file };
      return [plainValue(schemas, items, key, dice, depth + 1)];
    }
    case 'object': {
      const out: JsonObject = {};
      if (depth > 4) return out;
      const required = new Set(s.required ?? []);
      for (const [k, child] of Object.entries(s.properties ?? {})) {
        if (required.has(k) || dice.chance(0.5))
          out[k] = plainValue(schemas, { schema: child, file: node.file }, k, dice, depth + 1);
      }
      return out;
    }
    default:
      return plainString(key, dice);
  }
}

function plainString(key: string, dice: Dice): string {
  if (/date|time/i.test(key)) return dice.pick(['@today+3', '@today-20', '@today+1T10:00:00']);
  if (/email/i.test(key)) return 'pat.sample@mail.example';
  if (/status/i.test(key)) return dice.pick(['SUCCESS', 'OPN', 'IN PROGRESS']);
  if (/number|id$|tn$/i.test(key)) return dice.pick(['N1001', '3035550100', 'INV-42']);
  return dice.pick(['Sample', 'Main Street', 'Plan 200']);
}

function nastyFor(schema: Located, path: Path, dice: Dice): Nasty<Json> {
  const key = path[path.length - 1];
  // The envelope of the profile: failures by statusCode or status, never 222/223 (other answers).
  if (path.includes('homeEarlyInit') && path[path.length - 2] === 'homeEarlyInit') {
    if (key === 'statusCode') return dice.pick(ENVELOPE_STATUS_CODES);
    if (key === 'status') return dice.pick(ENVELOPE_STATUSES);
  }
  const types = typesOf(schema.schema);
  const type = types.length > 0 ? dice.pick(types) : 'string';
  switch (type) {
    case 'integer':
      return dice.pick(NASTY_INTEGERS);
    case 'number':
      return dice.pick(NASTY_NUMBERS);
    case 'boolean':
      return dice.chance(0.5) ? { label: 'true', value: true } : { label: 'false', value: false };
    case 'null':
      return { label: 'null', value: null };
    default:
      return dice.pick(NASTY_STRINGS);
  }
}

// ---------------------------------------------------------------- paths

function parentOf(root: Json, path: Path): { parent: Json; key: string | number } {
  let parent: Json = root;
  for (const step of path.slice(0, -1)) {
    parent = (parent as Record<string | number, Json>)[step] as Json;
  }
  const key = path[path.length - 1];
  if (key === undefined) throw new Error('empty path');
  return { parent, key };
}

function getAt(root: Json, path: Path): Json | undefined {
  const { parent, key } = parentOf(root, path);
  return (parent as Record<string | number, Json | undefined>)[key];
}

function setAt(root: Json, path: Path, value: Json): void {
  const { parent, key } = parentOf(root, path);
  (parent as Record<string | number, Json>)[key] = value;
}

function removeAt(root: Json, path: Path): void {
  const { parent, key } = parentOf(root, path);
  if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1);
  else delete (parent as Record<string | number, Json>)[key];
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** 'accounts.0.homeEarlyInit.response.billDueDate' without the account prefix. */
function pathText(path: Path): string {
  return path
    .slice(path[0] === 'accounts' ? 2 : 0)
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`))
    .join('')
    .replace(/^\./, '');
}

// ---------------------------------------------------------------- variants

export interface Variant {
  /** persona id, e.g. 'fuzz-017' */
  id: string;
  /** the built-in persona it started from */
  base: string;
  /** one line per field mutated: path and what was done */
  mutations: string[];
  /** the persona file content */
  persona: Persona;
  /** true when the profile envelope says failure by the spec (only then may the account error view show) */
  profileFailure: boolean;
  /** links the fuzz opens with the variant's own data (bill, invoice, device detail pages) */
  detailPaths: string[];
}

/** Personas the fuzz starts from: every built-in one except the 222/223 answers (they leave the home). */
function bases(personas: Persona[]): Persona[] {
  return personas.filter((p) => {
    const env = p.accounts[0]?.homeEarlyInit;
    return env && env.statusCode !== 222 && env.statusCode !== 223 && env.status !== '223';
  });
}

const ACCOUNT_BODY_KEYS = [
  'outage',
  'wgStatus',
  'myServices',
  'repairTickets',
  'orderHistory',
  'creditOffer',
  'modemReplacementOffer',
  'modemInfo',
  'wifiInfo',
  'rateIncrease',
  'checkPaperCharge',
  'historicalSpeeds',
  'prepaidPaymentHistory',
  'prepaidInvoiceHistory',
  'invoiceHistory',
  'billDates',
  'qfPurl',
  'rescheduleAppointment',
] as const;

/** The first account with every call body present (the sandbox's defaults written out). */
function materialise(persona: Persona, today: Date): Persona {
  const p = clone(persona);
  const served = personaResponses(p, { today });
  const account = p.accounts[0] as unknown as Record<string, unknown>;
  for (const key of ACCOUNT_BODY_KEYS) account[key] ??= clone(served[key]);
  p.accountList ??= clone(served.accountList);
  return p;
}

/** The spec's reading of the profile envelope, written independently of src/facts for the oracle. */
export function envelopeSaysFailure(persona: Persona): boolean {
  const env = persona.accounts[0]?.homeEarlyInit as unknown as Record<string, unknown> | undefined;
  if (!env) return true;
  const status = typeof env.status === 'string' ? env.status.trim().toUpperCase() : '';
  const lifeCycle = typeof env.accountLifeCycle === 'string' ? env.accountLifeCycle.trim() : '';
  const response = env.response;
  return (
    env.statusCode !== 200 ||
    status !== 'SUCCESS' ||
    lifeCycle === '' ||
    response === null ||
    typeof response !== 'object'
  );
}

function detailPaths(persona: Persona): string[] {
  const a = persona.accounts[0];
  const out: string[] = [];
  const q = (path: string, name: string, value: string | undefined): void => {
    if (value !== undefined) out.push(`${path}?${new URLSearchParams({ [name]: value }).toString()}`);
  };
  q('/billDetail', 'invoiceNumber', a?.prepaidInvoiceHistory?.invoices[0]?.invoiceNumber);
  q('/billDetailPdf', 'billDate', a?.billDates?.details[0]?.billDate);
  q('/deviceDetails', 'deviceId', a?.modemInfo?.modemInfo?.[0]?.deviceList?.[0]?.deviceId);
  return out;
}

export interface VariantOptions {
  seed?: number;
  count?: number;
  /** the day relative dates resolve against when the defaults are written out */
  today?: Date;
}

/**
 * Leads of the probe, as fixed first variants: each of its findings is fuzzed on every run, whatever the
 * seed draws.
 */
const PROBE: ReadonlyArray<{ base: string; edits: Array<[Path, Json, string]> }> = [
  {
    base: 'prepaid',
    edits: [
      [
        ['accounts', 0, 'prepaidInvoiceHistory', 'invoices'],
        [
          { invoiceNumber: 'INV-\ud800', invoiceAmount: -5, invoiceDate: '+275760-09-13' },
          { invoiceNumber: 'INV-2', invoiceAmount: 1e308, invoiceDate: '10000-01-01' },
          { invoiceNumber: 'INV-3', invoiceAmount: 0.001, invoiceDate: '\udfff' },
          { invoiceNumber: 'W'.repeat(20_000), invoiceAmount: 1_000_000_000, invoiceDate: '0000-01-01' },
        ],
        'invoices with a lone surrogate, -5, 1e308, 0.001, 1000000000, 20k characters, edge and year-0/10000 dates',
      ],
      [['accounts', 0, 'homeEarlyInit', 'response', 'nextPaymentAmount'], 1_000_000_000, '1000000000'],
      [['accounts', 0, 'homeEarlyInit', 'response', 'nextBillProcessedDate'], '10000-01-01', 'year 10000'],
    ],
  },
  {
    base: 'postpaid',
    edits: [
      [
        ['accounts', 0, 'billDates', 'details'],
        [
          { billDate: '2026-01-\ud800', billAmount: -5 },
          { billDate: '+275760-09-13', billAmount: 1e308 },
        ],
        'bill dates with a lone surrogate and at the edge of the range, amounts -5 and 1e308',
      ],
      [
        ['accounts', 0, 'homeEarlyInit', 'response', 'billDueDate'],
        '+275760-09-13',
        'edge of the date range',
      ],
      [['accounts', 0, 'homeEarlyInit', 'response', 'currentAmountDue'], -5, '-5'],
      [
        ['accounts', 0, 'homeEarlyInit', 'response', 'currentlyManagedAccount'],
        '9'.repeat(200),
        '200 digits',
      ],
      [
        ['accountList', 'accountNumbers', 0, 'accountNumber'],
        '9'.repeat(200),
        'a 200-digit account number in the selector',
      ],
    ],
  },
  {
    base: 'postpaid',
    edits: [
      [
        ['accounts', 0, 'modemInfo', 'modemInfo', 0, 'deviceList'],
        [{ deviceId: 'dev-\ud800', deviceName: 'W'.repeat(20_000), connectionType: 'wifi' }],
        'a device with a lone surrogate in its id and a 20k-character name',
      ],
      [['accounts', 0, 'homeEarlyInit', 'response', 'firstName'], 'W'.repeat(20_000), '20k chars, no space'],
      [
        ['accounts', 0, 'homeEarlyInit', 'response', 'scheduledPayments'],
        [
          { paymentAmount: 0.001, paymentDate: '10000-01-01', confirmationNumber: 'W'.repeat(20_000) },
          { paymentAmount: -1e308, paymentDate: '\ud800' },
        ],
        'scheduled payments of 0.001 and -1e308 on year 10000 and a lone surrogate',
      ],
    ],
  },
  {
    // Repeated rows of the internet and wifi cards (issue 9): one device id and one product id 40 times.
    base: 'blue-marble',
    edits: [
      [
        ['accounts', 0, 'modemInfo', 'modemInfo', 0, 'deviceList'],
        Array.from({ length: 40 }, () => ({
          deviceId: 'dev-1',
          deviceName: 'Same device',
          connectionType: '5GHz',
        })),
        'the connected devices repeated 40 times',
      ],
      [
        ['accounts', 0, 'rateIncrease', 'rateChangeNotification'],
        Array.from({ length: 40 }, () => ({
          productId: 'HSI-200',
          productType: 'internet',
          currentTierRate: 55,
          nextTierRate: 60,
          nextTierEffectiveDate: '2026-04-04',
        })),
        'the rate-change notifications repeated 40 times',
      ],
    ],
  },
  {
    // The customer's name holds a lone surrogate and the home greets them by it: the server's markup and the
    // browser's data must say the same (issue 30: React threw the server's page away, error #418).
    base: 'postpaid',
    edits: [
      [
        ['accounts', 0, 'homeEarlyInit', 'response', 'firstName'],
        'Zo\ud800ë \udfff',
        'a first name with lone surrogates, greeted on the home',
      ],
    ],
  },
  {
    base: 'postpaid',
    edits: [[['accounts', 0, 'homeEarlyInit', 'statusCode'], 500, 'statusCode 500']],
  },
  {
    base: 'postpaid',
    edits: [[['accounts', 0, 'homeEarlyInit', 'status'], 'FAILURE', 'status FAILURE']],
  },
];

export function personaVariants(options: VariantOptions = {}): Variant[] {
  const seed = options.seed ?? DEFAULT_SEED;
  const count = options.count ?? DEFAULT_VARIANTS;
  const today = options.today ?? new Date();
  const dice = new Dice(prng(seed));
  const schemas = new Schemas(loadSchemas());
  const all = bases(
    loadPersonas([], (p) => {
      throw new Error(`built-in persona ${p.file} is invalid: ${p.message}`);
    }),
  );
  const byId = new Map(all.map((p) => [p.id, p]));
  const variants: Variant[] = [];

  const finish = (persona: Persona, base: string, mutations: string[]): void => {
    const id = `fuzz-${String(variants.length + 1).padStart(3, '0')}`;
    persona.id = id;
    persona.login = `${id}.login`;
    persona.description = `Fuzz variant of ${base} (seed ${seed}): ${mutations.length} fields mutated.`;
    delete persona.$schema;
    const problem = personaProblem(persona, `${id}.json`);
    if (problem) throw new Error(`${id} (from ${base}) is not a valid persona: ${problem}`);
    variants.push({
      id,
      base,
      mutations,
      persona,
      profileFailure: envelopeSaysFailure(persona),
      detailPaths: detailPaths(persona),
    });
  };

  for (const probe of PROBE) {
    if (variants.length >= count) break;
    const base = byId.get(probe.base);
    if (!base) throw new Error(`no built-in persona ${probe.base}`);
    const persona = materialise(base, today);
    const mutations: string[] = [];
    for (const [path, value, label] of probe.edits) {
      setAt(persona as unknown as Json, path, value);
      mutations.push(`${pathText(path)} = ${label}`);
    }
    finish(persona, base.id, mutations);
  }

  const personaSchema = schemas.root('persona.schema.json');
  while (variants.length < count) {
    const base = all[variants.length % all.length];
    if (!base) throw new Error('no personas to fuzz');
    const persona = materialise(base, today);
    const root = persona as unknown as Json;
    const mutations: string[] = [];
    const wanted = 4 + dice.int(6);
    for (let tries = 0; mutations.length < wanted && tries < wanted * 12; tries++) {
      const slots: Slot[] = [];
      collectSlots(schemas, root, personaSchema, [], slots);
      // Only the served data of the first account (and the account list) is fuzzed, not the fixture's ids.
      const servedSlots = slots.filter(
        (s) =>
          (s.path[0] === 'accounts' && s.path[1] === 0 && s.path.length > 3) ||
          (s.path[0] === 'accountList' && s.path.length > 1),
      );
      // The profile feeds most of what pages print: half of the mutations go there.
      const profileSlots = servedSlots.filter(
        (s) => s.path[2] === 'homeEarlyInit' && s.path[3] === 'response',
      );
      const slot = dice.pick(profileSlots.length > 0 && dice.chance(0.5) ? profileSlots : servedSlots);
      const before = clone(persona);
      const text = applyMutation(schemas, root, slot, dice);
      if (text && personaProblem(persona, `${persona.id}.json`) === null && !redirects(persona)) {
        mutations.push(text);
      } else {
        // Undo: restore the persona as it was before this draw.
        Object.assign(persona, before);
        for (const k of Object.keys(persona))
          if (!(k in before)) delete (persona as unknown as JsonObject)[k];
      }
    }
    finish(persona, base.id, mutations);
  }
  return variants;
}

/** A 222 or 223 answer is another flow (redirect, add an account), kept out of the fuzz's oracle. */
function redirects(persona: Persona): boolean {
  const env = persona.accounts[0]?.homeEarlyInit;
  return env?.statusCode === 222 || env?.statusCode === 223 || env?.status === '223';
}

function applyMutation(schemas: Schemas, root: Json, slot: Slot, dice: Dice): string | null {
  const where = pathText(slot.path);
  switch (slot.kind) {
    case 'leaf': {
      const nasty = nastyFor(slot.schema, slot.path, dice);
      setAt(root, slot.path, nasty.value);
      return `${where} = ${nasty.label}`;
    }
    case 'remove':
      removeAt(root, slot.path);
      return `${where} removed`;
    case 'add': {
      const key = String(slot.path[slot.path.length - 1]);
      setAt(root, slot.path, plainValue(schemas, slot.schema, key, dice));
      return `${where} added`;
    }
    case 'array': {
      const list = getAt(root, slot.path);
      if (!Array.isArray(list)) return null;
      const choice = dice.int(3);
      if (choice === 0) {
        setAt(root, slot.path, []);
        return `${where} emptied`;
      }
      const node = schemas.branch(slot.schema, list);
      const items: Located = { schema: node.schema.items ?? {}, file: node.file };
      const key = String(slot.path[slot.path.length - 1]);
      if (choice === 1 && list.length > 0) {
        // Repeated rows: the same ids and keys many times (React keys, dedupe, long tables).
        const first = list[0] as Json;
        setAt(
          root,
          slot.path,
          Array.from({ length: 40 }, () => clone(first)),
        );
        return `${where} repeated 40 times`;
      }
      setAt(root, slot.path, [
        ...list,
        ...Array.from({ length: 3 }, () => plainValue(schemas, items, key, dice)),
      ]);
      return `${where} given 3 more rows`;
    }
  }
}
