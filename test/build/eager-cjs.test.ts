import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { eagerCommonJs } from '../../lib/vite-eager-cjs';

/**
 * The build's CommonJS wrappers become parenthesised function expressions (lib/vite-eager-cjs.ts), which V8
 * compiles with the chunk, off the main thread: the same modules, the same exports, in the form V8 compiles
 * eagerly.
 */
type RenderChunk = (code: string) => { code: string } | null;
const render = eagerCommonJs().renderChunk as unknown as RenderChunk;

// A chunk as the bundler renders it before minification: its runtime's wrapper, two CommonJS modules.
const chunk = `var __commonJSMin = (cb, mod) => () => (mod || cb((mod = { exports: {} }).exports, mod), mod.exports);
var require_a = /* @__PURE__ */ __commonJSMin(((exports) => {
	exports.kind = typeof this;
	exports.double = (n) => n * 2;
}));
var require_b = /* @__PURE__ */ __commonJSMin(((exports, module) => {
	const a = require_a();
	module.exports = { four: a.double(2), kindOfThis: a.kind };
}));
result = require_b();
`;

/**
 * Runs a chunk's code as a module runs (strict, `this` undefined at its top level), in a context of its own;
 * what it puts in `result`.
 */
function run(code: string): unknown {
  const context: { result?: unknown } = { result: undefined };
  runInNewContext(`(function () { "use strict"; ${code} }).call(undefined);`, context);
  return JSON.parse(JSON.stringify(context.result)) as unknown;
}

describe('eager CommonJS wrappers', () => {
  it('rewrites each wrapper into a parenthesised function expression', () => {
    const out = render(chunk)!.code;
    expect(out).toContain('__commonJSMin((function(exports) {');
    expect(out).toContain('__commonJSMin((function(exports, module) {');
    expect(out).not.toMatch(/__commonJSMin\(\(\(/);
  });

  it('keeps what the modules export, `this` included', () => {
    expect(run(render(chunk)!.code)).toEqual(run(chunk));
    expect(run(chunk)).toEqual({ four: 4, kindOfThis: 'undefined' });
  });

  it('leaves a chunk without CommonJS modules alone', () => {
    expect(render('export const a = 1;')).toBeNull();
  });
});
