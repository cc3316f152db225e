/**
 * The stylesheets of a server-rendered page go in its head as `<style>` elements, not as links
 * (docs/decisions/048). A linked stylesheet holds the first paint for one more round trip after the head has
 * arrived (562 ms on DevTools' slow 4G); the portal's are small (about 15 KB for the home, 4 KB compressed)
 * and go in the compressed document instead. Each one keeps its `<link>`, `disabled`: the browser neither
 * fetches nor applies it, and Vite's preload helper, which loads a lazy chunk's styles unless a
 * `link[rel=stylesheet]` with their address is already in the document, sees them there and does not fetch
 * them again when the route's code is imported.
 *
 * The CSP stays strict: `style-src 'self'` plus the SHA-256 of each inlined sheet (withStyleHashes), never
 * 'unsafe-inline'.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from './html';

/** A stylesheet written into the page, and its CSP source. */
export interface InlineStyle {
  /** `<style>` with the sheet, then its disabled `<link>` */
  tags: string;
  /** `'sha256-…'` of the `<style>` element's text */
  hash: string;
}

/** Sheets larger than this stay linked: cached by the browser, not sent with every page. */
export const INLINE_STYLE_LIMIT = 24 * 1024;

/**
 * The inlined form of the build's stylesheets (`assets/x.css`), read once each (their names change with
 * their content). A sheet that would not mean the same in the page stays linked (null): one that names
 * other files (`url(`, `@import`, relative to the sheet's address, not the page's), that could end the
 * `<style>` element, or that is larger than INLINE_STYLE_LIMIT.
 */
export function styleInliner(distDir: string, limit = 256): (file: string) => InlineStyle | null {
  const memo = new Map<string, InlineStyle | null>();
  return (file) => {
    if (memo.has(file)) return memo.get(file)!;
    const path = join(distDir, file);
    let inline: InlineStyle | null = null;
    if (/^[\w/.-]+\.css$/.test(file) && !file.includes('..') && existsSync(path)) {
      const text = readFileSync(path, 'utf8');
      if (Buffer.byteLength(text) <= INLINE_STYLE_LIMIT && !/url\(|@import|<\/style/i.test(text)) {
        const href = escapeHtml(`/${file}`);
        inline = {
          tags: `<style data-href="${href}">${text}</style><link rel="stylesheet" crossorigin href="${href}" disabled>`,
          hash: `'sha256-${createHash('sha256').update(text).digest('base64')}'`,
        };
      }
    }
    if (memo.size < limit) memo.set(file, inline);
    return inline;
  };
}

const LINKED_STYLE = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;

/** `html` with each linked stylesheet of the build inlined where it can be, and the hashes of those inlined. */
export function inlineLinkedStyles(
  html: string,
  inline: (file: string) => InlineStyle | null,
): { html: string; hashes: string[] } {
  const hashes: string[] = [];
  const out = html.replace(LINKED_STYLE, (tag, file: string) => {
    const style = inline(file);
    if (!style) return tag;
    hashes.push(style.hash);
    return style.tags;
  });
  return { html: out, hashes };
}
