import type { AnyStateMachine, InspectionEvent, StateValue } from 'xstate';
import { shownMessages, type HasMeta, type Message, type ShownMessage, type ToastMessage } from './messages';

/**
 * The path file format: one run of a flow machine, event by event, with the state and the messages each
 * event leads to. `npm run paths` writes them to test/paths/<machine>/ (scripts/generate-paths.ts), the tests
 * replay them, and a browser session exports the path it took in the same format (createPathRecorder).
 * machines/README.md explains them for QA.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * An event as a path records it: a user event (`{ type: 'ACCOUNT.SELECT', pid: 'P2' }`), or an invoked
 * actor's answer, `{ type: 'xstate.done.actor.<id>', output? }` or `{ type: 'xstate.error.actor.<id>',
 * error: { message } }`.
 */
export interface PathEvent {
  type: string;
  [key: string]: JsonValue | undefined;
}

export interface PathStep {
  event: PathEvent;
  /** The machine's state value after the event, as `snapshot.value` gives it. */
  expectedState: StateValue;
  /** Toasts the event fires, then dialogs or messages it opens (machines/messages.ts); absent when none. */
  expectedMessages?: Message[];
  /** Names of the other effects (named actions) the event runs, in order; absent when none. */
  expectedEffects?: string[];
}

export interface PathFile {
  /** The machine's file stem: 'account-switch' for machines/account-switch.machine.ts. */
  machine: string;
  description: string;
  /** The machine's input, when it takes one. */
  input?: JsonValue;
  initialState: StateValue;
  steps: PathStep[];
}

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';

/** The invoked actor an event answers for, if it is a done or error event. */
export function actorAnswer(event: { type: string }): { kind: 'done' | 'error'; actorId: string } | null {
  if (event.type.startsWith(DONE)) return { kind: 'done', actorId: event.type.slice(DONE.length) };
  if (event.type.startsWith(ERROR)) return { kind: 'error', actorId: event.type.slice(ERROR.length) };
  return null;
}

function toJson(value: unknown): JsonValue | undefined {
  if (value === undefined) return undefined;
  if (value instanceof Error) return { message: value.message };
  try {
    return JSON.parse(JSON.stringify(value)) as JsonValue;
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/**
 * An event in path form: plain JSON; done/error events keep only `output` / `error` (an Error becomes
 * `{ message }`), not XState's internal `actorId`.
 */
export function toPathEvent(event: { type: string }): PathEvent {
  const answer = actorAnswer(event);
  const record = event as Record<string, unknown>;
  if (answer?.kind === 'done') {
    const output = toJson(record.output);
    return output === undefined ? { type: event.type } : { type: event.type, output };
  }
  if (answer?.kind === 'error') return { type: event.type, error: toJson(record.error) ?? null };
  const out: PathEvent = { type: event.type };
  for (const [key, value] of Object.entries(record)) {
    if (key === 'type') continue;
    const json = toJson(value);
    if (json !== undefined) out[key] = json;
  }
  return out;
}

/** An action a step ran: its name and params (the shape XState's executable actions and inspection share). */
export interface RanAction {
  type: string;
  params: unknown;
}

/**
 * What one step shows and does, computed the same way by the generator, the replay and the recorder:
 * the toasts of its `showToast` actions, then the dialogs/messages shown after it that were not shown
 * before it; the names of its other named actions.
 */
export function stepOutcome(
  actions: readonly RanAction[],
  shownBefore: readonly ShownMessage[],
  shownAfter: readonly ShownMessage[],
  namedActions: ReadonlySet<string>,
): Pick<PathStep, 'expectedMessages' | 'expectedEffects'> {
  const toasts = actions.filter((a) => a.type === 'showToast').map((a) => a.params as ToastMessage);
  const before = new Set(shownBefore.map((m) => m.id));
  const opened = shownAfter.filter((m) => !before.has(m.id));
  const messages: Message[] = [...toasts, ...opened];
  const effects = actions
    .filter((a) => a.type !== 'showToast' && namedActions.has(a.type))
    .map((a) => a.type);
  return {
    ...(messages.length ? { expectedMessages: messages } : {}),
    ...(effects.length ? { expectedEffects: effects } : {}),
  };
}

/** The names of a machine's named actions (those its `setup` declares). */
export function namedActionsOf(machine: AnyStateMachine): Set<string> {
  return new Set(Object.keys(machine.implementations.actions));
}

export interface PathRecorder {
  /** Pass as `createActor(machine, { input, inspect: recorder.inspect })`. */
  inspect: (event: InspectionEvent) => void;
  /** The path so far, in the path file format. */
  toPathFile: () => PathFile;
}

interface SnapshotLike extends HasMeta {
  value: StateValue;
}

function isSnapshotLike(value: unknown): value is SnapshotLike {
  return typeof value === 'object' && value !== null && 'value' in value && 'getMeta' in value;
}

/**
 * Records the path a live actor takes, for QA to replay with scripts/generate-paths.ts --replay. Only the
 * root actor's events count (its invoked actors' answers arrive at the root as done/error events).
 */
export function createPathRecorder(options: {
  machine: string;
  logic: AnyStateMachine;
  input?: JsonValue;
  description?: string;
}): PathRecorder {
  const named = namedActionsOf(options.logic);
  let rootSessionId: string | null = null;
  let initialState: StateValue | null = null;
  let shown: ShownMessage[] = [];
  const steps: PathStep[] = [];
  let current: { event: PathEvent; actions: RanAction[] } | null = null;

  const inspect = (ev: InspectionEvent): void => {
    rootSessionId ??= ev.rootId;
    if (ev.actorRef.sessionId !== rootSessionId) return;
    if (ev.type === '@xstate.event') {
      if (ev.event.type === 'xstate.init') return;
      current = { event: toPathEvent(ev.event), actions: [] };
    } else if (ev.type === '@xstate.action') {
      current?.actions.push({ type: ev.action.type, params: ev.action.params });
    } else if (ev.type === '@xstate.snapshot') {
      if (!isSnapshotLike(ev.snapshot)) return;
      const after = shownMessages(ev.snapshot);
      if (initialState === null) {
        initialState = ev.snapshot.value;
      } else if (current) {
        steps.push({
          event: current.event,
          expectedState: ev.snapshot.value,
          ...stepOutcome(current.actions, shown, after, named),
        });
        current = null;
      }
      shown = after;
    }
  };

  return {
    inspect,
    toPathFile: () => ({
      machine: options.machine,
      description: options.description ?? `Recorded in a browser session (${steps.length} steps)`,
      ...(options.input === undefined ? {} : { input: options.input }),
      initialState: initialState ?? '',
      steps: steps.map((s) => ({ ...s })),
    }),
  };
}
