import { describe, expect, it } from 'vitest';
import { createActor, type AnyStateMachine } from 'xstate';
import { PATH_MACHINES } from '../../machines/path-scenarios';
import { RESTING, RESTING_EDITS, restingEdit, restingMatches, type Resting } from '../../machines/resting';

/**
 * A flow at rest is shown from machines/resting.ts until its first event loads the machine
 * (src/stores/use-flow.ts): what it shows must be what the machine's own first snapshot shows.
 */
describe('a flow at rest shows what its machine shows before the first event', () => {
  it('every resting entry is a machine (useFlow takes only names with one: the type checker holds that)', () => {
    const machines = new Set(PATH_MACHINES.map((m) => m.id));
    expect(Object.keys(RESTING).filter((id) => !machines.has(id))).toEqual([]);
  });

  const rests = PATH_MACHINES.filter((m) => m.id in RESTING);
  const cases = rests.flatMap((m) =>
    m.scenarios.map((s) => ({ id: m.id, scenario: s.id, machine: m.machine, input: s.input })),
  );

  it.each(cases)(
    '$id ($scenario): state value and context equal the started machine',
    ({ id, machine, input }) => {
      const actor = createActor(machine, input === undefined ? {} : { input });
      actor.start();
      const snapshot = actor.getSnapshot();
      const resting = (RESTING[id as keyof typeof RESTING] as (input: unknown) => Resting)(input);
      expect(resting.value).toEqual(snapshot.value);
      expect(resting.context).toEqual(snapshot.context);
      expect(snapshot.status).toBe('active');
      // Nothing is shown at rest (no dialog or message state), and matches() answers as the machine does.
      expect(snapshot.getMeta()).toEqual({});
      const names = stateNames(machine);
      for (const name of names)
        expect([name, restingMatches(resting.value, name)]).toEqual([name, snapshot.matches(name as never)]);
      actor.stop();
    },
  );

  it.each(rests.map((m) => [m.id, m.machine] as const))(
    '%s does nothing on start that a flow at rest would skip (no invoke, delay or effect in its first states)',
    (_id, machine) => {
      const actor = createActor(machine, {
        input: PATH_MACHINES.find((m) => m.machine === machine)!.scenarios[0]!.input as never,
      });
      actor.start();
      const active = [...actor.getSnapshot()._nodes];
      for (const node of active) {
        expect(node.invoke, node.id).toEqual([]);
        expect(node.after, node.id).toEqual([]);
        // An entry that only assigns context is what the resting context already holds.
        expect(
          node.entry.filter((a) => !isAssign(a)),
          node.id,
        ).toEqual([]);
      }
      actor.stop();
    },
  );
});

/** Sample events of each field edit a resting flow applies itself (RESTING_EDITS). */
const EDIT_SAMPLES: Record<string, Array<{ type: string } & Record<string, unknown>>> = {
  'EMAIL.CHANGE': [
    { type: 'EMAIL.CHANGE', email: '', valid: false },
    { type: 'EMAIL.CHANGE', email: 'bo@mail.c', valid: false },
    { type: 'EMAIL.CHANGE', email: 'bo.bluemarble@mail.example', valid: true },
  ],
  'PHONE.CHANGE': [
    { type: 'PHONE.CHANGE', phone: '' },
    { type: 'PHONE.CHANGE', phone: '5551234567' },
  ],
  'OPTION.SELECT': [
    { type: 'OPTION.SELECT', option: 'emailSms' },
    { type: 'OPTION.SELECT', option: 'email' },
  ],
};

describe('a field edit made while the machine loads is what the machine makes of it', () => {
  const withEdits = PATH_MACHINES.filter((m) => m.id in RESTING_EDITS);

  it('paperless has its form edits (the paper-charge alert shows its field at rest)', () => {
    expect(withEdits.map((m) => m.id)).toEqual(['paperless']);
    for (const m of withEdits)
      for (const type of Object.keys(RESTING_EDITS[m.id as keyof typeof RESTING_EDITS]!.events))
        expect(EDIT_SAMPLES[type], type).toBeDefined();
  });

  const cases = withEdits.flatMap((m) =>
    m.scenarios.flatMap((s) =>
      Object.keys(RESTING_EDITS[m.id as keyof typeof RESTING_EDITS]!.events).flatMap((type) =>
        EDIT_SAMPLES[type]!.map((event, n) => ({
          id: m.id as keyof typeof RESTING,
          scenario: s.id,
          machine: m.machine,
          input: s.input,
          event,
          label: `${type} #${n + 1}`,
        })),
      ),
    ),
  );

  it.each(cases)('$id ($scenario), $label, one after another', ({ id, machine, input, event }) => {
    const actor = createActor(machine, input === undefined ? {} : { input });
    actor.start();
    let resting = (RESTING[id] as (input: unknown) => Resting)(input);
    // Twice over, and after another edit: edits apply one after another, as the queued events do.
    for (const e of [event, event, ...Object.values(EDIT_SAMPLES).flat(), event]) {
      const before = actor.getSnapshot();
      actor.send(e);
      const after = actor.getSnapshot();
      const edited = restingEdit(id, resting, e);
      if (edited === null) {
        // Not an edit at rest here: the flow queues it and shows nothing until the machine has it. The
        // machine is then elsewhere (a resting flow stops applying edits), or the event changed nothing.
        if (after.value !== before.value || after.context !== before.context) break;
        continue;
      }
      expect(edited.value).toEqual(after.value);
      expect(edited.context).toEqual(after.context);
      resting = edited;
    }
    actor.stop();
  });
});

function isAssign(action: unknown): boolean {
  return typeof action === 'function' && (action as { type?: string }).type === 'xstate.assign';
}

/** Every state of a machine as a dotted path ('a', 'a.b'). */
function stateNames(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const walk = (node: { states: Record<string, unknown> }, prefix: string) => {
    for (const [key, child] of Object.entries(node.states)) {
      const path = prefix ? `${prefix}.${key}` : key;
      out.push(path);
      walk(child as { states: Record<string, unknown> }, path);
    }
  };
  walk(machine.root, '');
  return out;
}
