/**
 * The files of a rules folder the studio knows (issue 31 item 7): each decision's rule file, its cases,
 * cases/given.json and the population. Everything else a folder or its remote holds (a README, CODEOWNERS,
 * a CI file, other folders) is kept as it is: never checked as rules, never sent to the studio's browser,
 * never written by a change, never lost by one.
 */
import { DECISIONS, ruleFileOf } from '../../src/engine/decisions';

export const POPULATION_PATH = 'population/distributions.json';
export const GIVEN_PATH = 'cases/given.json';

/** Every file a change can touch: each decision's rule file and cases, given.json and the population. */
export const STUDIO_FILES: ReadonlySet<string> = new Set([
  ...DECISIONS.map((d) => ruleFileOf(d.id)),
  ...DECISIONS.map((d) => `cases/${d.id}.cases.json`),
  GIVEN_PATH,
  POPULATION_PATH,
]);

export const isStudioFile = (path: string): boolean => STUDIO_FILES.has(path);

/** Only the files the studio knows, by path. */
export function studioFilesOf<T>(files: Readonly<Record<string, T>>): Record<string, T> {
  return Object.fromEntries(Object.entries(files).filter(([path]) => STUDIO_FILES.has(path)));
}
