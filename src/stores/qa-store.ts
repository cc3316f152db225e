import { makeAutoObservable, observable } from 'mobx';
import type { AnyStateMachine, InspectionEvent, StateValue } from 'xstate';
import type { JsonValue, PathFile, PathRecorder, ScreenChange, UiAction } from '../../machines/paths';

/** The path recorder (machines/paths.ts): the capture hands it in (usePaths), so it loads only with `?qa`. */
export type PathsModule = Pick<typeof import('../../machines/paths'), 'actorAnswer' | 'createPathRecorder'>;
import type { RulesUsed } from '../../machines/version';
import { ruleFileOf } from '../engine/names';
import type { RuleFileReport } from '../engine/load';
import type { Rollout } from '../engine/rollout';
import type { Env } from './env';

/** The page text a capture compares before and after a step (src/shell/qa-screen.ts reads it). */
export interface ScreenLines {
  lines: string[];
  /** Lines inside the toast area: a toast leaving on its timer is no step's doing. */
  toasts: string[];
}

/**
 * What the capture sees of the page (src/shell/qa-capture.ts, loaded only with `?qa`): the controls the user
 * acted on, the text on screen, where the page is. The store stays free of the DOM.
 */
export interface QaProbe {
  /** The user's actions since `since` (probe time) that led to the event being received now, if any. */
  takeVia(since: number): UiAction[] | undefined;
  readScreen(): ScreenLines;
  /** Calls back once the page has stopped changing (or after a bound). */
  whenSettled(callback: () => void): void;
  /** The page's path and query (without `qa`) and the router state it was opened with. */
  location(): { path: string; state?: JsonValue };
  /** A monotonic time in ms. */
  now(): number;
}

export interface Recording {
  id: number;
  machine: string;
  logic: AnyStateMachine;
  recorder: PathRecorder;
  /** Where the flow's first event happened. */
  page?: { path: string; state?: JsonValue };
  /** Probe time of the last step (the start of the next step's user actions). */
  lastStepAt: number;
  pending?: { via: UiAction[] | undefined; before: ScreenLines | undefined };
  /** Steps the user took before the flow's machine had loaded, read when they were taken, oldest first. */
  early: EarlyStep[];
}

/** What the page showed when the user sent an event to a flow whose machine was still loading. */
export interface EarlyStep {
  via: UiAction[] | undefined;
  before: ScreenLines;
  page: { path: string; state?: JsonValue };
}

/** Lines a step brought on screen and took off it (toasts timing out are not taken off by a step). */
export function screenChange(before: ScreenLines, after: ScreenLines): ScreenChange {
  const had = new Set(before.lines);
  const has = new Set(after.lines);
  const toasts = new Set(before.toasts);
  return {
    shown: after.lines.filter((l) => !had.has(l)),
    gone: before.lines.filter((l) => !has.has(l) && !toasts.has(l)),
  };
}

/**
 * Path capture for QA: with `?qa` in the address at start-up, every flow machine the app runs records the
 * path it takes, in the path file format, with what the page knows around each step (the control that sent
 * the event, the text it changed on screen). The QA panel saves a recording as a captured session (persona,
 * date, faults, rules and machine version added: src/shell/qa-capture.ts) that `npm run qa:replay` replays
 * in a browser. Nothing is stored in the browser.
 */
export class QaStore {
  recordings: Recording[] = [];
  /** Each decision's rule file as served, fallen back or rejected (src/engine/load.ts), once loaded. */
  ruleFiles: RuleFileReport[] = [];
  /** The rollouts served with the rules (docs/decisions/044), once loaded: the panel places the account in each. */
  rollouts: Rollout[] = [];
  /** Bumped on every inspected event so the panel re-reads the recorders (they are plain objects). */
  version = 0;
  /** The browser's clock when the page loaded (a replay starts its browser at this time). */
  readonly startedAt: Date;
  /** The rule files the page decided with (start.tsx hands them over after loading them). */
  rulesUsed: RulesUsed = {};
  private probe: QaProbe | null = null;
  private recorders: PathsModule | null = null;
  /** Per flow, the screen read its last step waits for (until the page settles). */
  private readonly pendingScreens = new Map<Recording, () => void>();
  private nextId = 1;

  constructor(
    readonly enabled: boolean,
    env?: Pick<Env, 'now'>,
  ) {
    this.startedAt = env?.now() ?? new Date();
    makeAutoObservable<QaStore, 'nextId' | 'probe' | 'pendingScreens' | 'recorders'>(this, {
      recordings: false,
      recorders: false,
      nextId: false,
      probe: false,
      pendingScreens: false,
      rulesUsed: false,
      rollouts: observable.ref,
      startedAt: false,
    });
  }

  /**
   * The path recorder, handed in by the capture (src/shell/qa-capture.ts, which start.tsx installs before the
   * first render when `?qa` is on); without it no flow is recorded.
   */
  usePaths(paths: PathsModule): void {
    this.recorders = paths;
  }

