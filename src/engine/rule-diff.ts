/**
 * What a change does to the rules folder, one line per rule in an analyst's words: "card-almost-expired:
 * 60 → 45 days", "rule 'x' added", "toggle technicianTracker: off → on", "case 3 'card expiring in 60
 * days' changed". The studio's history, its pending changes and the preview of a revert show these lines;
 * the git diff stays available as a detail. Pure and browser-safe.
 */

export interface ChangeLine {
  /** The file, relative to the rules folder ('prepaid-card.json', 'cases/prepaid-card.cases.json'). */
  file: string;
  /** The rule (or case) the line is about, when it is about one. */
  rule?: string;
  text: string;
}

type Json = unknown;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const show = (v: unknown): string =>
  typeof v === 'string' ? v : v === undefined ? '(none)' : (JSON.stringify(v) ?? 'undefined');
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The unit a fact is measured in, by the vocabulary's naming convention (daysToCardExpiry, ...Minutes). */
export function unitOfName(name: string): string | undefined {
  return /(days|hours|minutes|seconds)/i.exec(name)?.[1]?.toLowerCase();
}

const parse = (text: string | undefined): Json => {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
};

interface Leaf {
  path: string;
  fact: string;
  operator: string;
  value: unknown;
}

function leaves(condition: unknown, path = ''): Leaf[] {
  if (!isObject(condition)) return [];
  const out: Leaf[] = [];
  for (const group of ['all', 'any'] as const) {
    const list = condition[group];
    if (Array.isArray(list)) list.forEach((c, i) => out.push(...leaves(c, `${path}.${group}[${i}]`)));
  }
  if ('not' in condition) out.push(...leaves(condition.not, `${path}.not`));
  if (typeof condition.fact === 'string')
    out.push({ path, fact: condition.fact, operator: String(condition.operator), value: condition.value });
  return out;
}

const leafText = (l: Leaf): string => `${l.fact} ${l.operator} ${show(l.value)}`;

/** Two values of a fact, the unit once when the fact has one: '60 → 45 days'. */
const fromTo = (fact: string, a: unknown, b: unknown): string => {
  const unit = typeof a === 'number' && typeof b === 'number' ? unitOfName(fact) : undefined;
  return `${show(a)} → ${show(b)}${unit ? ` ${unit}` : ''}`;
};

function conditionLines(before: unknown, after: unknown): string[] {
  if (same(before, after)) return [];
  const a = leaves(before);
  const b = leaves(after);
  const byPath = new Map(a.map((l) => [l.path, l]));
  const shapeSame = a.length === b.length && b.every((l) => byPath.get(l.path)?.fact === l.fact);
  if (!shapeSame) {
    const bTexts = new Set(b.map(leafText));
    const aTexts = new Set(a.map(leafText));
    const removed = a.filter((l) => !bTexts.has(leafText(l))).map((l) => `condition removed: ${leafText(l)}`);
    const added = b.filter((l) => !aTexts.has(leafText(l))).map((l) => `condition added: ${leafText(l)}`);
    return removed.length + added.length > 0 ? [...removed, ...added] : ['conditions regrouped'];
  }
  const out: string[] = [];
  for (const l of b) {
    const old = byPath.get(l.path)!;
    if (old.operator !== l.operator && same(old.value, l.value)) {
      out.push(`${l.fact}: ${old.operator} → ${l.operator}`);
    } else if (old.operator !== l.operator) {
      out.push(`${l.fact}: ${old.operator} ${show(old.value)} → ${l.operator} ${show(l.value)}`);
    } else if (!same(old.value, l.value)) {
      // The value alone: the line the analyst changed ("60 → 45 days").
      out.push(fromTo(l.fact, old.value, l.value));
    }
  }
  return out;
}

/** The rule's params in words: lookups read as their constant or toggle, others param by param. */
function paramLines(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  if (same(before, after)) return [];
  if (typeof after.toggle === 'string' && before.toggle === after.toggle && before.on !== after.on)
    return [`toggle ${after.toggle}: ${before.on ? 'on' : 'off'} → ${after.on ? 'on' : 'off'}`];
  if (typeof after.name === 'string' && before.name === after.name && 'value' in after)
    return [`constant ${after.name}: ${fromTo(after.name, before.value, after.value)}`];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((k) => !same(before[k], after[k]))
    .map((k) => `${k} ${show(before[k])} → ${show(after[k])}`);
}

