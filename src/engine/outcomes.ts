/**
 * A decision from the params of its matching rules, for each kind of outcome of ./declare.ts: the runtime
 * (json-rules-engine's matches) and the rule cases read decisions through these. The compiled evaluator
 * mirrors each kind in ./compiled/outcomes.ts; test/engine/compile.test.ts holds the two equal.
 */
import type { OutcomeSpec, Params, Placement } from './declare';

/** Whether a value is one `field` may hold: a number list by membership, text and booleans by type. */
export function validValue(values: readonly (string | number)[] | 'boolean'): (v: unknown) => boolean {
  if (values === 'boolean') return (v) => typeof v === 'boolean';
  if (typeof values[0] === 'number') return (v) => values.includes(v as number);
  return (v) => typeof v === 'string';
}

/** One placement per distinct id (its first rule's order and variant), smallest order first (stable). */
export function placed(params: readonly Params[], field: string): Placement[] {
  const seen = new Set<unknown>();
  const out: Placement[] = [];
  for (const p of params) {
    const section = p[field];
    if (seen.has(section)) continue;
    seen.add(section);
    out.push({
      section: section as string,
      order: typeof p.order === 'number' ? p.order : 0,
      params: typeof p.variant === 'string' ? { variant: p.variant } : {},
    });
  }
  // Array.prototype.sort is stable: equal orders keep rule priority order.
  return out.sort((a, b) => a.order - b.order);
}

/**
 * The decision the matching rules' params (highest priority first) make; `defaulted` is called when a
 * fallback stands in for a missing answer (the explain trace says so).
 */
export function decideFromMatches(
  spec: OutcomeSpec,
  matched: readonly Params[],
  defaulted: () => void,
): unknown {
  switch (spec.type) {
    case 'value': {
      const ok = validValue(spec.values);
      const hit = matched.find((p) => ok(p[spec.field]));
      if (!hit) defaulted();
      const v = hit ? hit[spec.field] : spec.fallback;
      return spec.wrap === null ? v : { [spec.wrap]: v };
    }
    case 'first-or-null': {
      const hit = matched[0];
      return hit ? { [spec.field]: hit[spec.field] } : null;
    }
    case 'params': {
      const hit = matched[0];
      if (!hit) defaulted();
      return hit ? spec.shape(hit) : spec.fallback;
    }
    case 'flags':
      return Object.fromEntries(spec.names.map((n) => [n, matched.some((p) => p[spec.field] === n)]));
    case 'lookup': {
      const out: Record<string, unknown> = {};
      for (const key of spec.keys) {
        const hit = matched.find((p) => p[spec.keyField] === key);
        if (hit) out[key] = hit[spec.valueField];
        else {
          out[key] = spec.fallback;
          defaulted();
        }
      }
      return out;
    }
    case 'list':
      return { [spec.wrap]: [...new Set(matched.map((p) => p[spec.field]))] };
    case 'union': {
      const named = new Set(
        matched.flatMap((p) => (Array.isArray(p[spec.field]) ? (p[spec.field] as unknown[]) : [])),
      );
      return { [spec.wrap]: spec.order.filter((x) => named.has(x)) };
    }
    case 'placements':
      return placed(matched, spec.field);
  }
}
