/**
 * The server's error answer, shared with fastify-plugin so every route family inherits it (a family that
 * answers people rather than code, the sandbox's sign-in page, sets its own in its scope): a client's
 * mistake is answered with its reason as JSON, a bug with a plain 500 that never takes the server down.
 */
import type { FastifyError, FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { BODY_LIMITS } from '../fastify';
import { json } from '../http';

/** Status and message of an error, in words a caller can act on (a body too large names the limit). */
export function describeError(
  error: { message: string; code?: string; statusCode?: number },
  bodyLimit: number | undefined,
): { status: number; message: string } {
  const status = error.statusCode ?? 500;
  // The answer to a bug does not say what went wrong: that is for the log.
  if (status >= 500) return { status: 500, message: 'Server error' };
  const message =
    error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
      ? `Request body too large: at most ${bodyLimit ?? BODY_LIMITS.json} bytes here`
      : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? `Bad request body: ${error.message}`
        : error.message;
  return { status, message };
}

const errors: FastifyPluginCallback = (app, _options, done) => {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const { status, message } = describeError(error, req.routeOptions.bodyLimit);
    // A handler bug must answer 500, never take the server down; the log has it (scrubbed, with the request id).
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    return json(reply, status, { error: message });
  });
  done();
};

export default fp(errors, { name: 'portal-errors', fastify: '5.x' });
