/**
 * The studio's page (GET /studio): the app's index.html with a per-response CSP nonce for styles, so the
 * JSON editor (CodeMirror, which writes its styles into a <style> element at run time) is laid out under
 * the portal's `style-src 'self'`. The nonce is in the response's CSP and in
 * `<meta property="csp-nonce" nonce="…">` (the convention Vite uses), which the editor reads and hands to
 * `EditorView.cspNonce`. Only this page gets it: every other page keeps the plain policy.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The policy as sent, with a nonce added to style-src (and only there). */
export function withStyleNonce(policy: string, nonce: string): string {
  return policy.replace(
    /(^|;\s*)style-src ([^;]*)/,
    (_m, lead: string, sources: string) => `${lead}style-src ${sources} 'nonce-${nonce}'`,
  );
}

/** The page with the nonce's meta element at the start of <head> (or of the document). */
export function injectNonce(html: string, nonce: string): string {
  const meta = `<meta property="csp-nonce" nonce="${nonce}">`;
  const head = /<head[^>]*>/i.exec(html);
  if (head)
    return html.slice(0, head.index + head[0].length) + meta + html.slice(head.index + head[0].length);
  const doctype = /^<!doctype html>/i.exec(html);
  return doctype ? doctype[0] + meta + html.slice(doctype[0].length) : meta + html;
}

export function registerStudioPage(app: FastifyInstance, distDir: string): void {
  const indexFile = join(distDir, 'index.html');
  let cached: { mtime: number; html: string } | null = null;
  const nonces = new WeakMap<object, string>();
  const page = (): string | null => {
    try {
      const mtime = statSync(indexFile).mtimeMs;
      if (cached?.mtime !== mtime) cached = { mtime, html: readFileSync(indexFile, 'utf8') };
      return cached.html;
    } catch {
      return null;
    }
  };
  app.get(
    '/studio',
    {
      // Runs after the server's own onSend hooks (which set the customer's or the analyst's policy): the
      // nonce is added to whichever policy this response got.
      onSend: (req, reply, payload, done) => {
        const nonce = nonces.get(req);
        const policy = reply.getHeader('content-security-policy');
        if (typeof nonce === 'string' && typeof policy === 'string')
          void reply.header('Content-Security-Policy', withStyleNonce(policy, nonce));
        done(null, payload);
      },
    },
    (req, reply) => {
      const html = page();
      if (html === null)
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The portal is not built: run npm run build');
      const nonce = randomBytes(18).toString('base64');
      nonces.set(req, nonce);
      return (
        reply
          .code(200)
          // A nonce is good for one response: never cached, never shared.
          .header('Cache-Control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(injectNonce(html, nonce))
      );
    },
  );
}
