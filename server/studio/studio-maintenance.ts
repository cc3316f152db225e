/**
 * When the studio's repository is packed (RulesStore.maintain: `gc --auto` in the foreground, in the queue,
 * under its own deadline): a minute after the server starts, then every hour. No git of the studio runs
 * git's automatic maintenance (git-process.ts), so without this the loose objects of saves and small fetches
 * would only pile up.
 */

/** How often the repository is looked at (gc --auto does nothing when nothing is due). */
export const MAINTAIN_INTERVAL_MS = 60 * 60_000;
/** The first look after the start. */
const FIRST_MS = 60_000;

/** Starts the packing's timers (unref'd: they keep no process alive); the function returned stops them. */
export function startMaintenance(
  repo: { maintain(): Promise<void> },
  intervalMs = MAINTAIN_INTERVAL_MS,
): () => void {
  let running = false;
  const run = (): void => {
    if (running) return;
    running = true;
    void repo.maintain().finally(() => (running = false));
  };
  const first = setTimeout(run, Math.min(FIRST_MS, intervalMs));
  const every = setInterval(run, intervalMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
