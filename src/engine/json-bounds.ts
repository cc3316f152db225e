/**
 * Bounds on a JSON file of the rules folder (rule files, rule cases, the population), checked before it
 * is parsed or walked: a file an analyst can read is far inside them (the largest shipped file is about
 * 28,000 characters and nests 10 levels), and a file outside them is refused with a message instead of
 * costing seconds or overflowing the stack of a recursive walk (20,000 nested "all" groups did). Pure
 * and browser-safe: the studio's server, its browser side and the validator share it.
 */

export const JSON_LIMITS = {
  /** Characters of one file. */
  fileChars: 256 * 1024,
  /** Nesting of lists and objects (a rule's conditions nest groups of all/any/not inside it). */
  depth: 32,
} as const;

const count = (n: number): string => n.toLocaleString('en-US');

/**
 * The deepest nesting of lists and objects in a JSON text, read without parsing (text in quotes is
 * skipped); stops counting past `stopAt`, so a hostile text costs one pass at most.
 */
export function textDepth(text: string, stopAt = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > stopAt) return max;
      }
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return max;
}

/** The deepest nesting of lists and objects in a parsed value, walked without recursion; stops past `stopAt`. */
export function valueDepth(value: unknown, stopAt = Number.POSITIVE_INFINITY): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > max) {
      max = depth;
      if (max > stopAt) return max;
    }
    for (const child of Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return max;
}

/** Why a nesting depth is refused, or null when it is within the bound. */
export function depthProblem(depth: number): string | null {
  return depth > JSON_LIMITS.depth
    ? `it nests lists and objects more than ${JSON_LIMITS.depth} levels deep: group the conditions in fewer levels, or split the rule`
    : null;
}

/** Why a file's text is refused before it is parsed (too long, nested too deep), or null. */
export function textBoundsProblem(text: string): string | null {
  if (text.length > JSON_LIMITS.fileChars) {
    return `it is ${count(text.length)} characters long: a file of the rules folder may have at most ${count(JSON_LIMITS.fileChars)}`;
  }
  return depthProblem(textDepth(text, JSON_LIMITS.depth));
}
