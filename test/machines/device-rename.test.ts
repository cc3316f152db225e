import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { deviceRenameMachine, type UpdateDeviceInput } from '../../machines/device-rename.machine';
import { shownMessages, type ToastMessage } from '../../machines/messages';
import { expectState } from './support/expect-state';

function run(update: (i: UpdateDeviceInput) => Promise<void> = () => Promise.resolve()) {
  const renamed: unknown[] = [];
  const toasts: ToastMessage[] = [];
  const updateDevice = vi.fn(update);
  const actor = createActor(
    deviceRenameMachine.provide({
      actors: { updateDevice: fromPromise(({ input }) => updateDevice(input)) },
      actions: {
        deviceRenamed: (_, r) => void renamed.push(r),
        showToast: (_, t) => void toasts.push(t),
      },
    }),
    { input: { deviceId: 'dev-1', name: 'Living room TV', type: 'TV' } },
  ).start();
  return { actor, renamed, toasts, updateDevice };
}

describe('device rename (home spec 2.9 Connected Devices, 7 updateDevice)', () => {
  it('renaming the name sends only the name; success stores it with the toast', async () => {
    const { actor, renamed, toasts, updateDevice } = run();
    actor.send({ type: 'DEVICE.EDIT' });
    actor.send({ type: 'DEVICE.SAVE' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.send({ type: 'DEVICE.CHANGE', field: 'name', value: 'Den TV' });
    actor.send({ type: 'DEVICE.SAVE' });
    await expectState(actor, 'viewing');
    expect(updateDevice).toHaveBeenCalledWith({ deviceId: 'dev-1', name: 'Den TV' });
    expect(renamed).toEqual([{ deviceId: 'dev-1', name: 'Den TV', type: 'TV' }]);
    expect(toasts).toMatchObject([{ text: 'Device has been updated Successfully' }]);
  });

  it('renaming the type sends only the type (the app applies the type rename success rule)', async () => {
    const { actor, updateDevice } = run();
    actor.send({ type: 'DEVICE.EDIT' });
    actor.send({ type: 'DEVICE.CHANGE', field: 'type', value: 'Game console' });
    actor.send({ type: 'DEVICE.SAVE' });
    await expectState(actor, 'viewing');
    expect(updateDevice).toHaveBeenCalledWith({ deviceId: 'dev-1', type: 'Game console' });
  });

  it('a failed rename reverts the values and keeps the fields open with the failure text', async () => {
    const { actor, renamed } = run(() => Promise.reject(new Error('stateCode 404')));
    actor.send({ type: 'DEVICE.EDIT' });
    actor.send({ type: 'DEVICE.CHANGE', field: 'name', value: 'X' });
    actor.send({ type: 'DEVICE.SAVE' });
    await expectState(actor, { editing: 'failed' });
    expect(actor.getSnapshot().context.draft.name).toBe('Living room TV');
    expect(shownMessages(actor.getSnapshot())[0]?.text).toBe(
      'We were unable to update this device. Please try again later.',
    );
    expect(renamed).toEqual([]);
  });
});
