/**
 * The rule studio's server side (/studio and /studio/api/*, docs/contracts.md "Rule studio"): the live
 * rules and their history (a git repository of RULES_DIR, studio-repo.ts), saving, reviewing (approve,
 * send back, withdraw), scheduling, restoring and reverting changes, the personas' bodies for the preview,
 * and the per-analyst draft the portal is opened with (/rules/draft/bundle.json, /rules/draft/<file>).
 *
 * The browser is never trusted: every call needs an analyst (`analystOf`, analyst-auth.ts: the identity
 * provider's or the sandbox's; a customer gets 403), every write the session's CSRF token in X-CSRF-Token besides the cross-site refusal, and every
 * change is checked again here, in worker threads (studio-check.ts), before it is recorded, before it goes
 * live, and when the folder was edited by hand.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DECISION_BODIES } from '../../src/engine/persona-decide';
import { describeChange } from '../../src/engine/rule-diff';
import { isoDate, isoDateTime, personaResponses, type Persona } from '../personas';
import type { RulesBundle } from '../rules-cache';
import type { AnalystSession as Session } from '../analyst-sessions';
import type { AnalystIdentity, AnalystRoles } from '../analyst-auth';
import { csrfMatches, json, type StudioConfig } from './studio-access';
import { answered, checkAskedBy, type StudioChecker } from './studio-check';
import { isStudioFile, studioFilesOf } from './studio-files';
import { registerStudioPage } from './studio-page';
import { scheduleGoLives } from './studio-schedule';
import { RepoError, RulesRepo, type Check, type CommitInfo } from './studio-repo';
import { isoNow, rolloutStart, shareOf } from './studio-rollouts';
import type { LiveEffect } from '../rollout-metrics';

export { readStudioConfig, type StudioConfig } from './studio-access';

/** What a write answers to an analyst without the role it needs. */
const ROLE_REFUSALS: Readonly<Record<keyof AnalystRoles, string>> = {
  author: 'Your account may not save, restore, revert or withdraw changes: it has no author role',
  approver: 'Your account may not approve changes: it has no approver role',
};

/** Body limit of a studio write: a whole draft (every rule and case file) fits with room to spare. */
export const STUDIO_BODY_LIMIT = 2 * 1024 * 1024;

/** The approver's note for the record: one line of at most this many characters. */
export const NOTE_MAX = 300;

