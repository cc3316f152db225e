/** The captured session qa:replay replays (lib/qa-replay.ts): read, checked it can run, described. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PATH_MACHINES } from '../../machines/path-scenarios';
import { PATH_FORMAT, type CapturedSession, type PathFile } from '../../machines/paths';
import { machineVersion } from '../../machines/version';
import { readPathFile } from '../paths/path-file';
import { short } from '../paths/sessions';
import { repoRoot as ROOT } from '../repo';

/** The replay cannot run (no build, not a captured session, the sandbox did not start...): exit code 2. */
export class Unrunnable extends Error {}

export interface LoadedSession {
  file: PathFile;
  session: CapturedSession;
  /** the machine the session recorded */
  entry: (typeof PATH_MACHINES)[number];
}

/** The session in a saved file, with its machine; Unrunnable when it is no captured session or no build. */
export function loadSession(path: string): LoadedSession {
  const file = readPathFile(path);
  const session = file.session;
  if (file.format !== PATH_FORMAT || !session) {
    throw new Unrunnable(
      `${path} is a path without a captured session (format ${file.format ?? 1}): replay it against its ` +
        `machine with \`npx tsx scripts/generate-paths.ts --replay ${path}\``,
    );
  }
  const entry = PATH_MACHINES.find((m) => m.id === file.machine);
  if (!entry) throw new Unrunnable(`${path}: no machine '${file.machine}'`);
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
    throw new Unrunnable('the app is not built (dist/index.html is missing): run `npm run build` first');
  }
  return { file, session, entry };
}

/** The report's head: the session's machine (and whether it changed since), persona, faults, dates, browser. */
export async function describeSession(
  { file, session, entry }: LoadedSession,
  log: (line: string) => void,
): Promise<void> {
  log(`  ${file.description}`);
  const version = await machineVersion(entry.machine);
  log(
    version === file.machineVersion
      ? `  machine   ${file.machine} ${short(version)} as captured`
      : `  machine   WARNING: ${file.machine} changed since the capture (${short(file.machineVersion)} -> ${short(version)})`,
  );
  const faults = Object.entries(session.faults);
  log(
    `  persona   ${session.persona ?? 'none (signed out)'}${session.accountIndex ? `, account ${session.accountIndex + 1}` : ''}; ` +
      `faults ${faults.length ? faults.map(([c, m]) => `${c}:${m}`).join(', ') : 'none'}`,
  );
  log(
    `  date      ${session.date} (SANDBOX_TODAY=${sandboxToday(session)}); browser clock ${session.capturedAt}, ` +
      `${session.browser.timeZone}, ${session.browser.locale}, ${session.browser.viewport.width}x${session.browser.viewport.height}`,
  );
}

/** The sandbox's day: its recorded clock, or the session's date. */
export const sandboxToday = (session: CapturedSession): string => session.sandboxClock ?? session.date;
