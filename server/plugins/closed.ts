/**
 * Address prefixes this server must not answer, not even with the portal's app shell: in production the
 * sandbox's /sandbox/* (sign-in stand-in, faults, personas, session, outbox, jump stand-ins) is 404 JSON,
 * whatever the method, so nothing of the sandbox can be reached or mistaken for a page.
 */
import type { FastifyPluginCallback } from 'fastify';
import { json } from '../http';

export interface ClosedOptions {
  /** prefixes without a trailing slash (/sandbox): the prefix itself and everything under it */
  prefixes: readonly string[];
}

const closed: FastifyPluginCallback<ClosedOptions> = (app, options, done) => {
  for (const prefix of options.prefixes) {
    for (const url of [prefix, `${prefix}/*`]) {
      app.all(url, (_req, reply) => json(reply, 404, { error: 'Not found' }));
    }
  }
  done();
};

export default closed;