export interface StudioDeps {
  app: FastifyInstance;
  config: StudioConfig;
  repo: RulesRepo;
  personas: readonly Persona[];
  /** The server's clock (SANDBOX_TODAY pins it): the personas' day and when a scheduled change is due. */
  today: () => Date;
  /** A rollout's live effect per side: every server's through Prometheus, or this server's (decision 044). */
  rolloutEffect?: (change: string) => Promise<LiveEffect>;
  sessionOf: (req: FastifyRequest) => Session | undefined;
  /** The built app, whose index.html the studio's page is. */
  distDir: string;
  /** The checks in worker threads (plugins/studio.ts makes and closes them, or a test passes its own). */
  checker: StudioChecker;
  /**
   * Where the preview signs the browser in as a persona (PREVIEW_SIGN_IN_URL: the sandbox's sign-in stand-in,
   * `/sandbox/signin?persona=`, the persona's id appended); the page to open follows as `redirectParam`.
   * Without it the preview opens the portal as whichever customer the analyst's browser is signed in as.
   */
  previewSignIn?: { url: string; redirectParam: string };
  /** The cross-site refusal of the rest of the server; true when it answered. */
  refuseCrossSite: (req: FastifyRequest, reply: FastifyReply) => boolean;
  /** The live rule file's entry as served (last valid version). */
  liveRule: (name: string) => unknown;
  /** The live bundle as served at /rules/bundle.json. */
  liveBundle: () => RulesBundle;
  /** Sends a bundle's JSON text (compressed once per version, server/compressed.ts); default plain JSON. */
  sendBundle?: (req: FastifyRequest, reply: FastifyReply, text: string) => Promise<FastifyReply>;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A rule file at the top of the folder (a decision's file), as opposed to cases/ and other folders. */
const isRuleFile = (path: string): boolean => !path.includes('/') && path.endsWith('.json');

/** The trailers a change carries: its impact figures, as JSON on one line (at most 4 KB). */
function impactTrailer(impact: unknown): Record<string, string> {
  if (impact === undefined || impact === null) return {};
  const text = JSON.stringify(impact);
  if (!isObject(impact) || text.length > 4096)
    throw new RepoError(400, 'impact must be an object of at most 4 KB');
  return { Impact: text };
}

/** Control characters (but tab) and the marks that reorder text on screen: never part of a recorded line. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it removes
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
/** Marks that reorder text on screen or hide in it (bidi overrides, zero widths). */
const MARKS = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
/** A line as it is recorded: no control characters, no hidden marks, tabs as spaces, trimmed. */
const recorded = (raw: string): string =>
  raw.replace(CONTROLS, '').replace(MARKS, '').replace(/\t/g, ' ').trim();

/** One line of 3 to 500 characters: a reason, a comment. */
function lineOf(body: Record<string, unknown>, key: string, what: string): string {
  const raw = typeof body[key] === 'string' ? body[key] : '';
  if (/[\r\n\u2028\u2029]/.test(raw.trim()))
    throw new RepoError(400, `Say ${what} in one line (3 to 500 characters)`);
  const text = recorded(raw);
  if (text.length < 3 || text.length > 500)
    throw new RepoError(400, `Say ${what} in one line (3 to 500 characters)`);
  return text;
}

/** The approver's note (who asked for this time, why now): optional, one line of at most 300 characters. */
function noteOf(body: Record<string, unknown>): string | undefined {
  const raw = body.note;
  if (raw === undefined || raw === null) return undefined;
  const refuse = (): never => {
    throw new RepoError(400, `note: one line of at most ${NOTE_MAX} characters`);
  };
  if (typeof raw !== 'string' || /[\r\n\u2028\u2029]/.test(raw.trim())) return refuse();
  const text = recorded(raw);
  if ([...text].length > NOTE_MAX) return refuse();
  return text || undefined;
}

function filesOf(body: Record<string, unknown>): Record<string, string> {
  if (!isObject(body.files)) throw new RepoError(400, 'files: the new text of each file the change makes');
  const out: Record<string, string> = {};
  for (const [path, text] of Object.entries(body.files)) {
    if (typeof text !== 'string') throw new RepoError(400, `files.${path.slice(0, 100)} must be text`);
    out[path] = text;
  }
  return out;
}

/** A go-live time: ISO with a time zone, in the future of the server's clock, within a year. */
function goLiveOf(body: Record<string, unknown>, now: Date): string | undefined {
  const raw = body.goLiveAt;
  if (raw === undefined || raw === null || raw === '') return undefined;
  const at = typeof raw === 'string' && /T.*(Z|[+-]\d{2}:\d{2})$/.test(raw) ? Date.parse(raw) : NaN;
  if (!Number.isFinite(at))
    throw new RepoError(400, 'goLiveAt: a date and time with its time zone (ISO 8601)');
  if (at <= now.getTime())
    throw new RepoError(400, 'The go-live time has passed: choose a later one, or approve for now');
  if (at > now.getTime() + 366 * 86_400_000) throw new RepoError(400, 'Schedule a go-live within a year');
  return new Date(at).toISOString();
}

/** What every group of the studio's routes shares: the checks, who asks, how a write is answered. */
interface StudioContext {
  checker: StudioChecker;
  checkFor: (reply: FastifyReply) => Check;
  analystOf: (req: FastifyRequest) => AnalystIdentity | undefined;
  byEmail: (c: CommitInfo) => string | undefined;
  withAuthor: <T extends CommitInfo>(c: T) => T & { authorId: string | null };
  dueBeforeRead: () => Promise<unknown>;
  analyst: (req: FastifyRequest, reply: FastifyReply) => AnalystIdentity | null;
  writer: (
    req: FastifyRequest,
    reply: FastifyReply,
    role: keyof AnalystRoles,
    refusal?: string,
  ) => AnalystIdentity | null;
  attempt: (reply: FastifyReply, fn: () => Promise<unknown>, status?: number) => Promise<FastifyReply>;
  bodyOf: (req: FastifyRequest) => Record<string, unknown>;
  writeOptions: { bodyLimit: number };
}

/** The studio's shared parts, its page, and its schedule of go-lives (ended with the server). */
function studioContext(deps: StudioDeps): StudioContext {
  const { app, repo, checker } = deps;
  const analystOf = (req: FastifyRequest): AnalystIdentity | undefined =>
    deps.sessionOf(req)?.analystIdentity;
  // A hand edit is checked for what it does to the rules: files the studio does not know (a README of the
  // rules remote) are no rules.
  repo.checkOutside = (files, changed) => {
    const rules = changed.filter(isStudioFile);
    return rules.length === 0 ? Promise.resolve([]) : checker.check(files, rules);
  };
  // Who made a change: the analyst id it records (the identity provider's subject).
  const byEmail = (c: CommitInfo): string | undefined => c.authorId;
  const withAuthor = <T extends CommitInfo>(c: T) => ({ ...c, authorId: byEmail(c) ?? null });

  registerStudioPage(app, deps.distDir);

  const schedule = scheduleGoLives(deps, checker.check);
  // Before a read: what is due goes live first (a go-live that cannot be written now, the rules remote
  // unreachable, waits for the timer; the read answers with what is live).
  const dueBeforeRead = (): Promise<unknown> => schedule.dueNow();
  app.addHook('onClose', (_instance, done) => {
    schedule.stop();
    done();
  });

  /** The analyst of this request, or the 403 already sent. */
  function analyst(req: FastifyRequest, reply: FastifyReply): AnalystIdentity | null {
    const who = analystOf(req);
    if (!who) {
      void json(reply, 403, { error: 'The rule studio is for analysts: sign in as an analyst' });
      return null;
    }
    return who;
  }

  /** Same as analyst(), for a write: also the cross-site refusal, the CSRF token and the role it needs. */
  function writer(
    req: FastifyRequest,
    reply: FastifyReply,
    role: keyof AnalystRoles,
    refusal = ROLE_REFUSALS[role],
  ): AnalystIdentity | null {
    if (deps.refuseCrossSite(req, reply)) return null;
    const who = analyst(req, reply);
    if (!who) return null;
    if (!csrfMatches(req, deps.sessionOf(req))) {
      void json(reply, 403, { error: 'Missing or wrong X-CSRF-Token: reload the studio' });
      return null;
    }
    if (!who.roles[role]) {
      void json(reply, 403, { error: refusal });
      return null;
    }
    return who;
  }

  /** Runs a write: a RepoError is its answer (with every problem), anything else a server error. */
  async function attempt(
    reply: FastifyReply,
    fn: () => Promise<unknown>,
    status = 200,
  ): Promise<FastifyReply> {
    try {
      return json(reply, status, await fn());
    } catch (e) {
      if (e instanceof RepoError)
        return json(reply, e.status, { error: e.message, ...(e.problems ? { problems: e.problems } : {}) });
      throw e;
    }
  }

  const bodyOf = (req: FastifyRequest): Record<string, unknown> => (isObject(req.body) ? req.body : {});
  const writeOptions = { bodyLimit: STUDIO_BODY_LIMIT };

  return {
    checker,
    checkFor: (reply) => checkAskedBy(checker, reply),
    analystOf,
    byEmail,
    withAuthor,
    dueBeforeRead,
    analyst,
    writer,
    attempt,
    bodyOf,
    writeOptions,
  };
}

/** What an analyst reads: the session, the live rules, personas, versions, changes and history. */
function registerReads(deps: StudioDeps, ctx: StudioContext): void {
  const { app, config, repo } = deps;
  const { checker, withAuthor, dueBeforeRead, analyst, attempt } = ctx;
  app.get('/studio/api/session', (req, reply) => {
    const who = analyst(req, reply);
    if (!who) return reply;
    return json(reply, 200, {
      analyst: { id: who.id, name: who.name },
      roles: who.roles,
      csrfToken: deps.sessionOf(req)?.csrf ?? '',
      requireApproval: config.requireApproval,
      previewPersona: deps.sessionOf(req)?.previewPersona ?? null,
    });
  });

  app.get('/studio/api/rules', async (req, reply) => {
    if (!analyst(req, reply)) return reply;
    return attempt(reply, async () => {
      await dueBeforeRead();
      const live = await repo.live();
      // The folder edited by hand into a state the checks refuse: the studio says so as it opens.
      const last = await repo.lastRulesChange();
      const handEdit =
        last?.kind === 'outside' && last.check === 'rejected'
          ? { id: last.id, date: last.author.date, files: last.files, problems: last.problems ?? [] }
          : null;
      const context = await checker.context(answered(reply));
      // The studio's files only: a README or a CI file of the folder is kept, never shown as rules.
      const files = studioFilesOf(live.files);
      checker.warm(files);
      return {
        commit: live.commit,
        files,
        context,
        today: isoDate(deps.today()),
        now: isoDateTime(deps.today()),
        handEdit,
      };
    });
  });

  app.get('/studio/api/personas', (req, reply) => {
    if (!analyst(req, reply)) return reply;
    const raw = (req.query as Record<string, unknown>).date;
    const m = typeof raw === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw) : null;
    // Noon, as the rules tools: a time-zone difference never moves the day.
    const day = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12) : deps.today();
    return json(reply, 200, {
      date: isoDate(day),
      personas: deps.personas.map((p) => ({
        id: p.id,
        description: p.description,
        accounts: p.accounts.map((_, i) => {
          const all = personaResponses(p, { today: day, accountIndex: i }) as unknown as Record<
            string,
            unknown
          >;
          return Object.fromEntries(DECISION_BODIES.map((k) => [k, all[k] ?? null]));
        }),
      })),
    });
  });

