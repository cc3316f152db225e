import { inflateSync } from 'node:zlib';

/**
 * The lines of text a PDF made by pdfkit shows, in drawing order: each page content stream (inflated when
 * Flate-encoded), each BT ... ET block one line, its TJ/Tj strings decoded (pdfkit writes the standard fonts'
 * WinAnsi codes as hex strings). Enough to read what a bill PDF says without a PDF renderer in the tests.
 */
export function pdfLines(pdf: Uint8Array): string[] {
  const raw = Buffer.from(pdf).toString('latin1');
  if (!raw.startsWith('%PDF-')) throw new Error('not a PDF');
  const lines: string[] = [];
  const streamStart = /<<((?:(?!>>\s*stream)[\s\S])*)>>\s*stream\r?\n/g;
  for (let m = streamStart.exec(raw); m; m = streamStart.exec(raw)) {
    const dict = m[1] ?? '';
    const length = Number(/\/Length\s+(\d+)/.exec(dict)?.[1] ?? NaN);
    if (!Number.isFinite(length)) continue;
    const start = m.index + m[0].length;
    const data = Buffer.from(pdf).subarray(start, start + length);
    const content = (/\/FlateDecode/.test(dict) ? inflateSync(data) : data).toString('latin1');
    for (const block of content.match(/BT[\s\S]*?ET/g) ?? []) {
      const strings = [...block.matchAll(/<([0-9A-Fa-f\s]*)>/g)].map((s) => decodeHex(s[1] ?? ''));
      const text = strings.join('');
      if (text) lines.push(text);
    }
  }
  return lines;
}

function decodeHex(hex: string): string {
  const clean = hex.replace(/\s/g, '');
  let out = '';
  for (let i = 0; i + 1 < clean.length; i += 2)
    out += String.fromCharCode(parseInt(clean.slice(i, i + 2), 16));
  return out;
}
