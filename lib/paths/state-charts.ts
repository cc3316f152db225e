/**
 * The state chart of each flow machine as Mermaid `stateDiagram-v2` text, generated from the machine itself
 * (its `root` state node: states, initial states, final states and every transition with a target), so the
 * charts in machines/README.md never go stale: `npm run paths` writes them between the README's markers and
 * `npm run paths -- --check` fails when they differ.
 */
import type { AnyStateMachine } from 'xstate';
import type { PathMachine } from '../../machines/path-scenarios';

/** The parts of XState's StateNode a chart reads. */
interface ChartNode {
  key: string;
  path: string[];
  parent?: ChartNode;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  states: Record<string, ChartNode>;
  initial?: { target: readonly ChartNode[] };
  transitions: Map<string, ChartTransition[]>;
  always?: ChartTransition[];
}

interface ChartTransition {
  eventType: string;
  target?: readonly ChartNode[];
  guard?: unknown;
}

// Mermaid reads these as keywords, not state ids.
const RESERVED = new Set(['state', 'note', 'end', 'direction', 'class', 'classDef', 'style', 'click', 'as']);

function idOf(node: ChartNode): string {
  const id = node.path.join('_');
  return RESERVED.has(id) || !/^[A-Za-z][A-Za-z0-9_]*$/.test(id) ? `s_${id.replace(/\W/g, '_')}` : id;
}

/** A guard by name: `isBlankLogin`, `{ type: 'hasErrorMessage', params }`, `not(...)` as 'not x'. */
function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  const g = guard as { type?: unknown; guards?: unknown } | null;
  if (g?.type === 'xstate.not' && Array.isArray(g.guards)) return `not ${g.guards.map(guardName).join(', ')}`;
  if (typeof g?.type === 'string' && !g.type.startsWith('xstate.')) return g.type;
  return 'a condition';
}

const guardText = (guard: unknown): string => (guard === undefined ? '' : ` (if ${guardName(guard)})`);

/** What a transition's arrow says: the event (an actor's answer as '<actor> done/error'). */
function eventText(eventType: string): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `${done[1]} done`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `${error[1]} error`;
  const after = /^xstate\.after\.(\d+)\./.exec(eventType);
  if (after) return `after ${after[1]} ms`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType === '' ? 'always' : eventType;
}

const isAncestorOrSelf = (a: ChartNode, b: ChartNode): boolean =>
  a.path.length <= b.path.length && a.path.every((k, i) => b.path[i] === k);

/** The child of `scope` on the way down to `node` (`node` itself when it is a child). */
const childToward = (scope: ChartNode, node: ChartNode): ChartNode => {
  let n = node;
  while (n.parent && n.parent !== scope) n = n.parent;
  return n;
};

/**
 * The chart of one machine (the lines inside a ```mermaid block). Mermaid draws an arrow only between states
 * of the same composite state, so an arrow is drawn in the innermost state holding both ends, between its
 * children on the way to each end ('(in sending)' names the inner state it leaves from); a transition that a
 * composite state handles for all its children is drawn from each child that does not handle the event itself.
 */
export function stateChart(machine: AnyStateMachine): string {
  const root = machine.root as unknown as ChartNode;
  const edges = new Map<ChartNode, string[]>();
  const add = (scope: ChartNode, from: ChartNode, to: ChartNode, label: string) => {
    const list = edges.get(scope) ?? [];
    const line = `${idOf(from)} --> ${idOf(to)} : ${label}`;
    if (!list.includes(line)) list.push(line);
    edges.set(scope, list);
  };

  const place = (source: ChartNode, t: ChartTransition) => {
    const label = `${eventText(t.eventType)}${guardText(t.guard)}`;
    for (const target of t.target ?? []) {
      if (source === target) {
        if (source.parent) add(source.parent, source, source, label);
      } else if (isAncestorOrSelf(source, target)) {
        // The composite handles it in any of its states: from each child that leaves it to the composite.
        const to = childToward(source, target);
        for (const child of Object.values(source.states)) {
          if (!child.transitions.has(t.eventType)) add(source, child, to, label);
        }
      } else if (isAncestorOrSelf(target, source)) {
        if (target.parent) add(target.parent, target, target, `${label} (in ${source.key})`);
      } else {
        let scope = source.parent;
        while (scope && !isAncestorOrSelf(scope, target)) scope = scope.parent;
        if (!scope) continue;
        const from = childToward(scope, source);
        add(scope, from, childToward(scope, target), from === source ? label : `${label} (in ${source.key})`);
      }
    }
  };

  const all: ChartNode[] = [];
  const collect = (node: ChartNode) => {
    all.push(node);
    for (const child of Object.values(node.states)) collect(child);
  };
  collect(root);
  for (const node of all) {
    for (const transitions of node.transitions.values()) for (const t of transitions) place(node, t);
    for (const t of node.always ?? []) place(node, { ...t, eventType: '' });
  }

  const lines = ['stateDiagram-v2'];
  const visit = (node: ChartNode, indent: string): void => {
    const initial = node.initial?.target[0];
    if (initial && node.type !== 'parallel')
      lines.push(`${indent}[*] --> ${idOf(childToward(node, initial))}`);
    Object.values(node.states).forEach((child, i) => {
      if (node.type === 'parallel' && i > 0) lines.push(`${indent}--`);
      const id = idOf(child);
      if (Object.keys(child.states).length > 0) {
        lines.push(`${indent}state ${id} {`);
        visit(child, `${indent}  `);
        lines.push(`${indent}}`);
      } else {
        lines.push(id === child.key ? `${indent}${id}` : `${indent}state "${child.key}" as ${id}`);
      }
      if (child.type === 'final') lines.push(`${indent}${id} --> [*]`);
    });
    for (const line of edges.get(node) ?? []) lines.push(`${indent}${line}`);
  };
  visit(root, '  ');
  return lines.join('\n');
}

export const CHARTS_START = '<!-- state-charts:start (npm run paths writes this part) -->';
export const CHARTS_END = '<!-- state-charts:end -->';

/** The README part between the markers: a heading and a chart per machine. */
export function chartsSection(machines: readonly PathMachine[]): string {
  const parts = machines.map(
    (m) =>
      `### ${m.id}\n\n\`machines/${m.id}.machine.ts\`\n\n\`\`\`mermaid\n${stateChart(m.machine)}\n\`\`\``,
  );
  return `${CHARTS_START}\n\n${parts.join('\n\n')}\n\n${CHARTS_END}`;
}

/** The README with its charts part replaced (added at the end, under 'State charts', when missing). */
export function withCharts(readme: string, machines: readonly PathMachine[]): string {
  const section = chartsSection(machines);
  const start = readme.indexOf(CHARTS_START);
  const end = readme.indexOf(CHARTS_END);
  if (start >= 0 && end > start)
    return readme.slice(0, start) + section + readme.slice(end + CHARTS_END.length);
  return `${readme.trimEnd()}\n\n## State charts\n\n${section}\n`;
}
