/**
 * The path files of every flow machine (machines/README.md explains them for QA), generated and checked
 * (`npm run paths`, scripts/generate-paths.ts); replaying them is ./replay.ts.
 *
 * Generation: for each scenario of machines/path-scenarios.ts, `getShortestPaths` and `getSimplePaths` of
 * xstate/graph, de-duplicated (a path that is a prefix of another is dropped: the longer one checks the
 * same states), then completed so that every transition that changes the state or runs an effect is
 * taken by at least one path (a transition back to an already-visited state, such as a failure returning
 * to idle, is no simple path's last step). The expected messages and effects of each step come from
 * XState's pure `transition`, so the files say what the machine shows, not only where it goes.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  initialTransition,
  transition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  type StateValue,
} from 'xstate';
import {
  getAdjacencyMap,
  getShortestPaths,
  getSimplePaths,
  getStateNodes,
  serializeSnapshot,
} from 'xstate/graph';
import { shownMessages, type Message } from '../../machines/messages';
import { PATH_MACHINES, type PathMachine, type PathScenario } from '../../machines/path-scenarios';
import {
  actorAnswer,
  namedActionsOf,
  stepOutcome,
  toPathEvent,
  type PathEvent,
  type PathFile,
  type PathStep,
} from '../../machines/paths';
import { repoRoot } from '../repo';

export const PATHS_DIR = join(repoRoot, 'test', 'paths');

// ---------------------------------------------------------------------------------------------------------
// Generation

type EventsOption = readonly EventObject[] | ((snapshot: AnyMachineSnapshot) => readonly EventObject[]);

/** A traversal path of xstate/graph, typed for any flow machine. */
interface GraphPath {
  state: AnyMachineSnapshot;
  steps: Array<{ event: EventObject; state: AnyMachineSnapshot }>;
}

/** One transition of the adjacency map: the event tried in a state and the state it leads to. */
interface GraphEdge {
  event: EventObject;
  state: AnyMachineSnapshot;
}

/**
 * The typed edge of xstate/graph. `AnyStateMachine` carries `any` event and context types, and done/error
 * events are not in a machine's own event union; both are narrowed here, once, to plain snapshots and
 * EventObjects (PathEvent is an EventObject in JSON form).
 */
const graph = {
  options: (scenario: PathScenario) => ({ input: scenario.input, events: scenario.events as EventsOption }),
  shortest: (machine: AnyStateMachine, scenario: PathScenario): GraphPath[] =>
    getShortestPaths(machine, graph.options(scenario)),
  simple: (machine: AnyStateMachine, scenario: PathScenario): GraphPath[] =>
    getSimplePaths(machine, graph.options(scenario)),
  adjacency: (
    machine: AnyStateMachine,
    scenario: PathScenario,
  ): Array<{ from: string; state: AnyMachineSnapshot; edges: GraphEdge[] }> =>
    Object.entries(
      getAdjacencyMap(machine, graph.options(scenario)) as unknown as Record<
        string,
        { state: AnyMachineSnapshot; transitions: Record<string, GraphEdge> }
      >,
    ).map(([from, { state, transitions }]) => ({ from, state, edges: Object.values(transitions) })),
};

const keyOf = (snapshot: AnyMachineSnapshot): string => serializeSnapshot(snapshot);
const eventKey = (event: EventObject): string => JSON.stringify(event);

/** A path as the traversal found it: the events after the initial state. */
type EventPath = PathEvent[];

/** Steps of a graph path start with a synthetic 'xstate.init' step holding the initial state. */
const eventsOf = (p: GraphPath): EventPath => p.steps.slice(1).map((s) => toPathEvent(s.event));

function graphPaths(machine: AnyStateMachine, scenario: PathScenario): EventPath[] {
  return [...graph.shortest(machine, scenario), ...graph.simple(machine, scenario)].map(eventsOf);
}

/** Drops duplicates and any path that is a prefix of another one. */
function dedupe(paths: EventPath[]): EventPath[] {
  const keyed = paths.map((p) => ({ p, keys: p.map(eventKey) }));
  keyed.sort((a, b) => b.keys.length - a.keys.length);
  const kept: typeof keyed = [];
  for (const candidate of keyed) {
    if (candidate.keys.length === 0) continue;
    const covered = kept.some((k) => candidate.keys.every((key, i) => k.keys[i] === key));
    if (!covered) kept.push(candidate);
  }
  return kept.map((k) => k.p);
}

