import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Actor, AnyStateMachine, EventFrom, InputFrom, SnapshotFrom } from 'xstate';
import { shownMessages } from '../../machines/messages';
import {
  RESTING,
  restingEdit,
  restingMatches,
  type Resting,
  type RestingMachine,
} from '../../machines/resting';
import { ANALYTICS_EVENTS, stepName, trackEvent } from './analytics';
import { useStores } from './context';
import { DECLINED_TAG, useHomeSection } from './home-section';
import type { EarlyStep } from './qa-store';
import type { RootStore } from './root-store';

/** Loads a flow's machine with its effects provided (a dynamic import of the feature's flows). */
export type FlowSource<T extends AnyStateMachine> = () => Promise<T>;

/**
 * Runs a flow machine for a component, with QA path capture and analytics: when the session runs with `?qa`,
 * the path this flow takes is recorded (one recorder per mounted flow) for the QA panel; every step of the
 * flow is pushed to the dataLayer as flow_step, and every failure it shows as flow_error with the message id
 * (never what was typed). `name` is the machine's file stem.
 *
 * Until the flow is used it is at rest (machines/resting.ts: its first state and context for this input), and
 * neither xstate nor the machine is loaded: a card's flow costs /home's first load nothing. The first event
 * loads them (`source`: the feature's flows module, imported dynamically), then starts the actor and hands
 * it the events sent meanwhile, in order. The component renders the same either way: resting is the
 * machine's initial snapshot (test/machines/resting.test.ts). A field's changes sent while the machine loads
 * show at once (machines/resting.ts RESTING_EDITS): the field keeps what was typed, and a submit in that moment
 * judges what is in it. A page that imports its machine anyway (sign-in
 * recovery, the studio) runs it with usePageFlow instead, and needs no resting entry.
 */
export function useFlow<T extends AnyStateMachine>(
  name: RestingMachine,
  source: FlowSource<T>,
  input?: InputFrom<T>,
): [SnapshotFrom<T>, (event: EventFrom<T>) => void] {
  const store = useStores();
  // As @xstate/react's hook does, the flow keeps the logic and input it was first rendered with.
  const [flow] = useState(() => new Flow<T>(name, input, store, source));
  // The server renders the resting snapshot, as the browser's first render does.
  const snapshot = useSyncExternalStore(flow.subscribe, flow.getSnapshot, flow.getSnapshot);
  useEffect(() => {
    flow.mount();
    return () => flow.unmount();
  }, [flow]);
  // A flow at rest was never started by the customer (a card's Pay Bill on /home): no step to report.
  useFlowAnalytics(name, snapshot, flow.started);
  useSectionCompletion(snapshot, flow.started);
  return [snapshot, flow.send];
}

/**
 * A flow a home section started that reaches its end (a final state not tagged 'declined') is reported for
 * that section, for a rollout's live effect (issue 32 item 2): once per end reached.
 */
function useSectionCompletion(
  snapshot: { status: string; hasTag(tag: string): boolean },
  started: boolean,
): void {
  const store = useStores();
  const section = useHomeSection();
  const completed = started && snapshot.status === 'done' && !snapshot.hasTag(DECLINED_TAG);
  useEffect(() => {
    if (completed && section) store.sectionActed(section, 'completed');
  }, [store, section, completed]);
}

/**
 * Analytics of a flow (useFlow, usePageFlow): every step is pushed to the dataLayer as flow_step, and every
 * failure it shows as flow_error with the message id (never what was typed). Only while `started`: a card's
 * flow that nobody used sends nothing (a page's flow, usePageFlow, runs from the moment its page opens).
 */
export function useFlowAnalytics(
  name: string,
  snapshot: { value: unknown; getMeta(): Record<string, unknown> },
  started = true,
) {
  const store = useStores();
  const step = stepName(snapshot.value);
  const failure = shownMessages(snapshot).find((m) => m.tone === 'error')?.id ?? null;
  useEffect(() => {
    if (started) trackEvent(store.env, ANALYTICS_EVENTS.flowStep, { flow: name, step });
  }, [store.env, name, step, started]);
  useEffect(() => {
    if (started && failure)
      trackEvent(store.env, ANALYTICS_EVENTS.flowError, { flow: name, step, message_id: failure });
  }, [store.env, name, step, failure, started]);
}

