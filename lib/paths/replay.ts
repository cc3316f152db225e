/**
 * Replaying a path file (generated, or exported from a browser session) against its machine, run by a real
 * actor with stand-in calls: `npx tsx scripts/generate-paths.ts --replay FILE`, the machine tests and the
 * check of captured sessions (./sessions.ts).
 */
import { isDeepStrictEqual } from 'node:util';
import {
  createActor,
  fromPromise,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type StateValue,
} from 'xstate';
import { shownMessages, type ShownMessage } from '../../machines/messages';
import { PATH_MACHINES, type PathMachine } from '../../machines/path-scenarios';
import {
  actorAnswer,
  namedActionsOf,
  stepOutcome,
  type PathEvent,
  type PathFile,
} from '../../machines/paths';
import { eventText, messageText, stateText } from './generate';
import { readPathFile } from './path-file';

export interface StepReport {
  index: number;
  event: PathEvent;
  expectedState: StateValue;
  actualState: StateValue;
  ok: boolean;
  problems: string[];
}

export interface ReplayReport {
  machine: string;
  ok: boolean;
  initial: { expected: StateValue; actual: StateValue; ok: boolean };
  steps: StepReport[];
  /** Steps not run because an earlier one failed. */
  notRun: number;
}

interface Pending {
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

const settle = () => new Promise<void>((r) => setTimeout(r, 0));

function errorFrom(value: unknown): Error {
  if (typeof value === 'object' && value !== null && 'message' in value) {
    return new Error(String(value.message));
  }
  return new Error(typeof value === 'string' ? value : JSON.stringify(value));
}

export function findPathMachine(id: string): PathMachine {
  const entry = PATH_MACHINES.find((m) => m.id === id);
  if (!entry)
    throw new Error(`Unknown machine '${id}' (known: ${PATH_MACHINES.map((m) => m.id).join(', ')})`);
  return entry;
}

/**
 * Replays a path file against the real machine, run by a real actor: every invoked actor is a stub
 * promise that the path settles, so a done/error step resolves or rejects the promise the machine is
 * actually waiting on (which proves the machine invoked that actor in that state) and XState routes the
 * answer as in the app. User events are sent as they are. After every step the state value, the toasts
 * (the `showToast` action), the dialogs/messages newly shown (state meta) and the other named actions are
 * compared with the file. The first failing step stops the replay.
 */
export async function replayPath(
  file: PathFile,
  machine: AnyStateMachine = findPathMachine(file.machine).machine,
) {
  const pending = new Map<string, Pending>();
  const ran: Array<{ type: string; params: unknown }> = [];
  const actors = Object.fromEntries(
    Object.keys(machine.implementations.actors).map((src) => [
      src,
      fromPromise<unknown, unknown>(
        ({ self }) => new Promise<unknown>((resolve, reject) => pending.set(self.id, { resolve, reject })),
      ),
    ]),
  );
  const actions = Object.fromEntries(
    Object.keys(machine.implementations.actions).map((name) => [
      name,
      (_: unknown, params: unknown) => {
        ran.push({ type: name, params });
      },
    ]),
  );
  const named = namedActionsOf(machine);
  const actor = createActor(machine.provide({ actors, actions }), { input: file.input });
  actor.start();
  await settle();

  const initialActual = actor.getSnapshot().value as StateValue;
  const report: ReplayReport = {
    machine: file.machine,
    ok: true,
    initial: {
      expected: file.initialState,
      actual: initialActual,
      ok: isDeepStrictEqual(initialActual, file.initialState),
    },
    steps: [],
    notRun: 0,
  };
  if (!report.initial.ok) {
    report.ok = false;
    report.notRun = file.steps.length;
    actor.stop();
    return report;
  }

  for (const [index, step] of file.steps.entries()) {
    const problems: string[] = [];
    const before: ShownMessage[] = shownMessages(actor.getSnapshot());
    ran.length = 0;
    const answer = actorAnswer(step.event);
    if (answer) {
      const waiting = pending.get(answer.actorId);
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      if (!waiting || !(answer.actorId in snapshot.children)) {
        problems.push(`the machine is not waiting on actor '${answer.actorId}'`);
      } else {
        pending.delete(answer.actorId);
        if (answer.kind === 'done') waiting.resolve(step.event.output);
        else waiting.reject(errorFrom(step.event.error));
      }
    } else {
      actor.send(step.event);
    }
    await settle();

    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    const actualState = snapshot.value as StateValue;
    if (snapshot.status === 'error')
      problems.push(`the machine stopped with an error: ${String(snapshot.error)}`);
    if (!isDeepStrictEqual(actualState, step.expectedState)) {
      problems.push(`state ${JSON.stringify(actualState)}, expected ${JSON.stringify(step.expectedState)}`);
    }
    const outcome = stepOutcome(ran, before, shownMessages(snapshot), named);
    const messages = (outcome.expectedMessages ?? []).map((m) => ({ ...m }));
    if (!isDeepStrictEqual(messages, step.expectedMessages ?? [])) {
      problems.push(
        `messages ${JSON.stringify(messages)}, expected ${JSON.stringify(step.expectedMessages ?? [])}`,
      );
    }
    if (!isDeepStrictEqual(outcome.expectedEffects ?? [], step.expectedEffects ?? [])) {
      problems.push(
        `effects ${JSON.stringify(outcome.expectedEffects ?? [])}, expected ${JSON.stringify(step.expectedEffects ?? [])}`,
      );
    }
    report.steps.push({
      index: index + 1,
      event: step.event,
      expectedState: step.expectedState,
      actualState,
      ok: problems.length === 0,
      problems,
    });
    if (problems.length) {
      report.ok = false;
      report.notRun = file.steps.length - index - 1;
      break;
    }
  }
  actor.stop();
  return report;
}

export { readPathFile };

/** The report as QA reads it: one line per step, OK or FAIL with the reasons. */
export function formatReport(name: string, file: PathFile, report: ReplayReport): string {
  const lines = [`${name}`, `  ${file.description}`];
  lines.push(`  start  ${stateText(report.initial.actual)}  ${report.initial.ok ? 'OK' : 'FAIL'}`);
  for (const s of report.steps) {
    lines.push(
      `  ${String(s.index).padStart(2)}. ${eventText(s.event)} ⇒ ${stateText(s.actualState)}  ${s.ok ? 'OK' : 'FAIL'}`,
    );
    for (const p of s.problems) lines.push(`      ${p}`);
    for (const m of file.steps[s.index - 1]?.expectedMessages ?? [])
      lines.push(`      shows ${messageText(m)}`);
  }
  if (report.notRun) lines.push(`  (${report.notRun} later step(s) not run)`);
  lines.push(report.ok ? 'OK' : 'FAIL');
  return lines.join('\n');
}
