/**
 * Writes the response fuzz's persona variants into a folder for the sandbox (SANDBOX_PERSONAS_DIR), plus a
 * manifest (id, base persona, mutated fields). Run by the fuzz's web server entry in playwright.config.ts;
 * by hand to replay a failure: `npx tsx test/fuzz/write-personas.ts DIR [--seed N] [--count N]`, then
 * `SANDBOX_PERSONAS_DIR=DIR npm run serve` and sign in as the variant the test named.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fuzzSettings } from './settings';
import { personaVariants } from './persona-variants';

const [dir, ...rest] = process.argv.slice(2);
if (!dir) {
  console.error('usage: tsx test/fuzz/write-personas.ts DIR [--seed N] [--count N]');
  process.exit(2);
}
const flag = (name: string): number | undefined => {
  const i = rest.indexOf(name);
  return i >= 0 && rest[i + 1] !== undefined ? Number(rest[i + 1]) : undefined;
};
const settings = fuzzSettings();
const seed = flag('--seed') ?? settings.seed;
const count = flag('--count') ?? settings.count;
const variants = personaVariants({ seed, count });
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
for (const v of variants) writeFileSync(join(dir, `${v.id}.json`), `${JSON.stringify(v.persona, null, 1)}\n`);
writeFileSync(
  join(dir, 'manifest.txt'),
  variants.map((v) => `${v.id} from ${v.base}: ${v.mutations.join('; ')}`).join('\n') + '\n',
);
console.log(`fuzz: ${variants.length} persona variants (seed ${seed}) written to ${dir}`);
