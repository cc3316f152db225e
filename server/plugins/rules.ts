/**
 * The rule files at /rules (docs/contracts.md): every decision's file in one request (/rules/bundle.json),
 * each file, the folder's list and each file's status. A file is served as its last valid version
 * (rules-cache.ts): an analyst's broken edit never reaches a browser, and /rules/status says why.
 * Answers are revalidated on every load (weak ETag, no-cache) and compressed; the bundle once per version.
 *
 * With a rules remote (RULES_REMOTE, docs/decisions/033 and 042), this plugin keeps the folder in step with
 * it: the remote's approved version is checked out as the server starts (waited for a few seconds at most:
 * /readyz answers 503 until the first fetch worked, or while the server serves a version it fetched before,
 * and says which), fetched again every `fetchSeconds`, the timer and any git still running end with the
 * server, and /rules/status says which commit is live, whether the remote answered and whether the server
 * is ready. An outage of the remote is logged at warn when it starts and at info when it ends.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyEtag from '@fastify/etag';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { CompressedVersions, sendCompressedJson } from '../compressed';
import { splitUrl } from '../http';
import { compressJson } from '../json-scope';
import { startMaintenance } from '../studio/studio-maintenance';
import type { RulesRepo } from '../studio/studio-repo';
import type { RulesCache } from '../rules-cache';

export interface RulesOptions {
  rules: RulesCache;
  /** the studio's repository of the folder; with a remote, kept in step with it */
  repo?: RulesRepo;
  /** how often the remote is fetched, in seconds (RULES_FETCH_SECONDS, default 5) */
  fetchSeconds?: number;
  /** how long the start waits for the first fetch before it goes on, not ready (default 10 s) */
  firstFetchWaitMs?: number;
}

/** A rule folder's other JSON files are served as they are, by a name that cannot leave the folder. */
const PLAIN_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]*\.json$/;

const rulesRoutes: FastifyPluginAsync<RulesOptions> = async (app, options) => {
  const { rules, repo, fetchSeconds } = options;
  // Where a save that failed after it was saved is told, with a remote or without (studio-store.ts).
  if (repo) {
    repo.log = app.log;
    // Packed when due (no git of the studio packs it on its own): timers ended with the server.
    let stopMaintenance: (() => void) | undefined;
    app.addHook('onReady', (done) => {
      stopMaintenance = startMaintenance(repo);
      done();
    });
    app.addHook('onClose', (_instance, done) => {
      stopMaintenance?.();
      done();
    });
  }
  if (repo?.remote) {
    const remote = repo.remote;
    // The remote's version is in the folder before the server says it is ready (readiness waits for it).
    app.addHook('onReady', async () => {
      const first = (async () => {
        await repo.init();
        await remote.sync().catch(() => undefined);
        // Hand edits of the folder, or the first version of a repository the remote does not have yet.
        await repo.ensure().catch(() => undefined);
      })();
      let timer: NodeJS.Timeout | undefined;
      const wait = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, options.firstFetchWaitMs ?? 10_000);
      });
      await Promise.race([first, wait]);
      clearTimeout(timer);
      repo.startSync((fetchSeconds ?? 5) * 1000);
    });
    app.addHook('onClose', () => repo.stop());
  }
  // A weak ETag over the body: the same version compressed differently is still the same version.
  await app.register(fastifyEtag, { weak: true });
  await compressJson(app);
  const send = (reply: FastifyReply, status: number, body: string): FastifyReply =>
    reply.code(status).header('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(body);

  // The one request of every page load: compressed once per version of the rules (server/compressed.ts).
  const bundles = new CompressedVersions(2);
  app.get('/rules/bundle.json', { compress: false }, (req, reply) =>
    sendCompressedJson(req, reply, bundles, rules.bundle()),
  );
  app.get('/rules/status', async (_req, reply) => {
    const remote = repo?.remote?.status(await repo.liveCommit());
    return send(
      reply,
      200,
      JSON.stringify({
        dir: rules.dir,
        files: rules.status(),
        // The rollouts served (without their files) and why any other file of rollouts/ is not.
        rollouts: rules
          .rollouts()
          .map(({ files, ...rollout }) => ({ ...rollout, files: Object.keys(files) })),
        ...(Object.keys(rules.rolloutProblems()).length > 0
          ? { rolloutProblems: rules.rolloutProblems() }
          : {}),
        ...(remote ? { remote } : {}),
      }),
    );
  });
  app.get('/rules/index.json', (_req, reply) => {
    const files = existsSync(rules.dir)
      ? readdirSync(rules.dir)
          .filter((f) => f.endsWith('.json') && f !== 'index.json')
          .sort()
      : [];
    return send(reply, 200, JSON.stringify({ files }));
  });
  app.get<{ Params: { name: string } }>('/rules/:name', (req, reply) => {
    const { name } = req.params;
    const entry = rules.entry(name);
    if (entry) {
      // The last valid version, as in the bundle; a file that never had one is not served.
      return entry.status === 'unavailable'
        ? send(reply, 404, JSON.stringify({ error: entry.message }))
        : send(reply, 200, JSON.stringify(entry.rules));
    }
    const file = join(rules.dir, name);
    if (!PLAIN_FILE.test(name) || !existsSync(file)) {
      return send(reply, 404, JSON.stringify({ error: `No rule file ${name}` }));
    }
    return send(reply, 200, readFileSync(file, 'utf8'));
  });
  // Anything else under /rules is no rule file (never the portal's page).
  app.all('/rules/*', (req, reply) =>
    req.method === 'GET' || req.method === 'HEAD'
      ? send(reply, 404, JSON.stringify({ error: `No rule file ${splitUrl(req.url).path.slice(7)}` }))
      : reply.code(405).header('Cache-Control', 'no-store').send({ error: 'Method not allowed' }),
  );
};

export default rulesRoutes;
