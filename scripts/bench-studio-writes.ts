/**
 * How long the rule studio's writes take as an analyst waits for them (issue 31 item 1, ADR 042): a save, a
 * proposal of a revert, an approval and an approval for later, each timed from the request to its answer,
 * on a portal with the sandbox (test/support/portal.ts) over a copy of rules/, without and with a rules
 * remote (a bare repository on disk). Prints one line per step, the median of BENCH_RUNS rounds (3), and
 * the machine's load average before and after.
 *
 *   npx tsx scripts/bench-studio-writes.ts        (BENCH_RUNS=5, BENCH_REMOTE=0 to skip the remote)
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readStudioConfig } from '../server/studio/studio';
import { analystCookie, analystIdentity, startPortal, type RunningPortal } from '../test/support/portal';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

function dist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-dist-'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>portal</title>');
  writeFileSync(join(dir, '.vite', 'manifest.json'), '{}');
  return dir;
}

function rulesCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-rules-'));
  cpSync('rules', dir, { recursive: true });
  return dir;
}

interface Who {
  cookie: string;
  csrf: string;
}

async function call(
  base: string,
  who: Who,
  path: string,
  body?: unknown,
): Promise<{ status: number; ms: number; json: Record<string, unknown> }> {
  const t = performance.now();
  const res = await fetch(base + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      cookie: who.cookie,
      'x-csrf-token': who.csrf,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Record<string, unknown>;
  return { status: res.status, ms: performance.now() - t, json };
}

async function who(running: RunningPortal, id: string): Promise<Who> {
  const cookie = analystCookie(running.portal, analystIdentity(id));
  const res = await fetch(`${running.base}/studio/api/session`, { headers: { cookie } });
  return { cookie, csrf: ((await res.json()) as { csrfToken: string }).csrfToken };
}

/** The card warning at `days`, its cases moved along (as the studio's tests change it). */
function cardWarning(files: Record<string, string>, days: number): Record<string, string> {
  const threshold = /("operator": "lessThanInclusive",\s*"value": )(\d+)/;
  const current = threshold.exec(files['prepaid-card.json']!)![2]!;
  return {
    'prepaid-card.json': files['prepaid-card.json']!.replace(threshold, `$1${days}`),
    'cases/prepaid-card.cases.json': files['cases/prepaid-card.cases.json']!.replace(
      new RegExp(`"daysToCardExpiry": ${current}\\b`, 'g'),
      `"daysToCardExpiry": ${days}`,
    ),
  };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function bench(label: string, remote: string | undefined): Promise<void> {
  const running = await startPortal({
    distDir: dist(),
    rulesDir: rulesCopy(),
    onRulesProblem: () => undefined,
    studio: {
      config: readStudioConfig(),
      gitDir: join(mkdtempSync(join(tmpdir(), 'bench-git-')), 'rules.git'),
      ...(remote ? { remote, fetchSeconds: 5 } : {}),
    },
    today: () => new Date('2026-11-26T09:00:00Z'),
  });
  const { base } = running;
  const ana = await who(running, 'ana');
  const ben = await who(running, 'ben');
  const times: Record<string, number[]> = {};
  const note = (step: string, r: { status: number; ms: number; json: unknown }, want: number): void => {
    if (r.status !== want) throw new Error(`${step}: ${r.status} ${JSON.stringify(r.json)}`);
    (times[step] ??= []).push(r.ms);
  };
  // The first read warms the checks' worker, as opening the studio does.
  await call(base, ana, '/studio/api/rules');
  for (let run = 0; run < RUNS; run++) {
    const live = (await call(base, ana, '/studio/api/rules')).json as {
      commit: string;
      files: Record<string, string>;
    };
    const days = 45 - run;
    const saved = await call(base, ana, '/studio/api/changes', {
      reason: `Warn ${days} days before`,
      base: live.commit,
      files: cardWarning(live.files, days),
    });
    note('save (a proposal)', saved, 201);
    note('list pending', await call(base, ben, '/studio/api/changes'), 200);
    const approved = await call(base, ben, `/studio/api/changes/${String(saved.json.id)}/approve`, {});
    note('approve (live now)', approved, 200);
    const preview = await call(base, ana, `/studio/api/changes/${String(approved.json.id)}/revert`);
    note('revert: its preview', preview, 200);
    const revert = await call(base, ana, '/studio/api/revert', {
      change: approved.json.id,
      reason: 'Back as it was',
    });
    note('revert: proposed', revert, 201);
    const later = await call(base, ben, `/studio/api/changes/${String(revert.json.id)}/approve`, {
      goLiveAt: '2027-01-01T08:00:00Z',
      note: 'Asked by marketing',
    });
    note('approve for later', later, 200);
    const withdrawn = await call(base, ben, `/studio/api/changes/${String(later.json.id)}/withdraw`, {
      reason: 'Not needed after all',
    });
    note('cancel the schedule', withdrawn, 200);
    note('history', await call(base, ana, '/studio/api/history'), 200);
  }
  await running.close();
  for (const [step, ms] of Object.entries(times)) {
    console.log(
      `${label.padEnd(10)} ${step.padEnd(22)} median ${String(Math.round(median(ms))).padStart(6)} ms  (${ms.map((m) => Math.round(m)).join(', ')})`,
    );
  }
}

const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(`load average before: ${load()}`);
await bench('no remote', undefined);
if (process.env.BENCH_REMOTE !== '0') {
  const remote = join(mkdtempSync(join(tmpdir(), 'bench-remote-')), 'rules.git');
  execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', remote]);
  await bench('remote', remote);
}
console.log(`load average after: ${load()}`);