/** Whether taking `event` in `snapshot` does anything: changes the state or runs a named action. */
function isEffective(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  const [next, actions] = transition(machine, snapshot, event);
  const named = namedActionsOf(machine);
  return keyOf(next) !== keyOf(snapshot) || actions.some((a) => named.has(a.type));
}

/** Adds, for every effective transition no path takes, the shortest path to its source plus that event. */
function completeTransitionCoverage(
  machine: AnyStateMachine,
  scenario: PathScenario,
  paths: EventPath[],
): EventPath[] {
  const shortest = new Map<string, EventPath>();
  for (const p of graph.shortest(machine, scenario)) shortest.set(keyOf(p.state), eventsOf(p));
  const taken = new Set<string>();
  for (const p of paths) {
    let [snapshot] = initialTransition(machine, scenario.input);
    for (const event of p) {
      taken.add(`${keyOf(snapshot)}|${eventKey(event)}`);
      [snapshot] = transition(machine, snapshot, event);
    }
  }
  const added: EventPath[] = [];
  for (const { from, state, edges } of graph.adjacency(machine, scenario)) {
    for (const { event } of edges) {
      const pathEvent = toPathEvent(event);
      if (taken.has(`${from}|${eventKey(pathEvent)}`)) continue;
      if (!isEffective(machine, state, event)) continue;
      const prefix = shortest.get(from);
      if (!prefix) throw new Error(`${scenario.id}: no path reaches ${from}`);
      added.push([...prefix, pathEvent]);
      taken.add(`${from}|${eventKey(pathEvent)}`);
    }
  }
  return dedupe([...paths, ...added]);
}

/** The path file of one event path: states, messages and effects from the pure transition function. */
function toPathFile(entry: PathMachine, scenario: PathScenario, events: EventPath): PathFile {
  const { machine } = entry;
  const named = namedActionsOf(machine);
  let [snapshot] = initialTransition(machine, scenario.input);
  const initialState = snapshot.value as StateValue;
  const steps: PathStep[] = [];
  for (const event of events) {
    const before = shownMessages(snapshot);
    const [next, actions] = transition(machine, snapshot, event);
    steps.push({
      event,
      expectedState: next.value as StateValue,
      ...stepOutcome(actions, before, shownMessages(next), named),
    });
    snapshot = next;
  }
  return {
    machine: entry.id,
    description: describe(scenario, steps),
    ...(scenario.input === undefined ? {} : { input: scenario.input }),
    initialState,
    steps,
  };
}

export function stateText(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined ? key : `${key}.${stateText(child)}`))
    .join(', ');
}

export function eventText(event: PathEvent): string {
  const answer = actorAnswer(event);
  if (answer?.kind === 'done') {
    return event.output === undefined
      ? `${answer.actorId} resolves`
      : `${answer.actorId} resolves ${JSON.stringify(event.output)}`;
  }
  if (answer?.kind === 'error') return `${answer.actorId} rejects`;
  const { type, ...payload } = event;
  return Object.keys(payload).length ? `${type} ${JSON.stringify(payload)}` : type;
}

export function messageText(m: Message): string {
  return `${m.display} '${m.text}'`;
}

function describe(scenario: PathScenario, steps: PathStep[]): string {
  const last = steps[steps.length - 1];
  const end = last ? stateText(last.expectedState) : '';
  const shows = last?.expectedMessages?.length
    ? `, showing ${last.expectedMessages.map(messageText).join(' and ')}`
    : '';
  return `${scenario.given}: ${steps.map((s) => eventText(s.event)).join(' → ')} ⇒ ${end}${shows}`;
}

const kebab = (s: string): string =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();

function slugOf(entry: PathMachine, scenario: PathScenario, file: PathFile): string {
  const last = file.steps[file.steps.length - 1];
  if (!last) return kebab(scenario.id);
  const answer = actorAnswer(last.event);
  const lastEvent = answer
    ? `${answer.actorId}-${answer.kind === 'done' ? 'resolves' : 'rejects'}`
    : last.event.type;
  const parts = [
    entry.scenarios.length > 1 ? scenario.id : '',
    kebab(stateText(last.expectedState)),
    'after',
    kebab(lastEvent),
  ];
  return kebab(parts.filter(Boolean).join('-')).slice(0, 90).replace(/-+$/, '');
}

