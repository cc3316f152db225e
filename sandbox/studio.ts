/**
 * The rule studio's server side (/studio/api/*, docs/contracts.md "Rule studio"): who is an analyst
 * (config/studio.json), the live rules and their history (a git repository of RULES_DIR, studio-repo.ts),
 * saving, approving, withdrawing and restoring changes, the personas' bodies for the preview, and the
 * per-analyst draft the portal is opened with (/rules/draft/bundle.json, /rules/draft/<file>).
 *
 * The browser is never trusted: every call needs an analyst's session (a customer's gets 403), every write
 * the session's CSRF token in X-CSRF-Token besides the cross-site refusal, and every change is checked
 * again here with rules:check's validator and analysis and the rule cases before it is recorded and again
 * before it goes live.
 */
import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ajv } from 'ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkRules, type CheckContext } from '../src/engine/check';
import { DECISIONS, ruleFileOf } from '../src/engine/decisions';
import { DECISION_BODIES } from '../src/engine/persona-decide';
import type { Rulesets } from '../src/engine/types';
import { formatIssue, validateRuleset } from '../src/engine/validate';
import { isoDate, personaResponses, type Persona } from './personas';
import type { RulesBundle } from './rules';
import type { Session } from './session';
import { RepoError, RulesRepo, type CommitInfo, type Person } from './studio-repo';

export interface Analyst extends Person {
  id: string;
}

export interface StudioConfig {
  requireApproval: boolean;
  analysts: Analyst[];
}

/** Body limit of a studio write: a whole draft (every rule and case file) fits with room to spare. */
export const STUDIO_BODY_LIMIT = 2 * 1024 * 1024;

const repoRoot = resolve(import.meta.dirname, '..');

/** config/studio.json, validated; a broken file stops the server with its reason. */
export function readStudioConfig(path = join(repoRoot, 'config', 'studio.json')): StudioConfig {
  const schema = JSON.parse(
    readFileSync(join(repoRoot, 'schemas', 'studio-config.schema.json'), 'utf8'),
  ) as object;
  const json = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  const validate = new Ajv({ allErrors: true, strict: false }).compile<StudioConfig>(schema);
  if (!validate(json)) {
    throw new Error(
      `${path}: ${(validate.errors ?? []).map((e) => `${e.instancePath || '(top)'} ${e.message ?? ''}`).join('; ')}`,
    );
  }
  const ids = json.analysts.map((a) => a.id);
  if (new Set(ids).size !== ids.length) throw new Error(`${path}: analyst ids must be unique`);
  return json;
}

