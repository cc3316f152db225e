/**
 * The stand-ins for the provider's sites the portal jumps out to (/sandbox/jump/<name>): the bill payment
 * and payment-plan sites read the token this session was handed (session-view.ts keeps them) and their Pay
 * and Set up forms change that session's account; the others say where a real deployment would go.
 *
 * The forms are plain HTML (form-urlencoded): their scope parses nothing else, takes small bodies only, and
 * refuses a post from another origin.
 */
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { BODY_LIMITS } from '../server/fastify';
import { bodyOf, html, refuseCrossSite, splitUrl } from '../server/http';
import {
  arrangedPage,
  jumpPage,
  messagePage,
  paidPage,
  payBillPage,
  paymentPlanPage,
  type TokenView,
} from './pages';
import { arrangePlanWithToken, isSignedIn, payWithToken } from './session-view';

export interface JumpOptions {
  /** the sandbox's clock (a payment is dated today) */
  today: () => Date;
}

const asPage = (message: string): string => messagePage('Refused', message);

/** What a stand-in site shows of the token in its address, when this session was handed it for `kind`. */
function tokenView(req: FastifyRequest, kind: 'jump-out' | 'payment-plan'): TokenView | null {
  const token = splitUrl(req.url).query.get('token') ?? '';
  const s = req.sandboxSession;
  const kept = isSignedIn(s) ? s.jumpTokens.get(token) : undefined;
  return kept && kept.kind === kind ? { token, attributes: kept.attributes } : null;
}

const postedToken = (req: FastifyRequest): string => {
  const v = bodyOf(req).token;
  return typeof v === 'string' ? v : '';
};

const jumpRoutes: FastifyPluginCallback<JumpOptions> = (app, options, done) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMITS.faults },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get('/sandbox/jump/payBill', (req, reply) => {
    const view = tokenView(req, 'jump-out');
    const accountNumber = splitUrl(req.url).query.get('accountNumber') ?? '';
    return html(reply, view ? 200 : 404, payBillPage(view, accountNumber));
  });
  app.post('/sandbox/jump/payBill', (req, reply) => {
    if (refuseCrossSite(req, reply, asPage)) return reply;
    const s = req.sandboxSession;
    const paid = isSignedIn(s) ? payWithToken(s, postedToken(req), options.today()) : null;
    return paid ? html(reply, 200, paidPage(paid)) : html(reply, 404, payBillPage(null, ''));
  });

  app.get('/sandbox/jump/paymentPlan', (req, reply) => {
    const view = tokenView(req, 'payment-plan');
    return html(reply, view ? 200 : 404, paymentPlanPage(view, splitUrl(req.url).query.get('token') ?? ''));
  });
  app.post('/sandbox/jump/paymentPlan', (req, reply) => {
    if (refuseCrossSite(req, reply, asPage)) return reply;
    const s = req.sandboxSession;
    const token = postedToken(req);
    const arranged = isSignedIn(s) ? arrangePlanWithToken(s, token) : null;
    return arranged
      ? html(reply, 200, arrangedPage(arranged.accountNumber))
      : html(reply, 404, paymentPlanPage(null, token));
  });

  app.get<{ Params: { name: string } }>('/sandbox/jump/:name', (req, reply) => {
    const page = /^[A-Za-z]+$/.test(req.params.name)
      ? jumpPage(req.params.name, splitUrl(req.url).query)
      : undefined;
    if (page) return html(reply, 200, page);
    return html(reply, 404, messagePage('Not found', `The sandbox has no page ${splitUrl(req.url).path}.`));
  });
  done();
};

export default jumpRoutes;
