/**
 * What a scope answering JSON registers in itself (never globally: the static files are compressed at build
 * time and must not be compressed again, and the stand-in sites' forms parse their own bodies).
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { isPlainObject } from './http';

/**
 * Compression of the JSON answers over 1 KB. gzip first: for answers of a few KB made per request it costs a
 * fraction of brotli (whose encoder state per call halved the Orch calls' throughput here) for nearly the
 * same size. Request bodies are never inflated: Fastify counts a body limit on the compressed bytes, so a
 * small compressed body could expand past every limit.
 */
export async function compressJson(scope: FastifyInstance): Promise<void> {
  await scope.register(compress, { globalDecompression: false, threshold: 1024, encodings: ['gzip', 'br'] });
}

/**
 * Bodies of the portal's calls are JSON whatever their Content-Type says (a CSP report comes as
 * application/csp-report, a Reporting API list as application/reports+json, a fetch without a type as
 * text/plain); an empty body is {} and a non-object is wrapped as { value }. Fastify's own JSON parser does
 * the parsing (prototype-poisoning checks included); the route's bodyLimit applies.
 */
export function useLenientJson(scope: FastifyInstance): void {
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    void parseJson(req, text, (err, parsed: unknown) => {
      if (err) return done(err);
      done(null, isPlainObject(parsed) ? parsed : { value: parsed });
    });
  });
}

/** Both: lenient JSON bodies and compressed JSON answers. */
export async function prepareJsonScope(scope: FastifyInstance): Promise<void> {
  useLenientJson(scope);
  await compressJson(scope);
}
