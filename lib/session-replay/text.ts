/** How qa:replay (lib/qa-replay.ts) writes states, actions and events in its report. */
import { actorAnswer, type PathStep, type UiAction, type UiTarget } from '../../machines/paths';

export const stateText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => (v === undefined ? k : `${k}.${stateText(v)}`))
        .join(', ');

export const quote = (s: string): string => JSON.stringify(s);

function targetText(t: UiTarget): string {
  return `${t.role} ${quote(t.name)}${t.index ? ` (#${t.index + 1})` : ''}${t.within !== undefined ? ` in dialog ${quote(t.within)}` : ''}`;
}

export function actionText(a: UiAction): string {
  if (a.action === 'press') return `press ${a.key}`;
  if (a.action === 'fill') return `fill ${targetText(a)} with ${quote(a.value)}`;
  if (a.action === 'select') return `choose ${quote(a.value)} in ${targetText(a)}`;
  return `click ${targetText(a)}`;
}

export function eventText(step: PathStep): string {
  const answer = actorAnswer(step.event);
  if (answer) return `${answer.actorId} ${answer.kind === 'done' ? 'answers' : 'fails'}`;
  return step.event.type;
}

/** A step's line in the report: its number, the actions that sent its event, the event and the state. */
export function stepLabel(step: PathStep, i: number): string {
  return `${String(i + 1).padStart(3)}. ${
    step.via?.length ? `${step.via.map(actionText).join('; ')} → ` : ''
  }${eventText(step)} ⇒ ${stateText(step.expectedState)}`;
}
