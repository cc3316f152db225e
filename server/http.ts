/**
 * Small request and reply helpers every route family shares: answers that are never cached, the request's
 * path and query, its own origin as the browser sees it, and the cross-site refusal of state-changing
 * requests. Plain functions of the request (no state), so any plugin can use them without a decorator.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { crossSiteRefusal } from './security';

/** A JSON answer that is never cached. */
export const json = (reply: FastifyReply, status: number, body: unknown): FastifyReply =>
  reply.code(status).header('Cache-Control', 'no-store').send(body);

/** An HTML page that is never cached. */
export const html = (reply: FastifyReply, status: number, page: string): FastifyReply =>
  reply.code(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(page);

/** The path of a request URL (dot segments resolved, escapes kept) and its query. */
export function splitUrl(raw: string): { path: string; query: URLSearchParams } {
  const u = new URL(raw, 'http://portal.invalid');
  return { path: u.pathname, query: u.searchParams };
}

/** The path, query and fragment of an absolute URL (what a page shows of an address it checked). */
export const pathOf = (absolute: string): string => {
  const u = new URL(absolute);
  return `${u.pathname}${u.search}${u.hash}`;
};

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The request's body as an object ({} when it is none). */
export const bodyOf = (req: FastifyRequest): Record<string, unknown> =>
  isPlainObject(req.body) ? req.body : {};

/** This server's origin as the browser sees it (Host, or X-Forwarded-* from a trusted proxy). */
export function ownOrigin(req: FastifyRequest): string {
  const port = (req.server.server.address() as AddressInfo | null)?.port ?? 80;
  return `${req.protocol}://${req.host || `127.0.0.1:${port}`}`;
}

/**
 * Refuses a state-changing request from another origin (security.ts, crossSiteRefusal); true when it did.
 * The refusal is JSON, or the page `asPage` makes of the message for a request a person made by hand.
 */
export function refuseCrossSite(
  req: FastifyRequest,
  reply: FastifyReply,
  asPage?: (message: string) => string,
): boolean {
  const refusal = crossSiteRefusal(req.headers, ownOrigin(req));
  if (!refusal) return false;
  if (asPage) void html(reply, 403, asPage(refusal));
  else void json(reply, 403, { error: refusal });
  return true;
}