  /** The capture attaches once it is loaded; flows started before it record no controls or screens. */
  attach(probe: QaProbe): void {
    this.probe = probe;
  }

  /** Records which rules the page decides with: each decision's file and whether it was served or bundled. */
  decidedWith(loaded: { rulesets: Record<string, unknown>; sources: Record<string, 'served' | 'bundled'> }) {
    this.rulesUsed = Object.fromEntries(
      Object.entries(loaded.rulesets).map(([id, rules]) => [
        ruleFileOf(id),
        { source: loaded.sources[id] ?? 'bundled', rules },
      ]),
    );
  }

  /**
   * A flow whose machine is still loading (useFlow loads it on the first event) was sent an event: the
   * control that sent it and the screen are read now, while they are as the user left them, and handed to
   * inspectFor once the machine has loaded. Undefined when QA capture is off or not attached yet.
   */
  earlyStep(since: number | undefined): EarlyStep | undefined {
    const probe = this.probe;
    if (!this.enabled || !probe) return undefined;
    this.flushScreens();
    return {
      via: probe.takeVia(since ?? 0),
      before: probe.readScreen(),
      page: probe.location(),
    };
  }

  /** The probe's clock (0 before the capture attached): where a flow's first step starts looking for controls. */
  now(): number | undefined {
    return this.probe?.now();
  }

  /**
   * The `inspect` option of a flow actor (useFlow, a store-held actor); undefined when QA capture is off.
   * `early`: the steps sent before the machine had loaded (earlyStep), in order.
   */
  inspectFor(
    machine: string,
    logic: AnyStateMachine,
    input?: JsonValue,
    early: EarlyStep[] = [],
  ): ((e: InspectionEvent) => void) | undefined {
    const paths = this.recorders;
    if (!this.enabled || !paths) return undefined;
    const id = this.nextId++;
    const recording: Recording = {
      id,
      machine,
      logic,
      early: [...early],
      lastStepAt: this.probe?.now() ?? 0,
      recorder: paths.createPathRecorder({
        machine,
        logic,
        ...(input === undefined ? {} : { input }),
        hooks: {
          onEvent: (event, step) => this.beforeStep(recording, event, step),
          onStep: (step) => this.afterStep(recording, step),
        },
      }),
    };
    this.recordings.push(recording);
    return (e) => {
      recording.recorder.inspect(e);
      this.touch();
    };
  }

  private beforeStep(recording: Recording, event: { type: string }, step: number): void {
    const probe = this.probe;
    if (!probe) return;
    // Another flow's event ends what this page showed for the others' last steps: read them now. This
    // flow's own next event coming before its page settled leaves that step without a screen.
    this.pendingScreens.delete(recording);
    this.flushScreens();
    const answer = this.recorders?.actorAnswer(event) ?? null;
    const early = answer ? undefined : recording.early.shift();
    if (early) {
      if (step === 0) recording.page = early.page;
      recording.pending = { via: early.via, before: early.before };
      return;
    }
    if (step === 0) recording.page = probe.location();
    recording.pending = {
      // An invoked actor's answer comes from the call, not from the page.
      via: answer ? undefined : probe.takeVia(recording.lastStepAt),
      before: probe.readScreen(),
    };
  }

  private afterStep(recording: Recording, step: number): void {
    const probe = this.probe;
    const pending = recording.pending;
    recording.pending = undefined;
    if (!probe || !pending) return;
    recording.lastStepAt = probe.now();
    if (pending.via) recording.recorder.annotate(step, { via: pending.via });
    const before = pending.before;
    if (!before) return;
    const finish = () => {
      if (this.pendingScreens.get(recording) !== finish) return;
      this.pendingScreens.delete(recording);
      recording.recorder.annotate(step, { screen: screenChange(before, probe.readScreen()) });
      this.touch();
    };
    this.pendingScreens.set(recording, finish);
    probe.whenSettled(finish);
  }

  /**
   * Reads now the screen of every step still waiting for the page to settle: the user acts (or another flow
   * moves) on what is shown, so that is the screen those steps led to.
   */
  flushScreens(): void {
    for (const finish of [...this.pendingScreens.values()]) finish();
  }

  setRuleFiles(files: RuleFileReport[]): void {
    this.ruleFiles = files;
  }

  setRollouts(rollouts: Rollout[]): void {
    this.rollouts = rollouts;
  }

  touch(): void {
    this.version++;
  }

  /** Recorded paths with at least one step, newest first, with each flow's state now. */
  get paths(): Array<{ id: number; machine: string; state: StateValue | null; file: PathFile }> {
    void this.version;
    return this.recordings
      .map((r) => ({
        id: r.id,
        machine: r.machine,
        state: r.recorder.currentState(),
        file: r.recorder.toPathFile(),
      }))
      .filter((p) => p.file.steps.length > 0)
      .reverse();
  }

  recording(id: number): Recording | undefined {
    return this.recordings.find((r) => r.id === id);
  }
}
