/**
 * Writes schemas/population.schema.json (the format of rules/population/distributions.json) from the fact
 * vocabulary. Run it after changing the vocabulary's known values: `npx tsx scripts/population-schema.ts`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildPopulationSchema } from '../src/impact/population-schema';
import { formatLikePrettier } from '../lib/generated-files';
import { repoRoot } from '../lib/repo';

const path = join(repoRoot, 'schemas', 'population.schema.json');
writeFileSync(path, await formatLikePrettier(path, JSON.stringify(buildPopulationSchema())));
console.log(`wrote ${path}`);
