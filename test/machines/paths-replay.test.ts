import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PATH_MACHINES } from '../../machines/path-scenarios';
import type { PathFile } from '../../machines/paths';
import { checkPathFiles, listPathFiles, messagesInDefinition, PATHS_DIR } from '../../lib/paths/generate';
import { formatReport, replayPath } from '../../lib/paths/replay';
import { readPathFile } from '../../lib/paths/path-file';
import { repoRoot as ROOT } from '../../lib/repo';

const files = listPathFiles().map((name) => ({ name, file: readPathFile(join(PATHS_DIR, name)) }));

describe('path files (test/paths)', () => {
  it('exist for every machine', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const m of PATH_MACHINES) expect(files.some((f) => f.name.startsWith(`${m.id}/`))).toBe(true);
  });

  it('are current: a machine changed without `npm run paths` fails here', () => {
    expect(checkPathFiles()).toEqual([]);
  });

  it('cover every machine in machines/ (a new machine needs its scenarios in machines/path-scenarios.ts)', () => {
    const stems = readdirSync(join(ROOT, 'machines'))
      .filter((f) => f.endsWith('.machine.ts'))
      .map((f) => f.replace(/\.machine\.ts$/, ''))
      .sort();
    expect(PATH_MACHINES.map((m) => m.id).sort()).toEqual(stems);
  });
});

describe('every path file replays against its machine', () => {
  it.each(files.map((f) => [f.name, f.file] as const))('%s', async (name, file: PathFile) => {
    const report = await replayPath(file);
    expect(report.ok, formatReport(name, file, report)).toBe(true);
    expect(report.steps).toHaveLength(file.steps.length);
  });
});

describe.each(PATH_MACHINES.map((m) => [m.id, m] as const))('%s texts', (id, entry) => {
  it('declares every text its definition can produce', () => {
    const ids = (list: readonly { id: string }[]) => list.map((m) => m.id).sort();
    expect(ids(entry.messages)).toEqual(ids(messagesInDefinition(entry.machine)));
  });

  it('reaches every text it can produce in at least one path', () => {
    const reached = new Set(
      files
        .filter((f) => f.file.machine === id)
        .flatMap((f) => f.file.steps.flatMap((s) => s.expectedMessages ?? []))
        .map((m) => `${m.id}\n${m.text}`),
    );
    const missing = entry.messages.filter((m) => !reached.has(`${m.id}\n${m.text}`)).map((m) => m.text);
    expect(missing).toEqual([]);
  });
});

describe('the replay is not vacuous', () => {
  const base = files.find((f) => f.name.startsWith('account-switch/') && f.file.steps.length >= 4);
  const copy = (): PathFile => structuredClone(base?.file) as PathFile;

  it('has a long account-switch path to work on', () => {
    expect(base).toBeDefined();
  });

  it('fails a step whose expected state differs from the machine', async () => {
    const file = copy();
    const step = file.steps[1];
    if (step) step.expectedState = 'idle';
    const report = await replayPath(file);
    expect(report.ok).toBe(false);
    expect(report.steps.at(-1)?.index).toBe(2);
  });

  it('fails when an actor answers that the machine is not waiting on', async () => {
    const file = copy();
    file.steps.splice(1, 0, { event: { type: 'xstate.done.actor.loadAccountData' }, expectedState: 'idle' });
    const report = await replayPath(file);
    expect(report.ok).toBe(false);
    expect(report.steps.at(-1)?.problems.join()).toContain("not waiting on actor 'loadAccountData'");
  });

  it('fails when a step expects a toast the machine does not show', async () => {
    const file = copy();
    const step = file.steps[0];
    if (step) step.expectedMessages = [...(step.expectedMessages ?? []), PATH_MACHINES[0]!.messages[0]!];
    const report = await replayPath(file);
    expect(report.ok).toBe(false);
  });

  it('fails when an effect is missing', async () => {
    const file = copy();
    const step = file.steps[0];
    if (step) delete step.expectedEffects;
    const report = await replayPath(file);
    expect(report.ok).toBe(false);
  });
});
