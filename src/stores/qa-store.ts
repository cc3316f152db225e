import { makeAutoObservable } from 'mobx';
import type { AnyStateMachine, InspectionEvent } from 'xstate';
import { createPathRecorder, type JsonValue, type PathFile, type PathRecorder } from '../../machines/paths';
import type { RuleFileReport } from '../engine/load';

interface Recording {
  id: number;
  machine: string;
  recorder: PathRecorder;
}

/**
 * Path capture for QA: with `?qa` in the address at start-up, every flow machine the app runs records the
 * path it takes, in the same format as the generated path files, so a customer's path can be replayed with
 * `npx tsx scripts/generate-paths.ts --replay FILE`. Nothing is stored in the browser.
 */
export class QaStore {
  recordings: Recording[] = [];
  /** Each decision's rule file as served, fallen back or rejected (src/engine/load.ts), once loaded. */
  ruleFiles: RuleFileReport[] = [];
  /** Bumped on every inspected event so the panel re-reads the recorders (they are plain objects). */
  version = 0;
  private nextId = 1;

  constructor(readonly enabled: boolean) {
    makeAutoObservable<QaStore, 'nextId'>(this, { recordings: false, nextId: false });
  }

  /** The `inspect` option for createActor/useMachine; undefined when QA capture is off. */
  inspectFor(
    machine: string,
    logic: AnyStateMachine,
    input?: JsonValue,
  ): ((e: InspectionEvent) => void) | undefined {
    if (!this.enabled) return undefined;
    const recorder = createPathRecorder({ machine, logic, ...(input === undefined ? {} : { input }) });
    this.recordings.push({ id: this.nextId++, machine, recorder });
    return (e) => {
      recorder.inspect(e);
      this.touch();
    };
  }

  setRuleFiles(files: RuleFileReport[]): void {
    this.ruleFiles = files;
  }

  touch(): void {
    this.version++;
  }

  /** Recorded paths with at least one step, newest first. */
  get paths(): Array<{ id: number; machine: string; file: PathFile }> {
    void this.version;
    return this.recordings
      .map((r) => ({ id: r.id, machine: r.machine, file: r.recorder.toPathFile() }))
      .filter((p) => p.file.steps.length > 0)
      .reverse();
  }
}
