/** What the tests of the studio's git share: a fresh temporary folder, git on a git directory, a bare remote. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A new empty folder under the system's temporary folder, its name starting with `prefix`. */
export const tmp = (prefix: string): string => mkdtempSync(join(tmpdir(), prefix));

/** git run on the git directory `dir`; its output, trimmed. */
export const git = (dir: string, ...args: string[]): string =>
  execFileSync('git', [`--git-dir=${dir}`, ...args], { encoding: 'utf8' }).trim();

/** An empty bare repository whose branch is main: a rules remote. */
export function bare(): string {
  const dir = join(tmp('remote-'), 'r.git');
  execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', dir]);
  return dir;
}
