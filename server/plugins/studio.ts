/**
 * The rule studio's routes (/studio/api/*, /rules/draft/*; sandbox/studio.ts registers them) in a scope of
 * their own: lenient JSON bodies, compressed answers, the server's sessions and cross-site refusal, and the
 * live rules as the rules plugin serves them.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Persona } from '../../sandbox/personas';
import { registerStudio, type StudioConfig } from '../../sandbox/studio';
import type { RulesRepo } from '../../sandbox/studio-repo';
import { refuseCrossSite } from '../http';
import { prepareJsonScope } from '../json-scope';
import type { RulesBundle, RulesCache } from '../rules-cache';

export interface StudioOptions {
  config: StudioConfig;
  repo: RulesRepo;
  rules: RulesCache;
  personas: readonly Persona[];
  today: () => Date;
}

const studio: FastifyPluginAsync<StudioOptions> = async (app, options) => {
  await prepareJsonScope(app);
  const { rules } = options;
  registerStudio({
    app,
    config: options.config,
    repo: options.repo,
    personas: options.personas,
    today: options.today,
    sessionOf: (req) => req.portalSession,
    refuseCrossSite: (req, reply) => refuseCrossSite(req, reply),
    liveRule: (name) => {
      const entry = rules.entry(name);
      return entry && entry.status !== 'unavailable' ? entry.rules : undefined;
    },
    liveBundle: () => JSON.parse(rules.bundle()) as RulesBundle,
  });
};

export default studio;
