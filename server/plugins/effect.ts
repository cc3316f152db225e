/**
 * POST /effect: what a customer did with a section of the home (a tap on its action, the close of its alert,
 * the flow it started completed),
 * and the homes the browser showed that the server did not render (after a navigation), reported by the page
 * itself (src/stores/section-actions.ts, a beacon to the same origin) for a rollout's
 * live effect (issue 32 item 2, docs/decisions/044). The account is placed in each rollout and only its side
 * is counted (server/rollout-metrics.ts); the number is neither kept nor logged. Like /vitals: a small body,
 * rate-limited per client, refused from another site; a body that is not a sane report is answered 400.
 */
import type { FastifyPluginCallback } from 'fastify';
import { parseSectionAction, EFFECT_URL, type SectionAction } from '../../src/engine/rollout-effect';
import { SECTIONS } from '../../src/engine/declarations/home';
import type { Placement } from '../../src/engine/rollout';
import { bodyOf, refuseCrossSite } from '../http';
import { useLenientJson } from '../json-scope';

/** Bytes: a tap is about 80, a home's sections a few hundred. */
export const EFFECT_BODY_LIMIT = 2 * 1024;
/** Reports per minute per client: a customer taps a few times a page. */
export const EFFECT_PER_MINUTE = 120;

export interface EffectOptions {
  /** every rollout's placement of an account */
  place: (account: string) => Placement[];
  /** counts one action per placement (the account enters the distinct customers' sketches, hashed) */
  acted: (placements: readonly Placement[], section: string, action: SectionAction, account: string) => void;
  /** counts a home the browser showed, as the server counts those it renders */
  shown: (placements: readonly Placement[], sections: readonly string[], account: string) => void;
}

const sections: ReadonlySet<string> = new Set(SECTIONS);

const effect: FastifyPluginCallback<EffectOptions> = (app, { place, acted, shown }, done) => {
  // sendBeacon posts a string as text/plain: the body is read as JSON whatever its type.
  useLenientJson(app);
  app.post(
    EFFECT_URL,
    {
      bodyLimit: EFFECT_BODY_LIMIT,
      config: { rateLimit: { max: EFFECT_PER_MINUTE, timeWindow: 60_000 } },
    },
    (req, reply) => {
      if (refuseCrossSite(req, reply)) return reply;
      const report = parseSectionAction(bodyOf(req), sections);
      if (typeof report === 'string')
        return reply
          .code(400)
          .header('Cache-Control', 'no-store')
          .send({ error: `Report refused: ${report}` });
      const placements = place(report.accountNumber);
      if (placements.length > 0) {
        if ('home' in report) shown(placements, report.home, report.accountNumber);
        else acted(placements, report.section, report.action, report.accountNumber);
      }
      return reply.code(204).send();
    },
  );
  done();
};

export default effect;
