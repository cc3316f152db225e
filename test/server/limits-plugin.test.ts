import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_RATE_LIMITS } from '../../server/plugins/limits';
import { appWith } from './harness';

let app: FastifyInstance;

beforeAll(async () => {
  app = await appWith(
    (root) => {
      void root.register((scope, _o, done) => {
        // A family opts a route in with the limit the server was configured with.
        scope.get(
          '/limited',
          { config: { rateLimit: { max: scope.rateLimits.signIn, timeWindow: 60_000 } } },
          (_req, reply) => reply.send({ ok: true }),
        );
        scope.get('/free', (_req, reply) => reply.send({ ok: true }));
        done();
      });
    },
    { rateLimits: { signIn: 2 } },
  );
});
afterAll(() => app.close());

describe('the limits plugin (shared by every route family)', () => {
  it('gives every family the configured limits, defaults for the rest', () => {
    expect(app.rateLimits).toEqual({ ...DEFAULT_RATE_LIMITS, signIn: 2 });
  });

  it('limits a route that opts in (429 with Retry-After) and no other', async () => {
    expect((await app.inject('/limited')).statusCode).toBe(200);
    expect((await app.inject('/limited')).statusCode).toBe(200);
    const refused = await app.inject('/limited');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    for (let i = 0; i < 5; i++) expect((await app.inject('/free')).statusCode).toBe(200);
  });
});
