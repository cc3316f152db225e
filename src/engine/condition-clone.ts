/**
 * Stands in for the `clone` package in the browser build (vite.config.ts aliases it here; test/engine/
 * condition-clone.test.ts holds it to `clone` on every rule of every rule file). json-rules-engine deep-copies
 * each rule's conditions and event into every rule result, on every decision: with `clone` (circular
 * references, Maps, Sets, Buffers, property descriptors) that was a sixth of the page's script time at
 * start-up (docs/decisions/010-first-load.md). Rule conditions are a tree of json-rules-engine's Condition
 * objects over plain JSON values, without cycles: a copy keeps each object's prototype (the engine calls
 * Condition's methods on the copy) and shares nothing with the original.
 */
export default function clone<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(clone) as T;
  const copy = Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>;
  for (const key of Object.keys(value)) copy[key] = clone((value as Record<string, unknown>)[key]);
  return copy as T;
}