  // An earlier version's files (what a restore would make live), with the diff and lines from live to it.
  app.get<{ Params: { id: string } }>('/studio/api/versions/:id', async (req, reply) => {
    if (!analyst(req, reply)) return reply;
    return attempt(reply, async () => {
      const files = studioFilesOf(await repo.version(req.params.id));
      const live = await repo.live();
      return {
        id: req.params.id,
        files,
        lines: describeChange(studioFilesOf(live.files), files),
        diff: await repo.diffTo(live.commit, files),
      };
    });
  });

  app.get('/studio/api/changes', async (req, reply) => {
    if (!analyst(req, reply)) return reply;
    return attempt(reply, async () => {
      await dueBeforeRead();
      const [pending, scheduled] = await Promise.all([repo.pending(), repo.scheduled()]);
      // Off the request, with a rules remote: each pending change saved on another server checked as it would
      // go live, so its approval here finds the answer (one saved here was checked then).
      if (repo.remote) void repo.precheckPending(checker.check).catch(() => undefined);
      return { pending: pending.map(withAuthor), scheduled: scheduled.map(withAuthor) };
    });
  });

  app.get('/studio/api/history', async (req, reply) => {
    if (!analyst(req, reply)) return reply;
    return attempt(reply, async () => {
      await dueBeforeRead();
      const [history, scheduled] = await Promise.all([repo.history(), repo.scheduled()]);
      return { history: history.map(withAuthor), scheduled: scheduled.map(withAuthor) };
    });
  });
}

