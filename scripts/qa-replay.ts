/**
 * Replays sessions captured in the browser (the QA panel's saved files) in Chromium against a sandbox of their
 * own, checking the flow's state and the screen at each step (lib/qa-replay.ts does the work); sessions of the
 * same rules and day share one sandbox.
 *
 *   npm run qa:replay -- FILE... [--rules DIR] [--headed]
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { replaySessions, type ReplayOptions } from '../lib/qa-replay';

function usage(): never {
  console.error('usage: npm run qa:replay -- FILE... [--rules DIR] [--headed]');
  process.exit(2);
}

async function main(args: string[]): Promise<number> {
  const files: string[] = [];
  const options: ReplayOptions = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--headed') options.headed = true;
    else if (a === '--rules') options.rulesDir = args[++i] ?? usage();
    else if (a.startsWith('--')) usage();
    else files.push(a);
  }
  if (files.length === 0) usage();
  const result = await replaySessions(
    files.map((f) => resolve(f)),
    options,
  );
  return result.exitCode;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(2);
    },
  );
}
