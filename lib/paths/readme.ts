/** The state charts of machines/README.md: written by `npm run paths`, checked by `-- --check` and a test. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PATH_MACHINES } from '../../machines/path-scenarios';
import { repoRoot } from '../repo';
import { withCharts } from './state-charts';

export const MACHINES_README = join(repoRoot, 'machines', 'README.md');

/** The README with the charts of the machines as they are now. */
export const currentReadme = (): string => withCharts(readFileSync(MACHINES_README, 'utf8'), PATH_MACHINES);

export const chartsAreCurrent = (): boolean => readFileSync(MACHINES_README, 'utf8') === currentReadme();

export function writeCharts(): void {
  writeFileSync(MACHINES_README, currentReadme());
}
