import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from '../../lib/vite-compile-hints';

/**
 * The start-up's chunks carry V8's compile hint as their first line (lib/vite-compile-hints.ts), written once
 * the bundle is complete: their source maps move down a line and their compressed siblings are made again, so
 * every copy the server sends is the hinted one.
 */
type Output =
  | { type: 'chunk'; name: string; fileName: string; code: string }
  | { type: 'asset'; fileName: string; source: string | Uint8Array };

// A chunk as Vite completes it: its preload map first, then the code.
const code = 'const __vite__mapDeps=(i)=>i;\nexport const a=1;';

function bundle(): Record<string, Output> {
  const files: Output[] = [
    { type: 'chunk', name: 'start', fileName: 'assets/start-x.js', code },
    { type: 'asset', fileName: 'assets/start-x.js.map', source: JSON.stringify({ mappings: 'AAAA;AACA' }) },
    { type: 'asset', fileName: 'assets/start-x.js.br', source: brotliCompressSync(code) },
    { type: 'asset', fileName: 'assets/start-x.js.gz', source: gzipSync(code) },
    { type: 'chunk', name: 'home-deps', fileName: 'assets/home-deps-y.js', code },
    { type: 'asset', fileName: 'assets/home-deps-y.js.br', source: brotliCompressSync(code) },
  ];
  return Object.fromEntries(files.map((f) => [f.fileName, f]));
}

function run(files: Record<string, Output>): void {
  const plugin = compileHints(['start'], {
    '.br': (text) => brotliCompressSync(text),
    '.gz': (text) => gzipSync(text),
  });
  const hook = plugin.generateBundle as unknown as {
    handler: (options: unknown, bundle: Record<string, Output>) => void;
  };
  hook.handler({}, files);
}

const text = (o: Output | undefined) => (o?.type === 'chunk' ? o.code : '');
const bytes = (o: Output | undefined) => Buffer.from(o?.type === 'asset' ? o.source : '');

describe('compile hints on the start-up chunks', () => {
  it('puts the hint first, before the preload map', () => {
    const files = bundle();
    run(files);
    expect(text(files['assets/start-x.js'])).toBe(`${COMPILE_HINT}\n${code}`);
  });

  it('moves the source map down a line', () => {
    const files = bundle();
    run(files);
    const map = files['assets/start-x.js.map'];
    expect(JSON.parse(String(map?.type === 'asset' ? map.source : ''))).toEqual({ mappings: ';AAAA;AACA' });
  });

  it('makes the compressed siblings again from the hinted text', () => {
    const files = bundle();
    run(files);
    const hinted = text(files['assets/start-x.js']);
    expect(brotliDecompressSync(bytes(files['assets/start-x.js.br'])).toString()).toBe(hinted);
    expect(gunzipSync(bytes(files['assets/start-x.js.gz'])).toString()).toBe(hinted);
  });

  it('leaves other chunks, and a chunk already hinted, as they are', () => {
    const files = bundle();
    run(files);
    run(files);
    expect(text(files['assets/home-deps-y.js'])).toBe(code);
    expect(brotliDecompressSync(bytes(files['assets/home-deps-y.js.br'])).toString()).toBe(code);
    expect(text(files['assets/start-x.js']).split(COMPILE_HINT)).toHaveLength(2);
  });
});
