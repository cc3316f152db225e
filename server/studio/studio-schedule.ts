/**
 * When scheduled changes go live (issue 31 item 2): on the dot of their time by the server's clock, on every
 * server. See scheduleGoLives.
 */
import type { FastifyBaseLogger } from 'fastify';
import { RepoError, type RulesRepo } from './studio-repo';

/**
 * How often the server's clock is compared with the next go-live time (costs nothing: no git). A timer set
 * for that time puts it live on the dot; the tick catches a clock that jumped (SANDBOX_TODAY, tests).
 */
const SCHEDULE_TICK_MS = 1_000;

export interface ScheduleDeps {
  repo: RulesRepo;
  /** the server's clock */
  today: () => Date;
  app: { log: FastifyBaseLogger };
}

/**
 * Scheduled changes go live at their time, whether or not anyone has the studio open: a timer set for the
 * next go-live time by the server's clock (re-armed whenever a ref moves here or a fetch brings news), a
 * tick that compares the clock with it (for a clock that jumps), and each change made ready ahead
 * (prepareDue: its commit and its checks), so going live is a ref move and the files written.
 */
export function scheduleGoLives(
  deps: ScheduleDeps,
  check: (files: Readonly<Record<string, string>>, changed: readonly string[]) => Promise<string[]>,
): { dueNow(): Promise<unknown>; stop(): void } {
  const { repo } = deps;
  let timer: NodeJS.Timeout | undefined;
  let applying: Promise<unknown> | undefined;
  let arming = false;
  let again = false;
  let stopped = false;
  /** After a go-live that could not be written (the remote away), the tick tries again, once a second. */
  let failed = false;
  const apply = (): Promise<unknown> =>
    (applying ??= repo
      .applyDue(deps.today(), check)
      .then(
        () => (failed = false),
        (e: unknown) => {
          failed = true;
          if (!(e instanceof RepoError))
            deps.app.log.error({ err: e }, 'studio: a scheduled change could not go live');
        },
      )
      .finally(() => {
        applying = undefined;
        void arm();
      }));
  const arm = async (): Promise<void> => {
    if (stopped) return;
    if (arming) {
      again = true;
      return;
    }
    arming = true;
    try {
      const due = await repo.nextDueAt().catch(() => null);
      clearTimeout(timer);
      timer = undefined;
      if (due === null || stopped) return;
      const wait = due - deps.today().getTime();
      if (wait <= 0 && failed) return;
      timer = setTimeout(() => void apply(), Math.min(Math.max(0, wait), 2_000_000_000));
      timer.unref();
      void repo.prepareDue(check).catch(() => undefined);
    } finally {
      arming = false;
      if (again) {
        again = false;
        void arm();
      }
    }
  };
  const onChanged = (): void => void arm();
  repo.on('changed', onChanged);
  const tick = setInterval(() => {
    const due = repo.knownNextDue;
    if (due === undefined) void arm();
    else if (due !== null && due <= deps.today().getTime()) void apply();
  }, SCHEDULE_TICK_MS);
  tick.unref();
  return {
    dueNow: async () => {
      const due = repo.knownNextDue ?? (await repo.nextDueAt().catch(() => null));
      if (due !== null && due <= deps.today().getTime()) await apply();
    },
    stop: () => {
      stopped = true;
      clearInterval(tick);
      clearTimeout(timer);
      repo.off('changed', onChanged);
    },
  };
}
