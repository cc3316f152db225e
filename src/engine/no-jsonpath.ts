/**
 * Stands in for jsonpath-plus in the browser build (vite.config.ts aliases it here). json-rules-engine
 * imports it for conditions with a `path`, which the rule format does not have (schemas/ruleset.schema.json
 * allows fact, operator and value only), and the runtime gives the engine its own pathResolver, so this is
 * never called: 25 KB of JavaScript the portal never runs stay out of the first load.
 */
export function JSONPath(): never {
  throw new Error('condition paths are not part of the rule format');
}
