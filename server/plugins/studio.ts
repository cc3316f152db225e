/**
 * The rule studio's routes in a scope of their own: the analysts' sign-in (/studio/auth/*, through OpenID
 * Connect, server/analyst-auth.ts) and the studio itself (/studio/api/*, /rules/draft/*; server/studio/studio.ts
 * registers them) with lenient JSON bodies, compressed answers, the server's sessions and cross-site refusal,
 * and the live rules as the rules plugin serves them.
 */
import type { FastifyPluginAsync } from 'fastify';
import { registerAnalystAuth, type AnalystAuthDeps, type OidcSettings } from '../analyst-auth';
import type { Persona } from '../personas';
import { registerStudio, type StudioConfig, type StudioDeps } from '../studio/studio';
import { createStudioChecker, type CheckEnded, type StudioChecker } from '../studio/studio-check';
import type { RulesRepo } from '../studio/studio-repo';
import { CompressedVersions, sendCompressedJson } from '../compressed';
import { ownOrigin, refuseCrossSite } from '../http';
import { compressJson, prepareJsonScope } from '../json-scope';
import type { RulesBundle, RulesCache } from '../rules-cache';

export interface StudioOptions {
  config: StudioConfig;
  repo: RulesRepo;
  rules: RulesCache;
  personas: readonly Persona[];
  today: () => Date;
  /** the built app, whose index.html the studio's page is */
  distDir: string;
  /** the checks in worker threads (made here when not given, and ended with the server) */
  checker?: StudioChecker;
  /** told how each check of the checker ended, time-outs and aborts included (the server's metrics) */
  onCheckEnded?: (ended: CheckEnded) => void;
  /** the analysts' identity provider; without it nobody signs in to the studio */
  oidc?: OidcSettings;
  /** told how each call to the identity provider ended (the server's metrics) */
  onProviderCall?: AnalystAuthDeps['onProviderCall'];
  /** where a preview signs the browser in as a persona (PREVIEW_SIGN_IN_URL), see StudioDeps */
  previewSignIn?: { url: string; redirectParam: string };
  /** this server's counts of a rollout's homes per side (server/rollout-metrics.ts) */
  rolloutEffect?: StudioDeps['rolloutEffect'];
}

const studio: FastifyPluginAsync<StudioOptions> = async (app, options) => {
  const { rules, config } = options;
  // The checks' threads: a test's own checker, or this server's; whichever it is, each check's end is told.
  const checker =
    options.checker ?? createStudioChecker({ timeoutMs: options.repo.requestTimeoutMs, log: app.log });
  const counted = (_id: number, ended: CheckEnded): void => options.onCheckEnded?.(ended);
  checker.events.on('end', counted);
  app.addHook('onClose', async () => {
    checker.events.off('end', counted);
    if (!options.checker) await checker.close();
  });
  // The sign-in's pages and its sign-out form: no JSON bodies in this scope.
  await app.register(async (auth) => {
    await compressJson(auth);
    registerAnalystAuth(auth, {
      ...(options.oidc ? { oidc: options.oidc } : {}),
      ...(options.onProviderCall ? { onProviderCall: options.onProviderCall } : {}),
      sessions: app.sessions,
      sessionOf: (req) => req.portalSession,
      setSessionCookie: (_req, reply, session) => void reply.setSessionCookie(session),
      clearSessionCookie: (_req, reply) => void reply.clearSessionCookie(),
      secure: (req) => req.cookiesSecure,
      ownOrigin,
      refuseCrossSite: (req, reply) => refuseCrossSite(req, reply),
      signInRate: app.rateLimits.signIn,
    });
  });
  const drafts = new CompressedVersions(8);
  await app.register(async (api) => {
    await prepareJsonScope(api);
    registerStudio({
      app: api,
      config,
      repo: options.repo,
      personas: options.personas,
      today: options.today,
      distDir: options.distDir,
      checker,
      sessionOf: (req) => req.portalSession,
      ...(options.previewSignIn ? { previewSignIn: options.previewSignIn } : {}),
      ...(options.rolloutEffect ? { rolloutEffect: options.rolloutEffect } : {}),
      refuseCrossSite: (req, reply) => refuseCrossSite(req, reply),
      liveRule: (name) => {
        const entry = rules.entry(name);
        return entry && entry.status !== 'unavailable' ? entry.rules : undefined;
      },
      liveBundle: () => JSON.parse(rules.bundle()) as RulesBundle,
      // Analysts' drafts: each compressed once, a few kept (a preview reloads its draft many times).
      sendBundle: (req, reply, text) => sendCompressedJson(req, reply, drafts, text, 'private, no-cache'),
    });
  });
};

export default studio;
