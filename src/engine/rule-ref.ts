/**
 * How every rules tool names a rule (checker, explain, preview, rule cases, and later the studio): its
 * position in the file, counted from 1 as an analyst counts, and its name: `#3 'embargo'`. The position
 * finds an unnamed rule; the name survives a reorder in review. Browser-safe.
 */
export function ruleRef(position: number, name?: unknown): string {
  return typeof name === 'string' && name.trim() ? `#${position} '${name}'` : `#${position}`;
}
