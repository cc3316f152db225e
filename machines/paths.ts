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
  /**
   * Captured sessions only: what the user did on the page for this event, in order, the last action being
   * the control that sent it. Absent for an invoked actor's answer (nobody acts: the call answers), and for
   * an event the page sent by itself.
   */
  via?: UiAction[];
  /**
   * Captured sessions only: the lines of text the event brought onto the screen and took off it, read once
   * the page had settled. Absent when the flow moved on before the page settled (a call that answered at
   * once), and in generated paths.
   */
  screen?: ScreenChange;
}

/**
 * A control as a browser driver finds it: by ARIA role and accessible name (exact), inside the open dialog
 * of that name when `within` is given, the `index`-th match (from 0) when several controls share both.
 */
export interface UiTarget {
  role: string;
  name: string;
  within?: string;
  index?: number;
}

/** One user action on the page: a click, a field filled with a value, an option chosen, a key pressed. */
export type UiAction =
  | ({ action: 'click' } & UiTarget)
  | ({ action: 'fill'; value: string } & UiTarget)
  | ({ action: 'select'; value: string } & UiTarget)
  | { action: 'press'; key: string };

/** Lines of page text (whitespace collapsed) that a step showed and removed; toasts timing out are not removals. */
export interface ScreenChange {
  shown: string[];
  gone: string[];
}

export { PATH_FORMAT } from './version';

/** Where and under what conditions a session was captured, as far as the page could know. */
export interface CapturedSession {
  /** The browser's clock when the page loaded (ISO 8601, UTC). */
  capturedAt: string;
  /** The day the back end's dates were relative to (YYYY-MM-DD): the sandbox's day, else the browser's. */
  date: string;
  /** The sandbox's clock when the page loaded (local YYYY-MM-DDTHH:mm:ss); absent without a sandbox. */
  sandboxClock?: string;
  /** The signed-in sandbox persona; null when signed out or when no sandbox says (a real deployment). */
  persona: string | null;
  /** Which of the persona's accounts was current (0 the first). */
  accountIndex?: number;
  /** Faults armed in the sandbox session: call path -> '500' | 'timeout' | 'malformed'. */
  faults: Record<string, string>;
  /** The page the flow ran on (path and query, without `qa`), and the router state it was opened with. */
  page: { path: string; state?: JsonValue };
  /** The rules the page decided with: each decision file's source and content hash, and one hash of all. */
  rules: {
    hash: string | null;
    files: Record<string, { source: 'served' | 'bundled'; hash: string | null }>;
  };
  /** The browser's settings that change what a page shows. */
  browser: { timeZone: string; locale: string; viewport: { width: number; height: number } };
}

export interface PathFile {
  /** The format's version (PATH_FORMAT); absent in format 1. */
  format?: number;
  /** The machine's file stem: 'account-switch' for machines/account-switch.machine.ts. */
  machine: string;
  /** Captured sessions: the hash of the machine's definition when captured (machineVersion()); null without Web Crypto. */
  machineVersion?: string | null;
  description: string;
  /** Captured sessions: persona, date, faults, page, rules. */
  session?: CapturedSession;
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
  /** Adds what the page knows of a step (the UI that sent it, what it changed on screen). */
  annotate: (step: number, extra: Pick<PathStep, 'via' | 'screen'>) => void;
  /** Steps recorded so far. */
  stepCount: () => number;
  /** The machine's state value now (null before it started). */
  currentState: () => StateValue | null;
}

/** What the app observes around each step of a live actor (the QA capture in the browser). */
export interface RecorderHooks {
  /** The machine received an event and has not reacted yet; `step` is the index its step will have. */
  onEvent?: (event: PathEvent, step: number) => void;
  /** Step `step` is recorded: the machine has reacted. */
  onStep?: (step: number) => void;
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
  hooks?: RecorderHooks;
}): PathRecorder {
  const named = namedActionsOf(options.logic);
  let rootSessionId: string | null = null;
  let initialState: StateValue | null = null;
  let state: StateValue | null = null;
  let shown: ShownMessage[] = [];
  const steps: PathStep[] = [];
  let current: { event: PathEvent; actions: RanAction[] } | null = null;

  const inspect = (ev: InspectionEvent): void => {
    rootSessionId ??= ev.rootId;
    if (ev.actorRef.sessionId !== rootSessionId) return;
    if (ev.type === '@xstate.event') {
      if (ev.event.type === 'xstate.init') return;
      current = { event: toPathEvent(ev.event), actions: [] };
      options.hooks?.onEvent?.(current.event, steps.length);
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
        options.hooks?.onStep?.(steps.length - 1);
      }
      shown = after;
      state = ev.snapshot.value;
    }
  };

  return {
    inspect,
    annotate: (index, extra) => {
      const step = steps[index];
      if (step) Object.assign(step, extra);
    },
    stepCount: () => steps.length,
    currentState: () => state,
    toPathFile: () => ({
      machine: options.machine,
      description: options.description ?? `Recorded in a browser session (${steps.length} steps)`,
      ...(options.input === undefined ? {} : { input: options.input }),
      initialState: initialState ?? '',
      steps: steps.map((s) => ({ ...s })),
    }),
  };
}
