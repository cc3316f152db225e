import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { describeError } from '../../server/plugins/errors';
import { appWith } from './harness';

let app: FastifyInstance;
const logged: string[] = [];
const stream = new PassThrough().on('data', (c: Buffer) => logged.push(c.toString()));

beforeAll(async () => {
  app = await appWith(
    (root) => {
      void root.register((scope, _o, done) => {
        scope.post('/echo', { bodyLimit: 32 }, (req, reply) => reply.send(req.body));
        scope.get('/bug', () => {
          throw new Error('secret detail');
        });
        scope.get('/teapot', () => {
          throw Object.assign(new Error('I am a teapot'), { statusCode: 418 });
        });
        done();
      });
    },
    { logger: { level: 'error', stream } },
  );
});
afterAll(() => app.close());

describe('the errors plugin (inherited by every route family)', () => {
  it('names the body limit of the route when a body is too large', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(100) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Request body too large: at most 32 bytes here' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('says what is wrong with a body that is not JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/^Bad request body: /);
  });

  it('answers a bug with a plain 500 that does not say what went wrong, and keeps serving', async () => {
    const res = await app.inject('/bug');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret detail');
    expect(res.json()).toEqual({ error: 'Server error' });
    // The log has it, with the request's id.
    const line = JSON.parse(logged.join('').trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    expect(line).toMatchObject({ msg: 'request failed', reqId: res.headers['x-request-id'] });
    expect(line.err).toMatchObject({ message: 'secret detail' });
    expect((await app.inject('/teapot')).statusCode).toBe(418);
  });

  it('keeps a client error its status and message', () => {
    expect(describeError({ message: 'nope', statusCode: 404 }, undefined)).toEqual({
      status: 404,
      message: 'nope',
    });
    expect(
      describeError({ message: 'x', code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 }, undefined),
    ).toEqual({ status: 413, message: 'Request body too large: at most 65536 bytes here' });
  });
});