export interface StudioDeps {
  app: FastifyInstance;
  config: StudioConfig;
  repo: RulesRepo;
  personas: readonly Persona[];
  today: () => Date;
  sessionOf: (req: FastifyRequest) => Session | undefined;
  /** The cross-site refusal of the rest of the server; true when it answered. */
  refuseCrossSite: (req: FastifyRequest, reply: FastifyReply) => boolean;
  /** The live rule file's entry as served (last valid version). */
  liveRule: (name: string) => unknown;
  /** The live bundle as served at /rules/bundle.json. */
  liveBundle: () => RulesBundle;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const json = (reply: FastifyReply, status: number, body: unknown): FastifyReply =>
  reply.code(status).header('Cache-Control', 'no-store').send(body);

/** What the checks of the CLI need from the code (scanned once, on first use: the code does not change). */
let context: Promise<CheckContext> | undefined;
const checkContext = (): Promise<CheckContext> =>
  (context ??= import('../lib/rules-files').then((m) => m.checkContext()));

/** A rule file at the top of the folder (a decision's file), as opposed to cases/ and other folders. */
const isRuleFile = (path: string): boolean => !path.includes('/') && path.endsWith('.json');

/**
 * rules:check and the rule cases on the whole set of files as it would be live; throws a RepoError (422)
 * listing every problem in the CLI's words.
 */
export async function checkFiles(files: Readonly<Record<string, string>>): Promise<void> {
  const rules = Object.fromEntries(Object.entries(files).filter(([p]) => isRuleFile(p)));
  const checked = checkRules(rules, await checkContext());
  const problems = checked.errors.map(formatIssue);
  if (problems.length === 0) {
    const cases = await import('../lib/rule-cases');
    const caseTexts = Object.fromEntries(
      Object.entries(files)
        .filter(([p]) => p.startsWith('cases/'))
        .map(([p, t]) => [p.slice('cases/'.length), t]),
    );
    const loaded = cases.checkCaseTexts(caseTexts);
    problems.push(...loaded.issues.map(cases.formatCaseIssue));
    const rulesets = Object.fromEntries(
      DECISIONS.map((d) => [d.id, checked.parsed[ruleFileOf(d.id)]]),
    ) as Rulesets;
    const results = await cases.runCases(rulesets, loaded);
    for (const r of results.filter((x) => x.failures.length > 0)) {
      problems.push(`${r.file}, case ${r.ref} fails: expected ${r.expected}, got ${r.got}`);
    }
  }
  if (problems.length > 0) {
    const error = new RepoError(
      422,
      `Refused: ${problems.length} problem${problems.length === 1 ? '' : 's'}`,
    );
    (error as RepoError & { problems?: string[] }).problems = problems;
    throw error;
  }
}

/** The trailers a change carries: its impact figures, as JSON on one line (at most 4 KB). */
function impactTrailer(impact: unknown): Record<string, string> {
  if (impact === undefined || impact === null) return {};
  const text = JSON.stringify(impact);
  if (!isObject(impact) || text.length > 4096)
    throw new RepoError(400, 'impact must be an object of at most 4 KB');
  return { Impact: text };
}

export function registerStudio(deps: StudioDeps): void {
  const { app, config, repo } = deps;
  const analystOf = (id: string | undefined): Analyst | undefined => config.analysts.find((a) => a.id === id);
  const byEmail = (c: CommitInfo): string | undefined =>
    config.analysts.find((a) => a.email === c.author.email)?.id;

  /** The analyst of this request, or the 403 already sent. */
  function analyst(req: FastifyRequest, reply: FastifyReply): { who: Analyst; session: Session } | null {
    const session = deps.sessionOf(req);
    const who = analystOf(session?.analyst);
    if (!session || !who) {
      void json(reply, 403, { error: 'The rule studio is for analysts: sign in as an analyst' });
      return null;
    }
    return { who, session };
  }

  /** Same as analyst(), for a write: also the cross-site refusal and the CSRF token. */
  function writer(req: FastifyRequest, reply: FastifyReply): { who: Analyst; session: Session } | null {
    if (deps.refuseCrossSite(req, reply)) return null;
    const a = analyst(req, reply);
    if (!a) return null;
    const sent = req.headers['x-csrf-token'];
    const expected = Buffer.from(a.session.csrf ?? '');
    const given = Buffer.from(typeof sent === 'string' ? sent : '');
    if (expected.length === 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      void json(reply, 403, { error: 'Missing or wrong X-CSRF-Token: reload the studio' });
      return null;
    }
    return a;
  }

  const fail = (reply: FastifyReply, e: unknown): FastifyReply => {
    if (e instanceof RepoError) {
      const problems = (e as RepoError & { problems?: string[] }).problems;
      return json(reply, e.status, { error: e.message, ...(problems ? { problems } : {}) });
    }
    throw e;
  };

  const reasonOf = (body: Record<string, unknown>): string => {
    const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
    if (reason.length < 3 || reason.length > 500 || /[\r\n]/.test(reason)) {
      throw new RepoError(
        400,
        "Say why in one line (3 to 500 characters): the reason is the change's record",
      );
    }
    return reason;
  };

  const filesOf = (body: Record<string, unknown>): Record<string, string> => {
    if (!isObject(body.files)) throw new RepoError(400, 'files: the new text of each file the change makes');
    const out: Record<string, string> = {};
    for (const [path, text] of Object.entries(body.files)) {
      if (typeof text !== 'string') throw new RepoError(400, `files.${path.slice(0, 100)} must be text`);
      out[path] = text;
    }
    return out;
  };

  {
    const scope = app;
    scope.get('/studio/api/session', (req, reply) => {
      const a = analyst(req, reply);
      if (!a) return reply;
      return json(reply, 200, {
        analyst: { id: a.who.id, name: a.who.name },
        csrfToken: a.session.csrf,
        requireApproval: config.requireApproval,
        analysts: config.analysts.map((x) => ({ id: x.id, name: x.name })),
        previewPersona: a.session.persona?.id ?? null,
      });
    });

    scope.get('/studio/api/rules', async (req, reply) => {
      if (!analyst(req, reply)) return reply;
      const live = await repo.live();
      return json(reply, 200, { ...live, context: await checkContext(), today: isoDate(deps.today()) });
    });

    scope.get('/studio/api/personas', (req, reply) => {
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

    // An earlier version's files (what a restore would make live), for the impact of a restore.
    scope.get<{ Params: { id: string } }>('/studio/api/versions/:id', async (req, reply) => {
      if (!analyst(req, reply)) return reply;
      try {
        return json(reply, 200, { id: req.params.id, files: await repo.version(req.params.id) });
      } catch (e) {
        return fail(reply, e);
      }
    });

    scope.get('/studio/api/changes', async (req, reply) => {
      if (!analyst(req, reply)) return reply;
      const pending = await repo.pending();
      return json(reply, 200, { pending: pending.map((c) => ({ ...c, authorId: byEmail(c) ?? null })) });
    });

    scope.get('/studio/api/history', async (req, reply) => {
      if (!analyst(req, reply)) return reply;
      const history = await repo.history();
      return json(reply, 200, { history: history.map((c) => ({ ...c, authorId: byEmail(c) ?? null })) });
    });

    const writeOptions = { bodyLimit: STUDIO_BODY_LIMIT };

    scope.post('/studio/api/changes', writeOptions, async (req, reply) => {
      const a = writer(req, reply);
      if (!a) return reply;
      try {
        const body = isObject(req.body) ? req.body : {};
        const base = typeof body.base === 'string' ? body.base : '';
        const result = await repo.propose({
          author: a.who,
          reason: reasonOf(body),
          base,
          files: filesOf(body),
          trailers: impactTrailer(body.impact),
          requireApproval: config.requireApproval,
          check: checkFiles,
        });
        return json(reply, 201, result);
      } catch (e) {
        return fail(reply, e);
      }
    });

    scope.post('/studio/api/restore', writeOptions, async (req, reply) => {
      const a = writer(req, reply);
      if (!a) return reply;
      try {
        const body = isObject(req.body) ? req.body : {};
        const version = typeof body.version === 'string' ? body.version : '';
        const live = await repo.live();
        const files = await repo.version(version);
        const result = await repo.propose({
          author: a.who,
          reason: reasonOf(body),
          base: live.commit,
          files,
          kind: 'restore',
          trailers: { Restores: version, ...impactTrailer(body.impact) },
          requireApproval: config.requireApproval,
          check: checkFiles,
        });
        return json(reply, 201, result);
      } catch (e) {
        return fail(reply, e);
      }
    });

    scope.post<{ Params: { id: string } }>('/studio/api/changes/:id/approve', async (req, reply) => {
      const a = writer(req, reply);
      if (!a) return reply;
      try {
        const id = await repo.approve(req.params.id, a.who, byEmail, checkFiles);
        return json(reply, 200, { id });
      } catch (e) {
        return fail(reply, e);
      }
    });

    scope.post<{ Params: { id: string } }>('/studio/api/changes/:id/withdraw', async (req, reply) => {
      const a = writer(req, reply);
      if (!a) return reply;
      try {
        await repo.withdraw(req.params.id);
        return json(reply, 200, { withdrawn: req.params.id });
      } catch (e) {
        return fail(reply, e);
      }
    });

    /**
     * Opens the portal as a persona with the draft's rules, for this analyst alone: the draft's rule files
     * are kept on the analyst's session and served at /rules/draft/<file>; the session is signed in as the
     * persona (fresh data) so /home and /home?rules=draft show that customer's home under live and draft.
     */
    scope.post('/studio/api/preview', writeOptions, (req, reply) => {
      const a = writer(req, reply);
      if (!a) return reply;
      const body = isObject(req.body) ? req.body : {};
      const persona = deps.personas.find((p) => p.id === body.persona);
      if (!persona) return json(reply, 400, { error: 'persona: the id of a sandbox persona' });
      const draft: Record<string, unknown> = {};
      const problems: string[] = [];
      for (const [name, text] of Object.entries(isObject(body.files) ? body.files : {})) {
        if (!isRuleFile(name) || typeof text !== 'string') continue;
        let parsed: unknown;
        try {
          parsed = JSON.parse(text) as unknown;
        } catch {
          problems.push(`rules/${name} is not valid JSON`);
          continue;
        }
        const errors = validateRuleset(`rules/${name}`, parsed).filter((i) => i.severity !== 'warning');
        if (errors.length > 0) problems.push(...errors.map(formatIssue));
        else draft[name] = parsed;
      }
      if (problems.length > 0) return json(reply, 422, { error: 'The draft has errors', problems });
      a.session.draft = draft;
      a.session.persona = persona;
      a.session.ownAccounts = new Map();
      a.session.accountIndex = 0;
      return json(reply, 200, { persona: persona.id, live: '/home', draft: '/home?rules=draft' });
    });
  }

  // The draft's rule files, for the analyst's own session; the live file where the draft does not differ.
  app.get<{ Params: { name: string } }>('/rules/draft/:name', (req, reply) => {
    const session = deps.sessionOf(req);
    if (!analystOf(session?.analyst)) return json(reply, 403, { error: 'Draft rules are for analysts' });
    const name = req.params.name;
    if (name === 'bundle.json') {
      // The portal's one request (src/engine/load.ts): the live bundle with the draft's files in it.
      const bundle = deps.liveBundle();
      for (const [file, rules] of Object.entries(session?.draft ?? {}))
        if (file in bundle.files) bundle.files[file] = { status: 'valid', rules };
      return json(reply, 200, bundle);
    }
    const rules = session?.draft?.[name] ?? deps.liveRule(name);
    if (rules === undefined) return json(reply, 404, { error: `No rule file ${name}` });
    return json(reply, 200, rules);
  });
}
