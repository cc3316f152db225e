/**
 * The Fastify instance itself: what can only be set when it is made (limits of the request line and body,
 * time-outs, trusted proxies) and the raw answers to requests that never reach a route.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { loggerOptions, requestIdOf, REQUEST_ID_HEADER, type LoggerSettings } from './logging';
import { RAW_SECURITY_HEADERS } from './security';

/** Request bodies, in bytes: the issue log's fields are capped at 199 and 499 characters by the spec. */
export const BODY_LIMITS = { issueLog: 4 * 1024, cspReport: 8 * 1024, faults: 4 * 1024, json: 64 * 1024 };

/** Request line and headers, bytes: larger gets 431 (Node's default, pinned so a flag cannot move it). */
export const MAX_HEADER_SIZE = 16 * 1024;

/**
 * Answers a request Node could not parse (request line and headers over MAX_HEADER_SIZE, a time-out,
 * garbage) with a status and the security headers, and closes the connection without a reset: what the
 * client still sends is read and dropped until it has the answer.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, `The request line and headers are larger than ${MAX_HEADER_SIZE} bytes`]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : [400, 'Malformed HTTP request'];
  const body = JSON.stringify({ error: message });
  const headers: Record<string, string | number> = {
    ...RAW_SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    Connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n');
  if (!socket.writable) return void socket.destroy();
  socket.on('error', () => socket.destroy());
  socket.resume();
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${head}\r\n\r\n${body}`);
  setTimeout(() => socket.destroy(), 2_000).unref();
}

export interface FastifyOptions {
  /**
   * Which proxies' X-Forwarded-* headers to believe (TRUST_PROXY): true for any, or addresses/CIDRs. Only
   * then does X-Forwarded-Proto: https make the session cookie Secure and add HSTS.
   */
  trustProxy?: boolean | string | string[];
  /** structured JSON logs (server/logging.ts); none when left out */
  logger?: LoggerSettings;
}

export function createFastify(options: FastifyOptions = {}): FastifyInstance {
  const app = Fastify({
    logger: options.logger ? loggerOptions(options.logger) : false,
    // Every request has an id (its sane X-Request-Id, else a new one), on each of its log lines.
    genReqId: requestIdOf,
    requestIdHeader: false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: BODY_LIMITS.json,
    http: { maxHeaderSize: MAX_HEADER_SIZE },
    requestTimeout: 60_000,
    // On close: stop listening, end idle keep-alive connections, let the requests in flight finish (a new
    // request on a busy connection is answered 503); the caller bounds how long that may take.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    clientErrorHandler,
    // A URL that cannot be decoded never reaches a hook: answer it with the security headers all the same.
    frameworkErrors: (error, _req, reply) => {
      void (reply as FastifyReply)
        .code(400)
        .headers(RAW_SECURITY_HEADERS)
        .header('Cache-Control', 'no-store')
        .send({ error: `Bad request: ${error.message}` });
    },
  });
  app.addHook('onRequest', (req, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
  // Runs just before the server stops listening: from this line on, no new connection is taken.
  app.addHook('preClose', (done) => {
    app.log.info('closing: no new connections; finishing the requests in flight');
    done();
  });
  return app;
}
