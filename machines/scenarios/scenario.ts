import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { Message } from '../messages';
import type { JsonValue, PathEvent } from '../paths';

/**
 * What `npm run paths` explores for each machine: one or more scenarios (an input), and the events tried
 * in every state: user events with representative payloads, and for every invoked actor its done event
 * with representative outputs and its error event (the graph traversal runs no actors, so their answers
 * are events). A machine added to machines/ gets its scenarios in the file of its part of the portal here
 * (machines/scenarios/), listed in PATH_MACHINES (machines/path-scenarios.ts), with the texts it can produce.
 */

export interface PathScenario {
  /** kebab-case, used in file names when a machine has more than one scenario. */
  id: string;
  /** One line for QA: what is given. */
  given: string;
  input?: JsonValue;
  /** The events tried in every state, or per state (to keep an actor's outputs to the state that asks). */
  events: readonly PathEvent[] | ((snapshot: AnyMachineSnapshot) => readonly PathEvent[]);
}

export interface PathMachine {
  /** The file stem: machines/<id>.machine.ts, test/paths/<id>/. */
  id: string;
  machine: AnyStateMachine;
  scenarios: readonly PathScenario[];
  /** Every text the machine can produce (each must be reached by a path). */
  messages: readonly Message[];
}

/** `{ type: 'xstate.done.actor.<id>', output }`: the invoked actor `id` resolved with `output`. */
export const done = (actorId: string, output?: JsonValue): PathEvent =>
  output === undefined
    ? { type: `xstate.done.actor.${actorId}` }
    : { type: `xstate.done.actor.${actorId}`, output };

/** `{ type: 'xstate.error.actor.<id>', error: { message } }`: the invoked actor `id` rejected. */
export const failed = (actorId: string, message: string): PathEvent => ({
  type: `xstate.error.actor.${actorId}`,
  error: { message },
});
