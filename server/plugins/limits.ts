/**
 * Rate limits, shared with fastify-plugin: @fastify/rate-limit is registered once for the whole server
 * (never global: a route opts in with `config.rateLimit`), and `app.rateLimits` says how many requests per
 * minute each limited kind of request may make, so the route families read one configuration.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/** Requests per minute per client (the session for the issue log, the address otherwise). */
export interface RateLimits {
  signIn: number;
  issueLog: number;
  cspReport: number;
  /** the pre-auth application key endpoint, per address */
  applicationKey: number;
}

export const DEFAULT_RATE_LIMITS: Readonly<RateLimits> = {
  signIn: 300,
  issueLog: 300,
  cspReport: 60,
  applicationKey: 600,
};

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: Readonly<RateLimits>;
  }
}

export interface LimitsOptions {
  rateLimits?: Partial<RateLimits>;
}

const limits: FastifyPluginAsync<LimitsOptions> = async (app, options) => {
  await app.register(fastifyRateLimit, { global: false });
  app.decorate('rateLimits', Object.freeze({ ...DEFAULT_RATE_LIMITS, ...options.rateLimits }));
};

export default fp(limits, { name: 'portal-limits', fastify: '5.x' });
