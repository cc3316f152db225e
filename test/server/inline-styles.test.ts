import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INLINE_STYLE_LIMIT, inlineLinkedStyles, styleInliner } from '../../server/inline-styles';
import { CONTENT_SECURITY_POLICY, withStyleHashes } from '../../server/security';

const dist = mkdtempSync(join(tmpdir(), 'inline-styles-'));
mkdirSync(join(dist, 'assets'));
const write = (name: string, text: string) => writeFileSync(join(dist, 'assets', name), text);
write('a.css', '.a{color:red}');
write('b.css', '.b{margin:0}');
write('image.css', '.logo{background:url(./logo.svg)}');
write('import.css', '@import "./a.css";');
write('closes.css', '.x::after{content:"</style><script>"}');
write('large.css', `.l{margin:0}${' '.repeat(INLINE_STYLE_LIMIT)}`);
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe("a page's stylesheets written into it", () => {
  it('puts the sheet in a <style>, keeps its link disabled, and gives the hash of the text', () => {
    const inline = styleInliner(dist);
    expect(inline('assets/a.css')).toEqual({
      tags:
        '<style data-href="/assets/a.css">.a{color:red}</style>' +
        '<link rel="stylesheet" crossorigin href="/assets/a.css" disabled>',
      hash: sha('.a{color:red}'),
    });
  });

  it('leaves linked what would not mean the same in the page, or is large, or is not a sheet of the build', () => {
    const inline = styleInliner(dist);
    for (const file of [
      'assets/image.css', // its url() is relative to the sheet's address
      'assets/import.css',
      'assets/closes.css', // would end the <style> element
      'assets/large.css',
      'assets/missing.css',
      '../outside.css',
      'assets/a.js',
    ])
      expect(inline(file), file).toBeNull();
  });

  it("replaces the build's stylesheet links of a head, in order, and lists their hashes", () => {
    const head =
      '<title>t</title><link rel="stylesheet" crossorigin href="/assets/a.css">' +
      '<link rel="stylesheet" crossorigin href="/assets/image.css">' +
      '<link rel="stylesheet" crossorigin href="/assets/b.css">';
    const { html, hashes } = inlineLinkedStyles(head, styleInliner(dist));
    expect(html).toBe(
      '<title>t</title><style data-href="/assets/a.css">.a{color:red}</style>' +
        '<link rel="stylesheet" crossorigin href="/assets/a.css" disabled>' +
        '<link rel="stylesheet" crossorigin href="/assets/image.css">' +
        '<style data-href="/assets/b.css">.b{margin:0}</style>' +
        '<link rel="stylesheet" crossorigin href="/assets/b.css" disabled>',
    );
    expect(hashes).toEqual([sha('.a{color:red}'), sha('.b{margin:0}')]);
  });
});

describe('the CSP of a page with inlined stylesheets', () => {
  it("adds their hashes to style-src, once each, and nothing else; 'unsafe-inline' never", () => {
    const csp = withStyleHashes(CONTENT_SECURITY_POLICY, ["'sha256-A'", "'sha256-B'", "'sha256-A'"]);
    expect(csp).toBe(
      CONTENT_SECURITY_POLICY.replace("style-src 'self'", "style-src 'self' 'sha256-A' 'sha256-B'"),
    );
    expect(csp).not.toContain('unsafe-inline');
  });

  it('is the policy as it was without any', () => {
    expect(withStyleHashes(CONTENT_SECURITY_POLICY, [])).toBe(CONTENT_SECURITY_POLICY);
  });

  it('gains a style-src of its own when the policy had none', () => {
    expect(withStyleHashes("default-src 'self'", ["'sha256-A'"])).toBe(
      "default-src 'self'; style-src 'self' 'sha256-A'",
    );
  });
});
