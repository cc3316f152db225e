/**
 * MobX without its start-up loop over array indexes (issue 30): mobx.esm.js calls `reserveArrayBuffer(1000)`
 * at its top level, defining 1,100 index accessors on the prototype of its legacy (proxy-less) observable
 * array: 20 to 30 ms of the MobX piece's task at a low-tier phone's speed, for arrays the portal never makes
 * (MobX uses proxies where the browser has them, and every browser the portal supports does). A legacy array
 * reserves what it needs as it grows (`updateArrayLength_` calls `reserveArrayBuffer` in legacy mode), so the
 * call at the top level only did early what is done on demand: the build leaves it out, and says so if a MobX
 * release no longer has it.
 */
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

const MOBX = /[\\/]node_modules[\\/]mobx[\\/]dist[\\/]mobx\.esm\.js$/;
const CALL = '\nreserveArrayBuffer(1000);\n';

/** The module's code without the top-level call, or null when it is not there. */
export function withoutArrayReserve(
  code: string,
): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  const at = code.indexOf(CALL);
  if (at < 0 || !code.includes('if (this.legacyMode_ && delta > 0) {\n      reserveArrayBuffer('))
    return null;
  const out = new MagicString(code);
  out.overwrite(
    at + 1,
    at + CALL.length - 1,
    '/* reserveArrayBuffer(1000): on demand (lib/vite-mobx-lazy-arrays.ts) */',
  );
  return { code: out.toString(), map: out.generateMap({ hires: true }) };
}

export function mobxLazyArrays(): Plugin {
  return {
    name: 'portal:mobx-lazy-arrays',
    transform(code, id) {
      if (!MOBX.test(id)) return null;
      const changed = withoutArrayReserve(code);
      if (!changed)
        this.warn(
          'mobx.esm.js no longer calls reserveArrayBuffer(1000) at its top level as lib/vite-mobx-lazy-arrays.ts expects: check the plugin against this MobX release',
        );
      return changed;
    },
  };
}
