import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMachine, type AnyStateMachine } from 'xstate';
import { creditOfferMachine } from '../../machines/credit-offer.machine';
import { PATH_MACHINES } from '../../machines/path-scenarios';
import { PATH_FORMAT, type PathFile } from '../../machines/paths';
import { canonicalJson, contentHash, machineVersion, rulesHash } from '../../machines/version';
import { PATHS_DIR } from '../../lib/paths/generate';
import { chartsAreCurrent } from '../../lib/paths/readme';
import { readPathFile } from '../../lib/paths/path-file';
import { pathFileProblems } from '../../lib/paths/path-file';
import { checkSession, checkSessions, listSessionFiles, rulesHashOfDir } from '../../lib/paths/sessions';
import { stateChart } from '../../lib/paths/state-charts';

const accepted = readPathFile(join(PATHS_DIR, 'credit-offer/01-accepted-after-answer-offer-resolves.json'));

/** A captured session of the credit offer accepted, as the QA panel saves it. */
async function capturedSession(): Promise<PathFile> {
  return {
    format: PATH_FORMAT,
    machine: 'credit-offer',
    machineVersion: (await machineVersion(creditOfferMachine))!,
    description: 'Captured on /home as credit-offer (2 steps)',
    session: {
      capturedAt: '2025-03-10T09:30:00+01:00',
      date: '2025-03-10',
      sandboxClock: '2025-03-10T09:30:00',
      persona: 'credit-offer',
      accountIndex: 0,
      faults: {},
      page: { path: '/home' },
      rules: { hash: null, files: {} },
      browser: { timeZone: 'Europe/Paris', locale: 'en-US', viewport: { width: 1280, height: 720 } },
    },
    initialState: accepted.initialState,
    steps: accepted.steps.map((s, i) =>
      i === 0
        ? { ...s, via: [{ action: 'click', role: 'button', name: 'Accept' }] }
        : {
            ...s,
            screen: { shown: ['Credit will be applied to your account.'], gone: ['Accept', 'Decline'] },
          },
    ),
  };
}

/** The credit offer with Accept opening the decline dialog instead: a change that breaks the session. */
const acceptDeclines = createMachine(
  {
    ...creditOfferMachine.config,
    states: {
      ...creditOfferMachine.config.states,
      offered: { on: { 'CREDIT.ACCEPT': 'declineDialog', 'CREDIT.DECLINE': 'declineDialog' } },
    },
  },
  creditOfferMachine.implementations,
);

/** The credit offer with a state added that no session reaches: a change the session survives. */
const withExtraState = createMachine(
  {
    ...creditOfferMachine.config,
    states: { ...creditOfferMachine.config.states, unused: {} },
  },
  creditOfferMachine.implementations,
);

describe('the machine version (a hash of the machine definition)', () => {
  it('is the same for the machine and the machine with its effects provided', async () => {
    const version = await machineVersion(creditOfferMachine);
    expect(version).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(await machineVersion(creditOfferMachine.provide({ actions: { reloadProfile: () => {} } }))).toBe(
      version,
    );
  });

  it('changes when the chart changes', async () => {
    const version = await machineVersion(creditOfferMachine);
    expect(await machineVersion(acceptDeclines)).not.toBe(version);
    expect(await machineVersion(withExtraState)).not.toBe(version);
  });
});

describe("the rules' content hash", () => {
  it('does not depend on the order of keys, and changes with any value', async () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}');
    expect(await contentHash({ b: 1, a: 2 })).toBe(await contentHash({ a: 2, b: 1 }));
    expect(await contentHash({ a: 2 })).not.toBe(await contentHash({ a: 3 }));
  });

  it('hashes each rule file and all of them together; the rules folder gives the same hashes', async () => {
    const folder = await rulesHashOfDir(join(PATHS_DIR, '..', '..', 'rules'));
    expect(Object.keys(folder.files)).toContain('home-view.json');
    expect(folder.hash).toMatch(/^sha256:/);
    const again = await rulesHash({ 'a.json': { source: 'served', rules: { x: 1 } } });
    const bundled = await rulesHash({ 'a.json': { source: 'bundled', rules: { x: 1 } } });
    expect(bundled.hash).toBe(again.hash);
    expect(again.files['a.json']).toEqual({ source: 'served', hash: await contentHash({ x: 1 }) });
  });
});

describe('the path file format', () => {
  it('loads old path files (format 1, no session) and captured sessions (format 2)', async () => {
    expect(pathFileProblems(accepted)).toEqual([]);
    expect(pathFileProblems(await capturedSession())).toEqual([]);
  });

  it('refuses a session without its machine version or session, and says what is wrong', async () => {
    const { machineVersion: _v, ...noVersion } = await capturedSession();
    expect(pathFileProblems(noVersion).join(' ')).toMatch(/machineVersion/);
    const badStep = await capturedSession();
    badStep.steps[0]!.via = [{ action: 'click', role: '', name: 'Accept' }];
    expect(pathFileProblems(badStep)).not.toEqual([]);
  });

  it('refuses a newer format with a plain message', async () => {
    expect(pathFileProblems({ ...(await capturedSession()), format: 3 })).toEqual([
      `format 3 is newer than this checkout reads (${PATH_FORMAT}): update the repository`,
    ]);
  });
});

