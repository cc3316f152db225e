/**
 * Answers whose body is one of a few versions (the rule bundle, an analyst's draft bundle), compressed once
 * per version instead of once per request: the version's ETag (a hash of its text), its brotli and gzip
 * encodings are made on the first request for that version and kept, the newest `max` versions at most.
 *
 * Compression runs on libuv's thread pool (zlib's asynchronous calls), never on the event loop, and a
 * version being compressed is compressed once however many requests ask for it meanwhile.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip' | 'identity';

/** One version of the text, as sent. */
export interface Variants {
  /** weak: the same version whatever its encoding */
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The encoding to send for an Accept-Encoding header: brotli, else gzip, else none. A coding with q=0 is
 * refused, `*` stands for any coding not named, and without the header any coding is acceptable (RFC 9110
 * 12.5.3) but none is assumed: the answer is then sent as it is.
 */
export function chooseEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((x) => x.trim());
    if (!name) continue;
    const weight = params.find((p) => p.startsWith('q='));
    const value = weight ? Number(weight.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const star = q.get('*');
  const accepts = (coding: string): boolean => (q.get(coding) ?? star ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip') || accepts('x-gzip')) return 'gzip';
  return 'identity';
}

export class CompressedVersions {
  /** newest last; a version found again moves to the end */
  private readonly versions: { text: string; variants: Promise<Variants> }[] = [];

  /** @param max versions kept (the live bundle needs one; drafts a few) */
  constructor(private readonly max = 4) {}

  /** The variants of this text, made on first use. */
  variants(text: string): Promise<Variants> {
    const at = this.versions.findIndex((v) => v.text === text);
    if (at >= 0) {
      const [found] = this.versions.splice(at, 1);
      if (found) {
        this.versions.push(found);
        return found.variants;
      }
    }
    const identity = Buffer.from(text, 'utf8');
    const variants = Promise.all([
      brotli(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      gzipAsync(identity, { level: 9 }),
    ]).then(([br, gz]) => ({
      etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      identity,
      br,
      gzip: gz,
    }));
    this.versions.push({ text, variants });
    if (this.versions.length > this.max) this.versions.shift();
    // A failure is not kept: the next request tries again.
    variants.catch(() => {
      const i = this.versions.findIndex((v) => v.variants === variants);
      if (i >= 0) this.versions.splice(i, 1);
    });
    return variants;
  }

  /** How many versions are kept now (tests). */
  get size(): number {
    return this.versions.length;
  }
}

/**
 * Sends a JSON text through the versions' cache: 304 when the browser holds this version, else its brotli,
 * gzip or plain bytes as the browser accepts, revalidated on every load (`cacheControl`, default no-cache).
 */
export async function sendCompressedJson(
  req: FastifyRequest,
  reply: FastifyReply,
  versions: CompressedVersions,
  text: string,
  cacheControl = 'no-cache',
): Promise<FastifyReply> {
  const v = await versions.variants(text);
  void reply
    .header('Cache-Control', cacheControl)
    .header('Vary', 'Accept-Encoding')
    .header('ETag', v.etag)
    .type('application/json; charset=utf-8');
  const held = req.headers['if-none-match'];
  if (held && held.split(',').some((t) => t.trim() === v.etag || `W/${t.trim()}` === v.etag)) {
    return reply.code(304).send();
  }
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  if (encoding !== 'identity') void reply.header('Content-Encoding', encoding);
  return reply.code(200).send(v[encoding]);
}
