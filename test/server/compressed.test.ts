import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CompressedVersions, chooseEncoding } from '../../server/compressed';

describe('chooseEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['*', 'br'],
    ['gzip;q=0.5, *;q=0', 'gzip'],
    ['BR', 'br'],
    ['br;q=abc, gzip', 'gzip'],
  ] as const)('%j gets %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('CompressedVersions', () => {
  const text = JSON.stringify({
    files: Array.from({ length: 200 }, (_, i) => ({ rule: `r${i}`, on: true })),
  });

  it('compresses a version once, however often and however concurrently it is asked for', async () => {
    const versions = new CompressedVersions();
    const first = versions.variants(text);
    // The same work, not a second compression: the one promise made on first use.
    expect(versions.variants(text)).toBe(first);
    expect(versions.variants(`${text}`)).toBe(first);
    const v = await first;
    expect(await versions.variants(text)).toBe(v);
    expect(versions.size).toBe(1);
  });

  it('keeps brotli, gzip and plain bytes that all decode to the text, under one weak ETag', async () => {
    const v = await new CompressedVersions().variants(text);
    expect(brotliDecompressSync(v.br).toString('utf8')).toBe(text);
    expect(gunzipSync(v.gzip).toString('utf8')).toBe(text);
    expect(v.identity.toString('utf8')).toBe(text);
    expect(v.br.length).toBeLessThan(v.identity.length / 4);
    expect(v.etag).toMatch(/^W\/"[\w-]{27}"$/);
  });

  it('gives another version another ETag, and keeps only the newest versions', async () => {
    const versions = new CompressedVersions(2);
    const a = await versions.variants('{"v":1}');
    const b = await versions.variants('{"v":2}');
    expect(a.etag).not.toBe(b.etag);
    // Asking for a again makes it the newest: c then pushes b out, not a.
    await versions.variants('{"v":1}');
    await versions.variants('{"v":3}');
    expect(versions.size).toBe(2);
    expect(await versions.variants('{"v":1}')).toBe(a);
    expect(await versions.variants('{"v":2}')).not.toBe(b);
  });
});
