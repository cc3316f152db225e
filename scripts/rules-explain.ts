/**
 * `npm run rules:explain -- --persona <id> [--date YYYY-MM-DD] [--account N] [--only-matched]`: every
 * decision for that persona account on that day: the winning rule, and each condition with the fact's
 * value and whether it held. The facts themselves are listed first. As in the app, only the calls
 * rules/data-loading.json chooses feed the facts. RULES_DIR explains an analyst's copy. With rollouts in
 * rules/rollouts/ (docs/decisions/044), the account is decided by its side of each, and the side and its
 * reason are printed first.
 */
import { formatExplain, formatDecisionTrace } from '../src/engine/explain';
import { formatIssue } from '../src/engine/validate';
import { createAccountRuntime } from '../src/engine/rollout-runtime';
import { loadPersonas } from '../server/personas';
import { PREVIEW_DATE, dayAt, decidePersona } from '../lib/personas';
import { checkRolloutsDir, loadRulesDir } from '../lib/rules-files';
import { rulesDir } from '../lib/repo';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const personaId = option('persona');
const date = option('date') ?? PREVIEW_DATE;
const account = Number(option('account') ?? '1');
const onlyMatched = process.argv.includes('--only-matched');

try {
  const personas = loadPersonas();
  const persona = personas.find((p) => p.id === personaId);
  if (!persona) {
    throw new Error(
      `${personaId ? `unknown persona '${personaId}'` : 'name a persona with --persona <id>'}; personas: ${personas
        .map((p) => p.id)
        .join(', ')}`,
    );
  }
  if (!Number.isInteger(account) || account < 1 || account > persona.accounts.length) {
    throw new Error(`--account is a number from 1 to ${persona.accounts.length} for ${persona.id}`);
  }
  const today = dayAt(date);
  const dir = rulesDir();
  const rollouts = checkRolloutsDir(dir);
  for (const issue of rollouts.issues) console.warn(`not served: ${formatIssue(issue)}`);
  const runtime = createAccountRuntime(loadRulesDir(dir), rollouts.rollouts);
  // Placed by the managed account's number, as the portal places it.
  const accountNumber = persona.accounts[account - 1]?.accountNumber ?? null;
  const { facts, explain: traced } = await decidePersona(
    runtime.forAccount(accountNumber),
    persona,
    today,
    account - 1,
  );

  console.log(`persona ${persona.id}, account ${account} of ${persona.accounts.length}, on ${date}`);
  console.log(`${persona.description}\n`);
  for (const p of runtime.placements(accountNumber))
    console.log(`rollout ${p.change} (${p.summary}): account ${accountNumber ?? '(none)'}, ${p.why}`);
  if (rollouts.rollouts.length > 0) console.log('');
  console.log('facts:');
  for (const [name, value] of Object.entries(facts)) console.log(`  ${name} = ${JSON.stringify(value)}`);
  console.log('');
  const explain = await traced();
  console.log(
    onlyMatched
      ? explain.map((d) => formatDecisionTrace(d, { onlyMatched })).join('\n\n')
      : formatExplain(explain),
  );
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
}
