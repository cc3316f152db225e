import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { withoutArrayReserve } from '../../lib/vite-mobx-lazy-arrays';

const require = createRequire(import.meta.url);
const mobxFile = require.resolve('mobx').replace(/mobx[\\/]dist[\\/].*$/, 'mobx/dist/mobx.esm.js');

describe('MobX without its start-up array reserve (lib/vite-mobx-lazy-arrays.ts)', () => {
  it('finds the top-level call in the installed MobX and leaves only it out', () => {
    const code = readFileSync(mobxFile, 'utf8');
    const changed = withoutArrayReserve(code);
    expect(changed).not.toBeNull();
    expect(changed!.code).not.toContain('\nreserveArrayBuffer(1000);\n');
    // The on-demand reserve of a growing legacy array stays.
    expect(changed!.code).toContain('reserveArrayBuffer(oldLength + delta + 1)');
    expect(changed!.code.length).toBeGreaterThan(code.length - 200);
  });

  it('keeps legacy (proxy-less) arrays working past any length, the transformed MobX itself', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mobx-lazy-'));
    const file = join(dir, 'mobx.esm.mjs');
    const code = withoutArrayReserve(readFileSync(mobxFile, 'utf8'))!.code;
    writeFileSync(file, code.replace(/\n\/\/# sourceMappingURL=[^\n]*\n?$/, '\n'));
    const mobx = (await import(pathToFileURL(file).href)) as typeof import('mobx');
    mobx.configure({ useProxies: 'never' });
    const list = mobx.observable([1, 2, 3]);
    for (let i = 0; i < 1500; i++) list.push(i);
    expect(list[1502]).toBe(1499);
    list[1502] = 7;
    expect(list[1502]).toBe(7);
    expect(list.length).toBe(1503);
  });
});
