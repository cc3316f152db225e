/**
 * V8's explicit compile hint on the chunks every page load runs at start-up (docs/decisions/047): the magic
 * comment `//# allFunctionsCalledOnLoad` as a chunk's first line has Chromium (136 and later) compile all of
 * its functions with the chunk, off the main thread while it streams in. Without it V8 pre-parses each function
 * and compiles it on the main thread at its first call: the stores' creation, the router's and the hydration's
 * first renders each paid for the compilation of the code they ran, tasks of 50 to 100 ms at a low-tier phone's
 * speed (issue 30). Browsers without the hint read a comment.
 *
 * Only the start-up's pieces (the entry, React, MobX, the router, src/start.tsx's chunk), and the chunks a page
 * fetches when idle for a tap it expects (vite.config.ts's TAP_CHUNKS: they are then compiled at that idle
 * moment, not in the tap; docs/decisions/054): compiled eagerly, code that a load does not run costs compile
 * time and memory for nothing (the home's cards and the pages' shared flows were measured slower with it).
 *
 * The comment must come first in the file, so it is written when the bundle is complete (after Vite's own
 * preload map, which it puts at the top of a chunk): the chunk's source map moves down a line, and the
 * compressed siblings made before (`name.js.br`, `name.js.gz`) are made again from the new text.
 */
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** A compressed sibling's extension (`.br`) -> how it is made from the text. */
export type Compressors = Readonly<Record<string, (text: Buffer) => Buffer>>;

export function compileHints(chunkNames: readonly string[], compressors: Compressors): Plugin {
  return {
    name: 'portal:compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunkNames.includes(chunk.name)) continue;
          if (chunk.code.startsWith(COMPILE_HINT)) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset') {
            const json = JSON.parse(String(map.source)) as { mappings: string };
            // One more line before the code: its mappings start a line later.
            json.mappings = `;${json.mappings}`;
            map.source = JSON.stringify(json);
          }
          for (const [extension, compress] of Object.entries(compressors)) {
            const sibling = bundle[`${chunk.fileName}${extension}`];
            if (sibling?.type === 'asset') sibling.source = compress(Buffer.from(chunk.code));
          }
        }
      },
    },
  };
}
