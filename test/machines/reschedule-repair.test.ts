import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { shownMessages, type ToastMessage } from '../../machines/messages';
import { rescheduleRepairMachine, type SlotsAnswer } from '../../machines/reschedule-repair.machine';
import { expectState } from './support/expect-state';

const answer: SlotsAnswer = {
  slots: [
    { appointmentId: 'APT-1', startTime: '2026-03-12T08:00:00', endTime: '2026-03-12T12:00:00' },
    { appointmentId: 'APT-3', startTime: '2026-03-13T08:00:00', endTime: '2026-03-13T12:00:00' },
  ],
  customerProductId: 'CP-1',
  sessionId: 'RX-1',
};

function run(slots: () => Promise<SlotsAnswer>, save: () => Promise<void>) {
  const toasts: ToastMessage[] = [];
  const rescheduled = vi.fn<(slot: { appointmentId: string | null }) => void>();
  const saved = vi.fn<(input: unknown) => void>();
  const actor = createActor(
    rescheduleRepairMachine.provide({
      actors: {
        fetchSlots: fromPromise(() => slots()),
        rescheduleTicket: fromPromise(({ input }) => {
          saved(input);
          return save();
        }),
      },
      actions: {
        rescheduled: (_, slot) => {
          rescheduled(slot);
        },
        showToast: (_, t) => void toasts.push(t),
      },
    }),
  ).start();
  return { actor, toasts, rescheduled, saved };
}

describe('reschedule repair appointment (home spec 2.4, 4, 5)', () => {
  it('choosing a date clears the chosen time', async () => {
    const { actor } = run(
      () => Promise.resolve(answer),
      () => Promise.resolve(),
    );
    actor.send({ type: 'RESCHEDULE.OPEN' });
    await expectState(actor, 'choosing');
    actor.send({ type: 'DATE.SELECT', date: '2026-03-12' });
    actor.send({ type: 'TIME.SELECT', appointmentId: 'APT-1' });
    actor.send({ type: 'DATE.SELECT', date: '2026-03-13' });
    expect(actor.getSnapshot().context).toMatchObject({ date: '2026-03-13', appointmentId: null });
  });

  it('Save is accepted only after a time is picked, and not while saving', async () => {
    let finish: () => void = () => {};
    const { actor, saved } = run(
      () => Promise.resolve(answer),
      () => new Promise<void>((r) => (finish = r)),
    );
    actor.send({ type: 'RESCHEDULE.OPEN' });
    await expectState(actor, 'choosing');
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'DATE.SELECT', date: '2026-03-12' });
    actor.send({ type: 'TIME.SELECT', appointmentId: 'APT-1' });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().value).toBe('saving');
    actor.send({ type: 'SAVE' });
    actor.send({ type: 'DIALOG.CLOSE' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(saved).toHaveBeenCalledTimes(1);
    expect(saved).toHaveBeenCalledWith({
      appointmentId: 'APT-1',
      sessionId: 'RX-1',
      customerProductId: 'CP-1',
    });
    finish();
    await expectState(actor, 'closed');
  });

  it("on success stores the new time, shows 'Your Appointment has been rescheduled' (4 s) and closes", async () => {
    const { actor, toasts, rescheduled } = run(
      () => Promise.resolve(answer),
      () => Promise.resolve(),
    );
    actor.send({ type: 'RESCHEDULE.OPEN' });
    await expectState(actor, 'choosing');
    actor.send({ type: 'DATE.SELECT', date: '2026-03-13' });
    actor.send({ type: 'TIME.SELECT', appointmentId: 'APT-3' });
    actor.send({ type: 'SAVE' });
    await expectState(actor, 'closed');
    expect(rescheduled).toHaveBeenCalledWith({ appointmentId: 'APT-3' });
    expect(toasts).toMatchObject([{ text: 'Your Appointment has been rescheduled', durationMs: 4000 }]);
  });

  it("on failure shows 'Sorry, your appointment cannot be rescheduled at the moment' (4 s) and keeps the dialog", async () => {
    const { actor, toasts, rescheduled } = run(
      () => Promise.resolve(answer),
      () => Promise.reject(new Error('FAILURE')),
    );
    actor.send({ type: 'RESCHEDULE.OPEN' });
    await expectState(actor, 'choosing');
    actor.send({ type: 'DATE.SELECT', date: '2026-03-12' });
    actor.send({ type: 'TIME.SELECT', appointmentId: 'APT-1' });
    actor.send({ type: 'SAVE' });
    await expectState(actor, 'choosing');
    expect(rescheduled).not.toHaveBeenCalled();
    expect(toasts).toMatchObject([
      {
        text: 'Sorry, your appointment cannot be rescheduled at the moment',
        durationMs: 4000,
        tone: 'error',
      },
    ]);
  });

  it('a slot fetch failure shows the inline message', async () => {
    const { actor } = run(
      () => Promise.reject(new Error('HTTP 500')),
      () => Promise.resolve(),
    );
    actor.send({ type: 'RESCHEDULE.OPEN' });
    await expectState(actor, 'slotsUnavailable');
    expect(shownMessages(actor.getSnapshot()).map((m) => m.text)).toEqual([
      'We are unable to retrieve appointment times at this time. Please try back later or chat with an agent.',
    ]);
  });
});