/** What a flow's snapshot offers the components while it is at rest (the same answers as the machine's). */
function restingSnapshot(resting: Resting) {
  return {
    value: resting.value,
    context: resting.context,
    status: 'active' as const,
    output: undefined,
    error: undefined,
    tags: new Set<string>(),
    matches: (query: string) => restingMatches(resting.value, query),
    hasTag: () => false,
    getMeta: () => ({}),
  };
}

class Flow<T extends AnyStateMachine> {
  private actor: Actor<T> | null = null;
  private loading = false;
  private mounted = false;
  private readonly queue: Array<EventFrom<T>> = [];
  private readonly early: EarlyStep[] = [];
  private readonly listeners = new Set<() => void>();
  /** The machine's first state for this input, and what is shown at rest: it plus the field edits queued. */
  private readonly initial: Resting;
  private rest: Resting;
  private resting: SnapshotFrom<T>;
  /** How many of the queued events, from the first, are field edits already shown in `resting`. */
  private edits = 0;
  /** The capture's clock when the flow mounted: its first step's controls are looked for from here. */
  private readonly since: number | undefined;

  constructor(
    private readonly name: RestingMachine,
    private readonly input: InputFrom<T> | undefined,
    private readonly store: RootStore,
    private readonly source: FlowSource<T>,
  ) {
    this.initial = (RESTING[name] as (input: unknown) => Resting)(input);
    this.rest = this.initial;
    this.resting = this.snapshotAt(this.initial);
    this.since = store.qa.now();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SnapshotFrom<T> => (this.actor ? this.actor.getSnapshot() : this.resting);

  /** The customer has used the flow: its actor runs (read on the render its snapshot change causes). */
  get started(): boolean {
    return this.actor !== null;
  }

  send = (event: EventFrom<T>): void => {
    if (this.actor) {
      this.actor.send(event);
      return;
    }
    const early = this.store.qa.earlyStep(this.since);
    if (early) this.early.push(early);
    // Only while every queued event is an edit is the machine's state known to be the resting one.
    const edited = this.edits === this.queue.length ? restingEdit(this.name, this.rest, event) : null;
    this.queue.push(event);
    if (edited) {
      this.edits += 1;
      this.showResting(edited);
    }
    this.load();
  };

  private showResting(rest: Resting): void {
    this.rest = rest;
    this.resting = this.snapshotAt(rest);
    this.notify();
  }

  private snapshotAt(rest: Resting): SnapshotFrom<T> {
    return restingSnapshot(rest) as unknown as SnapshotFrom<T>;
  }

  mount(): void {
    this.mounted = true;
    if (this.queue.length > 0) this.load();
  }

  unmount(): void {
    this.mounted = false;
    if (this.actor) {
      this.actor.stop();
      this.actor = null;
      this.edits = 0;
      this.showResting(this.initial);
    } else this.notify();
  }

  load(): void {
    if (this.loading || this.actor || !this.mounted) return;
    this.loading = true;
    Promise.all([this.source(), import('xstate')])
      .then(([logic, xstate]) => {
        this.loading = false;
        if (!this.mounted || this.actor) return;
        const inspect = this.store.qa.inspectFor(this.name, logic, this.input, this.early.splice(0));
        const actor = xstate.createActor(logic, {
          ...(this.input === undefined ? {} : { input: this.input }),
          ...(inspect ? { inspect } : {}),
        }) as Actor<T>;
        actor.subscribe({ next: () => this.notify(), error: () => this.notify() });
        actor.start();
        this.actor = actor;
        this.edits = 0;
        for (const event of this.queue.splice(0)) actor.send(event);
        this.notify();
      })
      .catch((error: unknown) => {
        // The flow's code could not be fetched (offline, a new deployment): the flow stays at rest and the
        // next event tries again; the customer's click did nothing, so the issue log hears of it. What was
        // typed stays in its field (the edits shown are kept for the next try).
        this.loading = false;
        this.queue.length = this.edits;
        this.early.length = 0;
        this.store.logIssue(
          this.store.page,
          'loadFlow',
          `${this.name}: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
