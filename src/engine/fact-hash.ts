/**
 * Stands in for hash-it in the browser build (vite.config.ts aliases it here; test/engine/fact-hash.test.ts holds
 * it to hash-it for the keys the engine makes). json-rules-engine hashes one thing with it: a fact's cache key,
 * `{ id, params }` (Fact.getCacheKey), to find a value in the almanac again. The rule format gives conditions
 * no params (schemas/ruleset.schema.json) and the runtime's facts are plain values, so a key is plain JSON and
 * its JSON text tells keys apart as hash-it's number does. 4.6 KB of a general object hasher (maps, sets,
 * typed arrays, circular references) stay out of the first load.
 */
export default function hash(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}
