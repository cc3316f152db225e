/**
 * The portal as it runs, in one test process: the sandbox (the stand-in Orch, listening on loopback) and the
 * portal server in front of it, whose upstream proxy takes /Orch, /preauth and /sandbox there, as
 * `npm start` does with two processes. What a test reaches through `base` walks production's path.
 */
import { createPortalServer, type PortalOptions, type PortalServer } from '../../server/app';
import type { AnalystIdentity } from '../../server/analyst-auth';
import { SESSION_COOKIE } from '../../server/plugins/sessions';
import { readSandboxAnalysts } from '../../sandbox/analysts';
import { createSandboxServer, type SandboxOptions, type SandboxServer } from '../../sandbox/server';
import { createStudioChecker, type StudioChecker } from '../../server/studio/studio-check';

export interface RunningPortal {
  portal: PortalServer;
  sandbox: SandboxServer;
  /** the portal's address: what a browser opens */
  base: string;
  /** the sandbox's own address (the portal's upstream) */
  upstream: string;
  close(): Promise<void>;
}

export type StartPortalOptions = Partial<Omit<PortalOptions, 'upstream'>> & { sandbox?: SandboxOptions };

/**
 * The studio's checks, shared by every portal a test process starts (issue 33): a check's answer depends only
 * on the files it is given (and the code, the same for all), so one warm worker thread serves them all. A
 * fresh thread's first check loads the rule cases and the personas and runs every case, 5 to 7 s here, which
 * each test file's portals paid again and again. Never closed: the test process ends it. A test that
 * watches a checker's events, or its life, passes its own.
 */
let shared: StudioChecker | undefined;
export const sharedChecker = (): StudioChecker => (shared ??= createStudioChecker());

export async function startPortal(options: StartPortalOptions = {}): Promise<RunningPortal> {
  const { sandbox: sandboxOptions, ...rest } = options;
  const portalOptions = { ...rest, studio: { checker: sharedChecker(), ...rest.studio } };
  const sandbox = createSandboxServer(sandboxOptions ?? {});
  const upstream = await sandbox.listen(0);
  const portal = createPortalServer({
    upstream,
    onRulesProblem: () => undefined,
    // As `npm start` configures it (server/config.ts): a preview signs in at the sandbox's sign-in.
    previewSignInUrl: '/sandbox/signin?persona=',
    ...portalOptions,
  });
  const base = await portal.listen(0);
  return {
    portal,
    sandbox,
    base,
    upstream,
    close: async () => {
      await portal.close();
      await sandbox.close();
    },
  };
}

const SANDBOX_ANALYSTS = readSandboxAnalysts();

/**
 * One of the sandbox's analysts (sandbox/analysts.json) as its identity provider's ID token describes them
 * (subject, name, email; the roles it gives, or those asked for).
 */
export function analystIdentity(id: string, roles: Partial<AnalystIdentity['roles']> = {}): AnalystIdentity {
  const a = SANDBOX_ANALYSTS.find((x) => x.id === id);
  const has = (role: 'author' | 'approver'): boolean => !a?.roles || a.roles.includes(role);
  return {
    id,
    name: a?.name ?? id,
    email: a?.email ?? `${id}@provider.example`,
    roles: { author: has('author'), approver: has('approver'), ...roles },
  };
}

/**
 * An analyst's session cookie (`studio_sid=...`), as the OpenID Connect sign-in would leave it: for tests of
 * what an analyst does, not of how they sign in (test/sandbox/analyst-auth.test.ts and the browser tests
 * walk the sign-in itself).
 */
export function analystCookie(portal: PortalServer, identity: AnalystIdentity): string {
  const session = portal.sessions.signInAnalyst(undefined, identity);
  return `${SESSION_COOKIE}=${session.id}`;
}