describe('captured sessions are checked against their machine (npm run paths -- --check)', () => {
  const credit = (machine: AnyStateMachine = creditOfferMachine) => [{ id: 'credit-offer', machine }];

  it('a session that still fits its machine passes', async () => {
    const check = await checkSession('credit-offer/accepted.json', await capturedSession(), credit());
    expect(check).toEqual({ name: 'credit-offer/accepted.json', ok: true, problems: [], notes: [] });
  });

  it('a machine change that invalidates a session is reported by name, with the machine version mismatch', async () => {
    const session = await capturedSession();
    const check = await checkSession('credit-offer/accepted.json', session, credit(acceptDeclines));
    expect(check.ok).toBe(false);
    const [problem] = check.problems;
    expect(problem).toContain('credit-offer/accepted.json no longer matches credit-offer');
    expect(problem).toContain('step 1 (CREDIT.ACCEPT)');
    expect(problem).toContain(`captured with credit-offer ${session.machineVersion!.slice(0, 19)}`);
    expect(problem).toContain(`the machine is now ${(await machineVersion(acceptDeclines))!.slice(0, 19)}`);
  });

  it('a machine change the session survives is a note, not a failure', async () => {
    const check = await checkSession(
      'credit-offer/accepted.json',
      await capturedSession(),
      credit(withExtraState),
    );
    expect(check.ok).toBe(true);
    expect(check.notes[0]).toMatch(/credit-offer changed since the capture .* the session still replays/);
  });

  it('a generated path or a session in another machine folder is not a captured session', async () => {
    const generated = await checkSession('credit-offer/x.json', accepted, credit());
    expect(generated.problems[0]).toMatch(/not a captured session/);
    const misplaced = await checkSession('account-switch/x.json', await capturedSession(), credit());
    expect(misplaced.problems[0]).toMatch(
      /a credit-offer session saved under test\/sessions\/account-switch/,
    );
  });

  it('reads every session under a folder, and names a file that is not one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sessions-'));
    mkdirSync(join(dir, 'credit-offer'));
    writeFileSync(join(dir, 'credit-offer', 'ok.json'), JSON.stringify(await capturedSession()));
    writeFileSync(join(dir, 'credit-offer', 'broken.json'), '{ "machine": ');
    expect(listSessionFiles(dir)).toEqual(['credit-offer/broken.json', 'credit-offer/ok.json']);
    const checks = await checkSessions(dir, credit());
    expect(checks.map((c) => [c.name, c.ok])).toEqual([
      ['credit-offer/broken.json', false],
      ['credit-offer/ok.json', true],
    ]);
    expect(checks[0]?.problems[0]).toMatch(/broken\.json: not JSON/);
  });

  it('every session committed in test/sessions matches its machine', async () => {
    const checks = await checkSessions();
    expect(checks.filter((c) => !c.ok).flatMap((c) => c.problems)).toEqual([]);
  });
});

describe("the machines' README shows a state chart of each machine, generated from the machine", () => {
  it('is current: a machine changed without `npm run paths` fails here', () => {
    expect(chartsAreCurrent()).toBe(true);
  });

  it('draws every state and every transition with its event and guard', () => {
    const chart = stateChart(creditOfferMachine);
    expect(chart.split('\n')[0]).toBe('stateDiagram-v2');
    for (const line of [
      '[*] --> offered',
      'offered --> accepting : CREDIT.ACCEPT',
      'accepting --> accepted : answerOffer done (if becameAccepted)',
      'accepting --> acceptFailed : answerOffer error',
      'accepted --> [*]',
      'state declineDialog {',
      'declineDialog_sending --> declineDialog_declined : answerOffer done (if isOk)',
      'declineDialog --> declined : DIALOG.CLOSE (in declined)',
    ])
      expect(chart).toContain(line);
  });

  it('changes with the machine', () => {
    expect(stateChart(acceptDeclines)).toContain('offered --> declineDialog : CREDIT.ACCEPT');
    expect(stateChart(acceptDeclines)).not.toContain('offered --> accepting');
  });

  it('has a chart for every machine', () => {
    for (const m of PATH_MACHINES) expect(stateChart(m.machine)).toMatch(/^stateDiagram-v2\n {2}\[\*\] --> /);
  });
});

describe('every machine is captured in the browser', () => {
  const sources = (readdirSync(join(PATHS_DIR, '..', '..', 'src'), { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => ({ file: `src/${f}`, text: readFileSync(join(PATHS_DIR, '..', '..', 'src', f), 'utf8') }));

  it.each(PATH_MACHINES.map((m) => m.id))(
    '%s runs through useFlow, usePageFlow or a store actor recorded by the QA store',
    (id) => {
      const runs = sources.filter(
        (s) =>
          s.text.includes(`useFlow('${id}'`) ||
          s.text.includes(`usePageFlow('${id}'`) ||
          s.text.includes(`inspectFor('${id}'`),
      );
      expect(runs.map((s) => s.file)).not.toEqual([]);
    },
  );

  it('no component runs a machine around the capture, and only stores hold actors (with inspectFor)', () => {
    const around = sources.filter(
      (s) =>
        s.file !== 'src/stores/use-page-flow.ts' &&
        (/\buse(Machine|Actor|ActorRef)\b/.test(s.text) ||
          (/\bcreateActor\(/.test(s.text) &&
            !(s.file.startsWith('src/stores/') && s.text.includes('inspectFor(')))),
    );
    expect(around.map((s) => s.file)).toEqual([]);
  });
});
