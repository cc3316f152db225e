/**
 * Path files for every flow machine (machines/README.md explains them for QA); the work is in lib/paths/.
 *
 *   npm run paths                                   write test/paths/<machine>/<n>-<slug>.json
 *   npx tsx scripts/generate-paths.ts --check       exit 1 when the committed files are not current
 *   npx tsx scripts/generate-paths.ts --replay FILE [FILE...]
 *                                                   replay path files (generated or exported from a
 *                                                   browser session), print each step and OK/FAIL
 */
import { relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PATH_MACHINES } from '../machines/path-scenarios';
import { PATHS_DIR, checkPathFiles, writePathFiles } from '../lib/paths/generate';
import { readPathFile } from '../lib/paths/path-file';
import { chartsAreCurrent, writeCharts } from '../lib/paths/readme';
import { formatReport, replayPath } from '../lib/paths/replay';
import { checkSessions } from '../lib/paths/sessions';

async function main(args: string[]): Promise<number> {
  if (args[0] === '--replay') {
    const files = args.slice(1);
    if (!files.length) {
      console.error('usage: npx tsx scripts/generate-paths.ts --replay FILE [FILE...]');
      return 2;
    }
    let failed = 0;
    for (const f of files) {
      const file = readPathFile(resolve(f));
      const report = await replayPath(file);
      console.log(formatReport(f, file, report));
      if (!report.ok) failed++;
    }
    return failed ? 1 : 0;
  }
  if (args[0] === '--check') {
    let failed = false;
    const problems = checkPathFiles();
    for (const p of problems) console.error(p);
    if (problems.length) {
      console.error('Path files are not current: run `npm run paths` and commit test/paths.');
      failed = true;
    } else console.log('Path files are current.');
    if (!chartsAreCurrent()) {
      console.error(
        'The state charts in machines/README.md differ from the machines: run `npm run paths` and commit it.',
      );
      failed = true;
    } else console.log('State charts in machines/README.md are current.');
    const sessions = await checkSessions();
    for (const s of sessions) {
      for (const p of s.problems) console.error(p);
      for (const n of s.notes) console.log(n);
    }
    const broken = sessions.filter((s) => !s.ok).length;
    if (broken) {
      console.error(
        `${broken} of ${sessions.length} captured session(s) in test/sessions no longer match their machine: ` +
          'capture them again, or remove them if the change is meant.',
      );
      failed = true;
    } else console.log(`${sessions.length} captured session(s) in test/sessions match their machines.`);
    return failed ? 1 : 0;
  }
  if (args.length) {
    console.error('usage: npm run paths | tsx scripts/generate-paths.ts --check | --replay FILE [FILE...]');
    return 2;
  }
  const count = writePathFiles();
  console.log(`Wrote ${count} path files to ${relative(process.cwd(), PATHS_DIR) || '.'}`);
  writeCharts();
  console.log(`Wrote the state charts of ${PATH_MACHINES.length} machines to machines/README.md`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
