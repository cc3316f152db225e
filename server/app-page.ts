/**
 * The app's HTML page (dist/index.html, for `/`, `/index.html` and every client route) as the server sends
 * it: with the runtime configuration written in (sandbox/runtime-config.ts), so the build's .br and .gz
 * siblings of the page no longer match it. It is compressed here instead, once per build (the file's size
 * and time), revalidated like the build's other unhashed files (no-cache, an ETag over the bytes).
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { withRuntimeConfig, type RuntimeConfig } from './runtime-config';

interface Built {
  key: string;
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** The encoding to send for an Accept-Encoding header: brotli, then gzip, as the static files. */
function chooseEncoding(header: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** A sender of the page built from `indexFile`; the file is read again when a build replaces it. */
export function appPage(
  indexFile: string,
  runtime: RuntimeConfig,
): (req: FastifyRequest, reply: FastifyReply) => FastifyReply {
  let built: Built | undefined;
  const current = (): Built => {
    const stat = statSync(indexFile);
    const key = `${stat.size}:${stat.mtimeMs}`;
    if (built?.key === key) return built;
    const identity = Buffer.from(withRuntimeConfig(readFileSync(indexFile, 'utf8'), runtime));
    built = {
      key,
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      identity,
      br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(identity, { level: 9 }),
    };
    return built;
  };

  return (req, reply) => {
    const page = current();
    void reply
      .header('Cache-Control', 'no-cache')
      .header('ETag', page.etag)
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8');
    const known = (req.headers['if-none-match'] ?? '')
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''));
    if (known.includes(page.etag) || known.includes('*')) return reply.code(304).send();
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    if (encoding === 'identity') return reply.code(200).send(page.identity);
    return reply.code(200).header('Content-Encoding', encoding).send(page[encoding]);
  };
}