/** Proposing a change: a new one, a restore of an earlier version, a revert of one live change. */
function registerChanges(deps: StudioDeps, ctx: StudioContext): void {
  const { app, config, repo } = deps;
  const { checkFor, byEmail, analyst, writer, attempt, bodyOf, writeOptions } = ctx;
  app.post('/studio/api/changes', writeOptions, async (req, reply) => {
    const who = writer(req, reply, 'author');
    if (!who) return reply;
    return attempt(
      reply,
      async () => {
        const body = bodyOf(req);
        const replaces = typeof body.replaces === 'string' ? body.replaces : undefined;
        return repo.propose({
          author: who,
          reason: lineOf(body, 'reason', 'why'),
          base: typeof body.base === 'string' ? body.base : '',
          files: filesOf(body),
          trailers: { ...impactTrailer(body.impact), 'Analyst-Id': who.id },
          requireApproval: config.requireApproval,
          check: checkFor(reply),
          ...(replaces ? { replaces: { id: replaces, authorId: byEmail } } : {}),
        });
      },
      201,
    );
  });

  app.post('/studio/api/restore', writeOptions, async (req, reply) => {
    const who = writer(req, reply, 'author');
    if (!who) return reply;
    return attempt(
      reply,
      async () => {
        const body = bodyOf(req);
        const version = typeof body.version === 'string' ? body.version : '';
        const reason = lineOf(body, 'reason', 'why');
        const live = await repo.live();
        return repo.propose({
          author: who,
          reason,
          base: live.commit,
          // The studio's files of that version: other files of the folder (a README) stay as they are.
          files: studioFilesOf(await repo.version(version)),
          kind: 'restore',
          trailers: { Restores: version, ...impactTrailer(body.impact), 'Analyst-Id': who.id },
          requireApproval: config.requireApproval,
          check: checkFor(reply),
        });
      },
      201,
    );
  });

  // What reverting one live change would make live: its files, its lines and its diff (before proposing).
  app.get<{ Params: { id: string } }>('/studio/api/changes/:id/revert', async (req, reply) => {
    if (!analyst(req, reply)) return reply;
    return attempt(reply, async () => {
      const { base, change, files } = await repo.revertFiles(req.params.id);
      const live = studioFilesOf((await repo.live()).files);
      return {
        base,
        change: { id: change.id, reason: change.reason },
        files,
        lines: describeChange(live, { ...live, ...files }, Object.keys(files)),
        diff: await repo.diffTo(base, files),
      };
    });
  });

  app.post('/studio/api/revert', writeOptions, async (req, reply) => {
    const who = writer(req, reply, 'author');
    if (!who) return reply;
    return attempt(
      reply,
      async () => {
        const body = bodyOf(req);
        const id = typeof body.change === 'string' ? body.change : '';
        const reason = lineOf(body, 'reason', 'why');
        const { base, change, files } = await repo.revertFiles(id);
        return repo.propose({
          author: who,
          reason,
          base,
          files,
          kind: 'revert',
          trailers: { Reverts: change.id, ...impactTrailer(body.impact), 'Analyst-Id': who.id },
          requireApproval: config.requireApproval,
          check: checkFor(reply),
        });
      },
      201,
    );
  });
}