function ruleLines(file: string, before: Json, after: Json): ChangeLine[] {
  const listOf = (f: Json): Record<string, unknown>[] =>
    isObject(f) && Array.isArray(f.rules) ? f.rules.filter(isObject) : [];
  const a = listOf(before);
  const b = listOf(after);
  const nameOf = (r: Record<string, unknown>, i: number): string =>
    typeof r.name === 'string' ? r.name : `#${i + 1}`;
  const aNames = a.map(nameOf);
  const bNames = b.map(nameOf);
  const out: ChangeLine[] = [];
  const line = (rule: string | undefined, text: string): void => {
    // A lookup's line names its toggle or constant already.
    const named = rule === undefined || /^(toggle|constant) /.test(text);
    out.push({ file, ...(rule !== undefined ? { rule } : {}), text: named ? text : `${rule}: ${text}` });
  };
  if (isObject(before) && isObject(after) && !same(before.description, after.description))
    line(undefined, 'the file’s description edited');
  aNames.forEach((n, i) => {
    if (!bNames.includes(n)) line(n, `rule removed (was #${i + 1})`);
  });
  bNames.forEach((n, j) => {
    const i = aNames.indexOf(n);
    if (i < 0) {
      line(n, `rule added as #${j + 1}`);
      return;
    }
    const r0 = a[i]!;
    const r1 = b[j]!;
    const texts: string[] = [];
    if (!same(r0.priority, r1.priority)) texts.push(`priority ${show(r0.priority)} → ${show(r1.priority)}`);
    texts.push(...conditionLines(r0.conditions, r1.conditions));
    const p0 = isObject(r0.event) && isObject(r0.event.params) ? r0.event.params : {};
    const p1 = isObject(r1.event) && isObject(r1.event.params) ? r1.event.params : {};
    texts.push(...paramLines(p0, p1));
    if (!same(r0.description, r1.description)) texts.push('description edited');
    if (!same(r0.acknowledge, r1.acknowledge)) texts.push('acknowledged findings edited');
    const moved =
      aNames.filter((x) => bNames.includes(x)).indexOf(n) !==
      bNames.filter((x) => aNames.includes(x)).indexOf(n);
    if (moved) texts.push(`moved from #${i + 1} to #${j + 1}`);
    for (const t of texts) line(n, t);
  });
  return out;
}

function caseLines(file: string, before: Json, after: Json): ChangeLine[] {
  const listOf = (f: Json): Record<string, unknown>[] =>
    isObject(f) && Array.isArray(f.cases) ? f.cases.filter(isObject) : [];
  const a = listOf(before);
  const b = listOf(after);
  const out: ChangeLine[] = [];
  const name = (c: Record<string, unknown> | undefined): string =>
    typeof c?.name === 'string' ? c.name : '';
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const rule = `case ${i + 1}`;
    if (i >= a.length) out.push({ file, rule, text: `case ${i + 1} added: '${name(b[i])}'` });
    else if (i >= b.length) out.push({ file, rule, text: `case ${i + 1} removed: '${name(a[i])}'` });
    else if (!same(a[i], b[i])) {
      const renamed = name(a[i]) !== name(b[i]) ? ` (now '${name(b[i])}')` : '';
      out.push({ file, rule, text: `case ${i + 1} '${name(a[i])}' changed${renamed}` });
    }
  }
  if (out.length === 0 && !same(before, after))
    out.push({ file, text: 'the file’s description or given edited' });
  return out;
}

function keyLines(file: string, before: Json, after: Json): ChangeLine[] {
  if (!isObject(before) || !isObject(after)) return [{ file, text: 'edited' }];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => !same(before[k], after[k]),
  );
  return keys.map((k) =>
    !isObject(before[k]) && !isObject(after[k]) && !Array.isArray(after[k])
      ? { file, text: `${k}: ${show(before[k])} → ${show(after[k])}` }
      : { file, text: `${k} edited` },
  );
}

/** One line per thing a change does, file by file, from the files before and after it. */
export function describeChange(
  before: Readonly<Record<string, string>>,
  after: Readonly<Record<string, string>>,
  paths: readonly string[] = [...new Set([...Object.keys(before), ...Object.keys(after)])],
): ChangeLine[] {
  const out: ChangeLine[] = [];
  for (const file of [...paths].sort()) {
    const t0 = before[file];
    const t1 = after[file];
    if (t0 === t1) continue;
    if (t0 === undefined) {
      out.push({ file, text: 'file added' });
      continue;
    }
    if (t1 === undefined) {
      out.push({ file, text: 'file removed' });
      continue;
    }
    const a = parse(t0);
    const b = parse(t1);
    if (a === undefined || b === undefined) {
      out.push({ file, text: b === undefined ? 'edited: not valid JSON' : 'edited' });
      continue;
    }
    const lines = file.startsWith('cases/')
      ? caseLines(file, a, b)
      : file.includes('/')
        ? keyLines(file, a, b)
        : ruleLines(file, a, b);
    out.push(...(lines.length > 0 ? lines : [{ file, text: 'layout only (spaces or order of keys)' }]));
  }
  return out;
}
