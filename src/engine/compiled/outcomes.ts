/**
 * Each kind of outcome of ../declare.ts, compiled: a closure from the fact vector to exactly the value the
 * runtime's ../outcomes.ts makes from json-rules-engine's matches, its answers built once and shared.
 */
import type { OutcomeSpec, Placement } from '../declare';
import { validValue } from '../outcomes';
import { distinct, first, firstParam, flags, frozen, lookup, sharedList } from './answers';
import type { CompiledDecision, Vector } from './conditions';

/** A value with every object and list in it shared and frozen (equal answers are one object). */
function shared<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return frozen(value.map(shared)) as T;
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) copy[k] = shared(v);
  return frozen(copy) as T;
}

/** Per name, `{ [wrap]: list }` for each shared list: one object per list, whatever rule set made it. */
const wrapped = new Map<string, WeakMap<readonly unknown[], object>>();
function wrapper(wrap: string): (list: readonly unknown[]) => object {
  let made = wrapped.get(wrap);
  if (!made) wrapped.set(wrap, (made = new WeakMap()));
  const byList = made;
  return (list) => {
    let w = byList.get(list);
    if (!w) byList.set(list, (w = Object.freeze({ [wrap]: list })));
    return w;
  };
}

/** runtime's placed(): one entry per section (first matching rule), smallest order first, stable. */
function ordered(sections: Placement[]): Placement[] {
  for (let i = 1; i < sections.length; i++) {
    // Array.prototype.sort is stable, like the runtime's: equal orders keep rule order.
    if (sections[i - 1]!.order > sections[i]!.order) return sections.sort((a, b) => a.order - b.order);
  }
  return sections;
}

/** The decision `spec` describes, from the vector, for the compiled rule file `c`. */
export function compileOutcome(spec: OutcomeSpec, c: CompiledDecision): (v: Vector) => unknown {
  switch (spec.type) {
    case 'value': {
      const ok = validValue(spec.values) as (v: unknown) => v is unknown;
      const wrap = spec.wrap;
      if (wrap === null) return firstParam(c, spec.field, spec.fallback, ok);
      return firstParam(c, spec.field, spec.fallback, ok, (x) => frozen({ [wrap]: x }));
    }
    case 'first-or-null':
      return first(c.live(), (p) => frozen({ [spec.field]: p[spec.field] }), null);
    case 'params':
      return first(c.live(), (p) => shared(spec.shape(p)), shared(spec.fallback));
    case 'flags':
      return flags(c, spec.field, spec.names);
    case 'lookup':
      return lookup(c, spec.keyField, spec.keys, spec.valueField, spec.fallback);
    case 'list': {
      const wrap = wrapper(spec.wrap);
      return distinct(
        c,
        spec.field,
        (p) => p[spec.field],
        (values) => wrap(sharedList(values)),
      );
    }
    case 'union':
      // Every matching rule's items: their union, in the declared order (as the runtime lists them).
      return distinct(
        c,
        spec.field,
        (p) => p[spec.field],
        (lists) => {
          const named = new Set(lists.flatMap((l) => (Array.isArray(l) ? (l as unknown[]) : [])));
          return frozen({ [spec.wrap]: spec.order.filter((x) => named.has(x)) });
        },
      );
    case 'placements':
      return distinct(
        c,
        spec.field,
        (p) =>
          frozen<Placement>({
            section: p[spec.field] as string,
            order: typeof p.order === 'number' ? p.order : 0,
            params: frozen(typeof p.variant === 'string' ? { variant: p.variant } : {}),
          }),
        (found) => sharedList(ordered(found)),
      );
  }
}