/** Reviewing a change: approving it (now or at a time), withdrawing it, sending it back. */
function registerReview(deps: StudioDeps, ctx: StudioContext): void {
  const { app, repo } = deps;
  const { checkFor, byEmail, writer, attempt, bodyOf } = ctx;
  app.post<{ Params: { id: string } }>('/studio/api/changes/:id/approve', async (req, reply) => {
    const who = writer(req, reply, 'approver');
    if (!who) return reply;
    return attempt(reply, async () => {
      const body = bodyOf(req);
      const goLive = goLiveOf(body, deps.today());
      const note = noteOf(body);
      // For a share of accounts (decision 044): a rollout instead of the change live for everyone.
      const share = body.share === undefined || body.share === null ? undefined : shareOf(body);
      const rollout =
        share === undefined
          ? undefined
          : await rolloutStart(repo, req.params.id, share, isoNow(deps.today()), note);
      const id = await repo.approve(req.params.id, who, byEmail, checkFor(reply), goLive, note, rollout);
      return { id, ...(goLive ? { scheduled: goLive } : {}), ...(share !== undefined ? { share } : {}) };
    });
  });

  app.post<{ Params: { id: string } }>('/studio/api/changes/:id/withdraw', async (req, reply) => {
    const who = writer(req, reply, 'author');
    if (!who) return reply;
    return attempt(reply, async () => {
      const reason = lineOf(bodyOf(req), 'reason', 'why you withdraw it');
      await repo.withdraw(req.params.id, who, reason, byEmail);
      return { withdrawn: req.params.id };
    });
  });

  app.post<{ Params: { id: string } }>('/studio/api/changes/:id/send-back', async (req, reply) => {
    const refusal = 'Your account may not send changes back: it has no approver role';
    const who = writer(req, reply, 'approver', refusal);
    if (!who) return reply;
    return attempt(reply, async () => {
      const comment = lineOf(bodyOf(req), 'comment', 'what the author should change');
      await repo.sendBack(req.params.id, who, comment, byEmail);
      return { sentBack: req.params.id };
    });
  });
}