export interface GeneratedPath {
  /** Relative to test/paths: '<machine>/<n>-<slug>.json'. */
  name: string;
  file: PathFile;
}

/** Every path file of one machine, sorted (scenario order, then fewer steps, then events) and numbered. */
export function generateMachinePaths(entry: PathMachine): GeneratedPath[] {
  const all: Array<{ scenarioIndex: number; scenario: PathScenario; events: EventPath }> = [];
  entry.scenarios.forEach((scenario, scenarioIndex) => {
    const paths = completeTransitionCoverage(
      entry.machine,
      scenario,
      dedupe(graphPaths(entry.machine, scenario)),
    );
    for (const events of paths) all.push({ scenarioIndex, scenario, events });
  });
  const sortKey = (x: (typeof all)[number]) => x.events.map(eventKey).join('\n');
  all.sort(
    (a, b) =>
      a.scenarioIndex - b.scenarioIndex ||
      a.events.length - b.events.length ||
      (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0),
  );
  const width = Math.max(2, String(all.length).length);
  return all.map(({ scenario, events }, i) => {
    const file = toPathFile(entry, scenario, events);
    const n = String(i + 1).padStart(width, '0');
    return { name: `${entry.id}/${n}-${slugOf(entry, scenario, file)}.json`, file };
  });
}

export const renderPathFile = (file: PathFile): string => `${JSON.stringify(file, null, 2)}\n`;

/** Every path file of every machine: name (relative to test/paths) -> file content. */
export function renderAllPathFiles(machines: readonly PathMachine[] = PATH_MACHINES): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of machines) {
    for (const { name, file } of generateMachinePaths(entry)) out.set(name, renderPathFile(file));
  }
  return out;
}

/** The path files on disk under `dir` (relative names, sorted). */
export function listPathFiles(dir: string = PATHS_DIR): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const machineDir of readdirSync(dir, { withFileTypes: true })) {
    if (!machineDir.isDirectory()) continue;
    for (const f of readdirSync(join(dir, machineDir.name))) {
      if (f.endsWith('.json')) out.push(`${machineDir.name}/${f}`);
    }
  }
  return out.sort();
}

/** Differences between the generated files and those on disk; empty when current. */
export function checkPathFiles(dir: string = PATHS_DIR): string[] {
  const generated = renderAllPathFiles();
  const onDisk = new Set(
    listPathFiles(dir).filter((n) => PATH_MACHINES.some((m) => n.startsWith(`${m.id}/`))),
  );
  const problems: string[] = [];
  for (const [name, content] of generated) {
    if (!onDisk.has(name)) problems.push(`missing: ${name}`);
    else if (readFileSync(join(dir, name), 'utf8') !== content) problems.push(`changed: ${name}`);
    onDisk.delete(name);
  }
  for (const name of onDisk) problems.push(`stale: ${name}`);
  return problems;
}

/** Writes every machine's path files, replacing that machine's previous files. */
export function writePathFiles(dir: string = PATHS_DIR): number {
  const generated = renderAllPathFiles();
  for (const entry of PATH_MACHINES) rmSync(join(dir, entry.id), { recursive: true, force: true });
  for (const [name, content] of generated) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return generated.size;
}

/**
 * The texts a machine's definition can produce, found by reading it: the params of every `showToast`
 * action (entry, exit, transitions, eventless transitions) and every state's `meta.message`.
 */
export function messagesInDefinition(machine: AnyStateMachine): Message[] {
  const found = new Map<string, Message>();
  const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
  const isMessage = (v: unknown): v is Message =>
    isRecord(v) && typeof v.id === 'string' && typeof v.text === 'string' && typeof v.display === 'string';
  const visit = (actions: readonly unknown[]) => {
    for (const action of actions) {
      if (isRecord(action) && action.type === 'showToast' && isMessage(action.params)) {
        found.set(action.params.id, action.params);
      }
    }
  };
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    const meta: unknown = node.meta;
    if (isRecord(meta) && isMessage(meta.message)) found.set(meta.message.id, meta.message);
    visit(node.entry);
    visit(node.exit);
    for (const transitions of node.transitions.values()) for (const t of transitions) visit(t.actions);
    for (const t of node.always ?? []) visit(t.actions);
  }
  return [...found.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
