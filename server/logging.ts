/**
 * Structured logs: Fastify's logger (pino), one JSON object per line, a request id on every line a request
 * writes (`reqId`, the sane X-Request-Id the request came with, else a new UUID, echoed back in the answer),
 * and nothing a customer would not want in a log file: no cookie, authorization header, token, password or
 * email address, whatever logs it and however deep.
 *
 * Three layers, because a log line can come from anywhere:
 * - the request and answer are written by our serializers, which keep the method, the path with its query
 *   (secret-named values replaced, email addresses masked), the client address and the status: no header;
 * - every other logged object goes through `scrub` (secret-named keys replaced at any depth, email addresses
 *   masked in every string, errors reduced to type, message and stack, scrubbed too), and every message
 *   string through `scrubText`;
 * - pino's own `redact` removes the header paths, should anything ever log raw headers.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Writable } from 'node:stream';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** An incoming request id the server takes as its own: short, and nothing but letters, digits and . _ : - */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id: its X-Request-Id when sane (one proxy's id follows the request), else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

export const REDACTED = '[redacted]';
export const EMAIL_MASK = '[email]';

/** An email address, plain or URL-encoded (alex%40mail.example). */
const EMAIL = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/gi;

/**
 * Keys whose value is a secret or a customer's address, wherever they appear (a query, a body, any logged
 * object): credentials and their parts by every name they go by (test/server/logging.test.ts lists them).
 */
const SECRET_KEY = new RegExp(
  [
    'cookie',
    'authori[sz]ation',
    '^auth',
    'auth$',
    'pass(word|wd|phrase)?$',
    'pwd',
    'secret',
    'token',
    'csrf',
    'xsrf',
    'session',
    '^sid$',
    '[-_.]sid$',
    'api[-_]?key',
    'key$',
    '^key',
    'signature',
    '^sig$',
    'credential',
    'otp$',
    'nonce',
    'verifier',
    'email',
    'authcode',
    '^code$',
    '^state$',
  ].join('|'),
  'i',
);

export const isSecretKey = (key: string): boolean => SECRET_KEY.test(key);

/** A text with every email address masked. */
export const scrubText = (text: string): string => text.replace(EMAIL, EMAIL_MASK);

/** A request path and query for the log: secret-named values replaced, email addresses masked. */
export function scrubUrl(url: string): string {
  const q = url.indexOf('?');
  const path = scrubText(q < 0 ? url : url.slice(0, q));
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq < 0 ? pair : pair.slice(0, eq);
      let name = key;
      try {
        name = decodeURIComponent(key.replace(/\+/g, ' '));
      } catch {
        // A key that does not decode is logged as sent (masked like any text).
      }
      if (eq < 0) return scrubText(key);
      return `${scrubText(key)}=${isSecretKey(name) ? REDACTED : scrubText(pair.slice(eq + 1))}`;
    })
    .join('&');
  return `${path}?${query}`;
}

/** An error as logged: its type, code, status, message and stack, scrubbed; its other fields are not kept. */
export function scrubError(err: unknown): {
  type: string;
  message: string;
  stack: string;
  [k: string]: unknown;
} {
  if (!(err instanceof Error)) return { type: typeof err, message: scrubText(String(err)), stack: '' };
  const { code, statusCode } = err as Error & { code?: unknown; statusCode?: unknown };
  return {
    type: err.name,
    message: scrubText(err.message),
    stack: scrubText(err.stack ?? ''),
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
  };
}

const MAX_DEPTH = 8;

/** A copy of a logged value with secret-named keys replaced and email addresses masked, at any depth. */
export function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return scrubError(value);
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = isSecretKey(k) ? REDACTED : scrub(v, depth + 1);
  return out;
}

/** Keys pino's serializers write (request, answer, error): the formatter leaves them to the serializers. */
const SERIALIZED = new Set(['req', 'res', 'err', 'error']);

export interface LoggerSettings {
  /** LOG_LEVEL: fatal, error, warn, info, debug, trace or silent */
  level: string;
  /** where the lines go (default standard output); tests pass a stream to read them */
  stream?: Writable;
}

/** Fastify's logger options for these settings. */
export function loggerOptions(settings: LoggerSettings): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: settings.level,
    ...(settings.stream ? { stream: settings.stream } : {}),
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'headers.cookie',
        'headers.authorization',
        'res.headers["set-cookie"]',
      ],
      censor: REDACTED,
    },
    serializers: {
      req: (req: FastifyRequest) => ({ method: req.method, url: scrubUrl(req.url), remoteAddress: req.ip }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: scrubError,
      error: scrubError,
    },
    formatters: {
      log: (object: Record<string, unknown>) => {
        const out: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(object)) {
          out[k] = SERIALIZED.has(k) ? v : isSecretKey(k) ? REDACTED : scrub(v);
        }
        return out;
      },
    },
    hooks: {
      logMethod(args: unknown[], method: (...args: unknown[]) => void) {
        method.apply(
          this,
          args.map((a) => (typeof a === 'string' ? scrubText(a) : a)),
        );
      },
    },
  };
}