/** The preview: the draft the portal is opened with, for the analyst alone. */
function registerPreview(deps: StudioDeps, ctx: StudioContext): void {
  const { app } = deps;
  const { checker, analystOf, writer, attempt, bodyOf, writeOptions } = ctx;
  /**
   * Opens the portal as a persona with the draft's rules, for this analyst alone: the draft's rule files
   * are kept on the analyst's session and served at /rules/draft/<file>; each frame signs the browser in as
   * the persona where a sign-in for previews is configured (fresh data, through Orch as every customer), so
   * /home and /home?rules=draft show that customer's home under live and draft. A sign-in ends the session
   * before it, so only the live frame signs in: the draft's opens `draftPage` once that one has loaded.
   */
  app.post('/studio/api/preview', writeOptions, async (req, reply) => {
    const who = writer(req, reply, 'author');
    if (!who) return reply;
    const session = deps.sessionOf(req)!;
    const body = bodyOf(req);
    const persona = deps.personas.find((p) => p.id === body.persona);
    if (!persona) return json(reply, 400, { error: 'persona: the id of a sandbox persona' });
    const texts = Object.fromEntries(
      Object.entries(isObject(body.files) ? body.files : {}).filter(
        (e): e is [string, string] => isRuleFile(e[0]) && typeof e[1] === 'string',
      ),
    );
    const checked = await checker.draftRules(texts, answered(reply)).catch((e: Error) => e);
    if (checked instanceof Error) return attempt(reply, () => Promise.reject(checked)); // 503 when late
    const { rules, problems } = checked;
    if (problems.length > 0) return json(reply, 422, { error: 'The draft has errors', problems });
    session.draft = rules;
    session.previewPersona = persona.id;
    const frame = (page: string): string => {
      if (!deps.previewSignIn) return page;
      const { url, redirectParam } = deps.previewSignIn;
      return `${url}${encodeURIComponent(persona.id)}&${redirectParam}=${encodeURIComponent(page)}`;
    };
    const [live, draft, draftPage] = [frame('/home'), frame('/home?rules=draft'), '/home?rules=draft'];
    return json(reply, 200, { persona: persona.id, live, draft, draftPage });
  });

  // The draft's rule files, for the analyst's own session; the live file where the draft does not differ.
  app.get<{ Params: { name: string } }>('/rules/draft/:name', async (req, reply) => {
    if (!analystOf(req)) return json(reply, 403, { error: 'Draft rules are for analysts' });
    const session = deps.sessionOf(req);
    const name = req.params.name;
    if (name === 'bundle.json') {
      // The portal's one request (src/engine/load.ts): the live bundle with the draft's files in it.
      const bundle = deps.liveBundle();
      for (const [file, rules] of Object.entries(session?.draft ?? {}))
        if (file in bundle.files) bundle.files[file] = { status: 'valid', rules };
      return deps.sendBundle ? deps.sendBundle(req, reply, JSON.stringify(bundle)) : json(reply, 200, bundle);
    }
    const rules = session?.draft?.[name] ?? deps.liveRule(name);
    if (rules === undefined) return json(reply, 404, { error: `No rule file ${name}` });
    return json(reply, 200, rules);
  });
}

export function registerStudio(deps: StudioDeps): void {
  const ctx = studioContext(deps);
  registerReads(deps, ctx);
  registerChanges(deps, ctx);
  registerReview(deps, ctx);
  registerPreview(deps, ctx);
  registerRollouts(deps, ctx);
}

/**
 * Gradual rollout (decision 044): the rollouts on main; an approver raises or lowers a share, ends a rollout
 * (everyone back on the live rules) or completes it (the change live for everyone), each with a reason the
 * history keeps beside who set it.
 */
function registerRollouts(deps: StudioDeps, ctx: StudioContext): void {
  const { app, repo } = deps;
  const { checkFor, analyst, writer, attempt, bodyOf } = ctx;
  const refusal = 'Your account may not change a rollout: it has no approver role';
  app.get('/studio/api/rollouts', async (req, reply) => {
    if (!analyst(req, reply)) return reply;
    return attempt(reply, async () => ({ rollouts: await repo.rollouts() }));
  });
  app.get<{ Params: { change: string } }>('/studio/api/rollouts/:change/effect', async (req, reply) => {
    if (!analyst(req, reply)) return reply;
    return attempt(reply, async () =>
      deps.rolloutEffect ? await deps.rolloutEffect(req.params.change.slice(0, 12)) : { sides: null },
    );
  });
  app.post<{ Params: { change: string } }>('/studio/api/rollouts/:change/share', async (req, reply) => {
    const who = writer(req, reply, 'approver', refusal);
    if (!who) return reply;
    return attempt(reply, async () => {
      const body = bodyOf(req);
      const share = shareOf(body);
      const reason = lineOf(body, 'reason', 'why you change the share');
      const id = await repo.setShare(req.params.change, share, who, reason, isoNow(deps.today()));
      return { id, share };
    });
  });
  app.post<{ Params: { change: string } }>('/studio/api/rollouts/:change/end', async (req, reply) => {
    const who = writer(req, reply, 'approver', refusal);
    if (!who) return reply;
    return attempt(reply, async () => {
      const body = bodyOf(req);
      const complete = body.complete === true;
      const reason = lineOf(body, 'reason', complete ? 'why it goes live for everyone' : 'why you end it');
      const id = await repo.endRollout(req.params.change, who, reason, complete, checkFor(reply));
      return { id, ended: true, complete };
    });
  });
}
