/**
 * The steps of a replay (lib/qa-replay.ts), one after another: each step's recorded actions done on the page,
 * the page's own recording of the flow awaited, its event, state, messages and effects compared with the
 * captured ones, then the screen; a verdict line per step, stopping at the first mismatch.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Page } from '@playwright/test';
import { actorAnswer, type PathFile, type PathStep } from '../../machines/paths';
import { CallGate, livePath, locate, perform, RESET_TOASTS, screenProblems, sleep } from './page';
import { actionText, eventText, stateText, stepLabel } from './text';

/** What every step of one replay shares. */
export interface Replay {
  page: Page;
  gate: CallGate;
  file: PathFile;
  /** how long one step may take to happen in the page (ms) */
  stepTimeout: number;
  log: (line: string) => void;
}

interface Findings {
  problems: string[];
  notes: string[];
}

/** Replays every step, logging a verdict for each; false at the first that does not match (the rest not run). */
export async function replaySteps(replay: Replay): Promise<boolean> {
  const { steps } = replay.file;
  const seen = { initialChecked: false };
  for (const [i, step] of steps.entries()) {
    const { problems, notes } = await replayStep(replay, i, seen);
    replay.log(`${stepLabel(step, i)}  ${problems.length ? 'FAIL' : 'OK'}`);
    for (const p of problems) replay.log(`        ${p}`);
    for (const n of notes) replay.log(`        note: ${n}`);
    if (problems.length) {
      if (i + 1 < steps.length) replay.log(`  (${steps.length - i - 1} later step(s) not run)`);
      return false;
    }
  }
  return true;
}

/** After a replay that matched: says which steps the flow took beyond the captured ones, if any. */
export async function noteStepsBeyond({ page, file, log }: Replay): Promise<void> {
  await sleep(500);
  const live = await livePath(page, file.machine);
  const extra = (live?.steps.length ?? 0) - file.steps.length;
  if (extra > 0) {
    log(
      `  note: the flow went on after the captured steps: ${live!.steps
        .slice(file.steps.length)
        .map((s) => `${eventText(s)} ⇒ ${stateText(s.expectedState)}`)
        .join(', ')}`,
    );
  }
}

/** One step: drive it, await the page's recording of it, compare the machine's side, then the screen. */
async function replayStep(replay: Replay, i: number, seen: { initialChecked: boolean }): Promise<Findings> {
  const { page, gate, file } = replay;
  const step = file.steps[i]!;
  await page.evaluate(RESET_TOASTS);
  const next = file.steps[i + 1];
  // A state that waits on a call is checked before the call answers, as the capture saw it.
  const hold = step.screen !== undefined && next !== undefined && actorAnswer(next.event) !== null;
  const { problems, notes } = await driveStep(replay, step, hold);

  const live = problems.length ? null : await awaitRecording(replay, step, i, problems);
  if (live && !seen.initialChecked) {
    seen.initialChecked = true;
    if (!isDeepStrictEqual(live.initialState, file.initialState)) {
      problems.push(
        `the flow started in ${stateText(live.initialState)}, not ${stateText(file.initialState)}`,
      );
    }
  }
  const actual = live?.steps[i];
  if (actual) {
    const m = machineProblems(step, actual);
    problems.push(...m.problems);
    notes.push(...m.notes);
  }

  if (!problems.length && step.screen) problems.push(...(await checkScreen(replay, step, hold)));
  await gate.open();
  return { problems, notes };
}

/** Does the step's recorded user actions; with `hold`, the page's calls are held from the last one on. */
async function driveStep(
  { page, gate, stepTimeout }: Replay,
  step: PathStep,
  hold: boolean,
): Promise<Findings> {
  const problems: string[] = [];
  const notes: string[] = [];
  if (step.via?.length) {
    for (const [n, action] of step.via.entries()) {
      try {
        if (hold && n === step.via.length - 1) {
          // Hold the calls from the moment the control that sends the event is there to be used.
          if (action.action !== 'press') await locate(page, action).waitFor({ timeout: stepTimeout });
          gate.close();
        }
        await perform(page, action, stepTimeout);
      } catch (e) {
        problems.push(
          `cannot ${actionText(action)}: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`,
        );
        break;
      }
    }
  } else if (!actorAnswer(step.event)) {
    notes.push('no user action was recorded for this event: waiting for the page to send it');
  }
  return { problems, notes };
}

/**
 * Polls the page's recording of the flow until it reaches step i (a call's answer may take as long as a
 * time-out fault); adds a problem when it does not in time. The recording as last read.
 */
async function awaitRecording(
  { page, file, stepTimeout }: Replay,
  step: PathStep,
  i: number,
  problems: string[],
): Promise<PathFile | null> {
  const wait = actorAnswer(step.event) ? stepTimeout * 3 : stepTimeout;
  const deadline = Date.now() + wait;
  for (;;) {
    const live = await livePath(page, file.machine);
    if (live && live.steps.length > i) return live;
    if (Date.now() > deadline) {
      problems.push(
        `the flow did not take this step within ${wait / 1000} s (the page recorded ${live?.steps.length ?? 0} step(s)${
          live?.steps.length ? `, now in ${stateText(live.steps.at(-1)!.expectedState)}` : ''
        })`,
      );
      return live;
    }
    await sleep(100);
  }
}

/**
 * The screen: what the step brought on must be there, what it took off must be gone, within 5 s. Held calls
 * are let through after 3 s (a reload the step started may be what the screen waits for). The closest the
 * page came is what is reported if it never matches.
 */
async function checkScreen({ page, gate }: Replay, step: PathStep, hold: boolean): Promise<string[]> {
  let screen = await screenProblems(page, step);
  let closest = screen;
  const until = Date.now() + 5_000;
  const release = Date.now() + 3_000;
  while (screen.length && Date.now() < until) {
    if (hold && Date.now() > release) await gate.open();
    await sleep(100);
    screen = await screenProblems(page, step);
    if (screen.length < closest.length) closest = screen;
  }
  return screen.length ? closest : [];
}

/** The machine's side of a step: event, state, messages and effects, as the page recorded them. */
export function machineProblems(
  expected: PathStep,
  actual: PathStep,
): { problems: string[]; notes: string[] } {
  const problems: string[] = [];
  const notes: string[] = [];
  if (actual.event.type !== expected.event.type) {
    problems.push(`event ${actual.event.type}, expected ${expected.event.type}`);
  } else if (!isDeepStrictEqual(actual.event, expected.event)) {
    // A call may answer with other data (a token, a number): the state and the screen are what must match.
    (actorAnswer(expected.event) ? notes : problems).push(
      `event data ${JSON.stringify(actual.event)}, captured ${JSON.stringify(expected.event)}`,
    );
  }
  if (!isDeepStrictEqual(actual.expectedState, expected.expectedState)) {
    problems.push(`state ${stateText(actual.expectedState)}, expected ${stateText(expected.expectedState)}`);
  }
  if (!isDeepStrictEqual(actual.expectedMessages ?? [], expected.expectedMessages ?? [])) {
    problems.push(
      `messages ${JSON.stringify((actual.expectedMessages ?? []).map((m) => m.text))}, expected ${JSON.stringify((expected.expectedMessages ?? []).map((m) => m.text))}`,
    );
  }
  if (!isDeepStrictEqual(actual.expectedEffects ?? [], expected.expectedEffects ?? [])) {
    problems.push(
      `effects ${JSON.stringify(actual.expectedEffects ?? [])}, expected ${JSON.stringify(expected.expectedEffects ?? [])}`,
    );
  }
  return { problems, notes };
}
