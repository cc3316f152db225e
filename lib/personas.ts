/**
 * The personas of sandbox/personas/ as the rule tools decide them: a persona account's facts on a day, its
 * decisions the way the app makes them, and the preview of every persona (test/golden/rules-preview.md).
 */
import { join } from 'node:path';
import { DATA_CALLS, type DataCall } from '../src/engine/decisions';
import { decideBodies, factsFromBodies } from '../src/engine/persona-decide';
import { createRuntime, type Runtime } from '../src/engine/runtime';
import type { Rulesets } from '../src/engine/types';
import type { AccountFacts } from '../src/facts/vocabulary';
import { loadPersonas, personaResponses, type Persona } from '../server/personas';
import { formatLikePrettier } from './format';
import { renderPreview, type PreviewRow } from './preview-format';
import { repoRoot } from './repo';
import { loadRulesDir } from './rules-files';

export type { PreviewRow };

/**
 * Sandbox customers who see the full home and no card alert: the rollout's browser test and the rehearsal
 * load their homes (a rollout's sides split them).
 */
export const FULL_HOME_PERSONAS: readonly string[] = [
  'postpaid',
  'prepaid',
  'late-payment',
  'cris',
  'blue-marble',
  'gig-plan',
  'postpaid-variant',
  'autopay-reminder',
  'autopay-nothing-due',
  'no-email',
  'rate-increase',
  'discount-holder',
  'fiber-qualified',
  'upgrade-available',
  'scheduled-payment',
  'outage-eta',
  'modem-offline',
  'own-modem',
  'unverified-email',
  'repair-tickets',
];

/** The date the preview and its golden file are pinned to; persona dates are relative to it. */
export const PREVIEW_DATE = '2026-03-10';

/** A calendar day as the instant the tools evaluate: noon local time, away from any midnight edge. */
export function dayAt(iso: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new Error(`expected a date as YYYY-MM-DD, got '${iso}'`);
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12, 0, 0);
}

/** The facts of one persona account on a day, from exactly the bodies the sandbox serves. */
export function personaFacts(
  persona: Persona,
  today: Date,
  accountIndex = 0,
  calls: readonly DataCall[] = DATA_CALLS,
): AccountFacts {
  return factsFromBodies(personaResponses(persona, { today, accountIndex }), today, calls);
}

/**
 * Decides for a persona account the way the app does: the profile first, then only the calls
 * rules/data-loading.json chose, then every decision on the data those calls return.
 */
export async function decidePersona(runtime: Runtime, persona: Persona, today: Date, accountIndex = 0) {
  return decideBodies(runtime, personaResponses(persona, { today, accountIndex }), today);
}

/** Every persona account's decisions (a persona with several accounts gives a row per account). */
export async function previewRows(
  rulesets: Rulesets,
  personas: readonly Persona[],
  today: Date,
): Promise<PreviewRow[]> {
  const runtime = createRuntime(rulesets);
  const rows: PreviewRow[] = [];
  for (const persona of [...personas].sort((a, b) => a.id.localeCompare(b.id))) {
    for (let i = 0; i < persona.accounts.length; i++) {
      const { facts, decisions } = await decidePersona(runtime, persona, today, i);
      rows.push({
        label: i === 0 ? persona.id : `${persona.id} #${i + 1}`,
        profileStatus: facts.profileStatus,
        decisions,
      });
    }
  }
  return rows;
}

export const goldenPreviewPath = join(repoRoot, 'test', 'golden', 'rules-preview.md');

/** The preview of the current rules for every persona, formatted as committed. */
export async function currentPreview(
  rulesets: Rulesets = loadRulesDir(),
  date = PREVIEW_DATE,
): Promise<string> {
  const personas = loadPersonas([], (p) => {
    throw new Error(`persona ${p.file}: ${p.message}`);
  });
  const rows = await previewRows(rulesets, personas, dayAt(date));
  return formatLikePrettier(goldenPreviewPath, renderPreview(rows, date, rulesets));
}
