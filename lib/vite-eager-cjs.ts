/**
 * Compiles each CommonJS module's body (React's renderer above all) while its chunk downloads, not on the main
 * thread when the page first requires it (docs/decisions/039-no-long-tasks.md).
 *
 * The bundler wraps a CommonJS module in an arrow function, `__commonJSMin(((exports, module) => { … }))`, run
 * on its first `require`. V8 compiles an arrow lazily: the chunk is pre-parsed off the main thread as it
 * streams in, and the whole body is parsed and compiled again, on the main thread, at that first call. For
 * react-dom's client (190 KB) that was most of a 45 ms task at a phone's speed, right after the first paint.
 * A parenthesised `function` expression is V8's signal for a function called at once (its "PIFE" heuristic):
 * it is compiled eagerly with the chunk, off the main thread. The call then costs about a third less.
 *
 * Only the wrapper changes, and it means the same: the body is a module's top level, run once as
 * `cb(exports, module)` in strict code, so `this` is undefined in both forms; `arguments` at a module's top
 * level would have thrown in the arrow (an ES module has none), so no module that runs reads it.
 */
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** The bundler's CommonJS wrapper as rendered before minification (rolldown's `__commonJSMin`). */
const WRAPPER = /__commonJSMin\(\(\(((?:\w+)(?:, \w+)*)\) => \{/g;

export function eagerCommonJs(): Plugin {
  return {
    name: 'portal:eager-commonjs',
    apply: 'build',
    renderChunk(code) {
      if (!code.includes('__commonJSMin(')) return null;
      const out = new MagicString(code);
      for (const match of code.matchAll(WRAPPER)) {
        const start = match.index;
        out.overwrite(start, start + match[0].length, `__commonJSMin((function(${match[1]}) {`);
      }
      if (!out.hasChanged()) return null;
      return { code: out.toString(), map: out.generateMap({ hires: true }) };
    },
  };
}
