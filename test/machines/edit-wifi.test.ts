import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { editWifiMachine, serverMessageOf, type WifiCredentials } from '../../machines/edit-wifi.machine';
import { shownMessages, type ToastMessage } from '../../machines/messages';
import { expectState } from './support/expect-state';

function run(useAcs: boolean, save: (c: WifiCredentials) => Promise<void> = () => Promise.resolve()) {
  const saved: WifiCredentials[] = [];
  const toasts: ToastMessage[] = [];
  const resetCredentials = vi.fn(save);
  const updateCredentials = vi.fn(save);
  const actor = createActor(
    editWifiMachine.provide({
      actors: {
        resetCredentials: fromPromise(({ input }) => resetCredentials(input)),
        updateCredentials: fromPromise(({ input }) => updateCredentials(input)),
      },
      actions: {
        credentialsSaved: (_, c) => void saved.push(c),
        showToast: (_, t) => void toasts.push(t),
      },
    }),
    { input: { name: 'RiveraHome', password: 'maple-street-42', useAcs } },
  ).start();
  return { actor, saved, toasts, resetCredentials, updateCredentials };
}

const refusal = (message: string) => Object.assign(new Error(message), { serverMessage: message });

describe('edit wifi info (home spec 2.9, 4 Wifi edit, 7 resetCredentials / updateCredentials, 8)', () => {
  it('Save enabled only after an input change', () => {
    const { actor, resetCredentials } = run(false);
    actor.send({ type: 'WIFI.EDIT' });
    actor.send({ type: 'WIFI.SAVE' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.send({ type: 'WIFI.CHANGE', field: 'name', value: 'RiveraHome' });
    actor.send({ type: 'WIFI.SAVE' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(resetCredentials).not.toHaveBeenCalled();
  });

  it("the adapt resetCredentials call saves; success shows 'WiFi info updated' and stores the new name", async () => {
    const { actor, saved, toasts, resetCredentials, updateCredentials } = run(false);
    actor.send({ type: 'WIFI.EDIT' });
    actor.send({ type: 'WIFI.CHANGE', field: 'name', value: 'New name' });
    actor.send({ type: 'WIFI.SAVE' });
    expect(actor.getSnapshot().value).toBe('savingAdapt');
    await expectState(actor, 'closed');
    expect(resetCredentials).toHaveBeenCalledWith({ name: 'New name', password: 'maple-street-42' });
    expect(updateCredentials).not.toHaveBeenCalled();
    expect(saved).toEqual([{ name: 'New name', password: 'maple-street-42' }]);
    expect(toasts).toMatchObject([{ text: 'WiFi info updated', tone: 'success' }]);
    expect(actor.getSnapshot().context.saved.name).toBe('New name');
  });

  it('with the acs toggle on, updateCredentials saves', async () => {
    const { actor, resetCredentials, updateCredentials } = run(true);
    actor.send({ type: 'WIFI.EDIT' });
    actor.send({ type: 'WIFI.CHANGE', field: 'password', value: 'another-key-1' });
    actor.send({ type: 'WIFI.SAVE' });
    expect(actor.getSnapshot().value).toBe('savingAcs');
    await expectState(actor, 'closed');
    expect(updateCredentials).toHaveBeenCalledWith({ name: 'RiveraHome', password: 'another-key-1' });
    expect(resetCredentials).not.toHaveBeenCalled();
  });

  it('the toggle changing while the dialog is open keeps what was typed; the next save uses the new call', async () => {
    const { actor, resetCredentials, updateCredentials } = run(false);
    actor.send({ type: 'WIFI.EDIT' });
    actor.send({ type: 'WIFI.CHANGE', field: 'name', value: 'Typed before' });
    actor.send({ type: 'WIFI.ACS', on: true });
    expect(actor.getSnapshot().matches({ editing: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.draft.name).toBe('Typed before');
    actor.send({ type: 'WIFI.SAVE' });
    expect(actor.getSnapshot().value).toBe('savingAcs');
    // Turned off during the call: the call under way finishes; the next save is the adapt one.
    actor.send({ type: 'WIFI.ACS', on: false });
    expect(actor.getSnapshot().value).toBe('savingAcs');
    await expectState(actor, 'closed');
    actor.send({ type: 'WIFI.EDIT' });
    actor.send({ type: 'WIFI.CHANGE', field: 'name', value: 'Second' });
    actor.send({ type: 'WIFI.SAVE' });
    await expectState(actor, 'closed');
    expect(updateCredentials.mock.calls.map(([c]) => c.name)).toEqual(['Typed before']);
    expect(resetCredentials.mock.calls.map(([c]) => c.name)).toEqual(['Second']);
  });

  it('on failure the server message is shown, values revert and the dialog stays open', async () => {
    const { actor, saved, toasts } = run(false, () => Promise.reject(refusal('Name in use')));
    actor.send({ type: 'WIFI.EDIT' });
    actor.send({ type: 'WIFI.CHANGE', field: 'name', value: 'Taken' });
    actor.send({ type: 'WIFI.SAVE' });
    await expectState(actor, { editing: 'failed' });
    const { context } = actor.getSnapshot();
    expect(context.error).toBe('Name in use');
    expect(context.draft).toEqual({ name: 'RiveraHome', password: 'maple-street-42' });
    expect(saved).toEqual([]);
    expect(toasts).toEqual([]);
  });

  it('a failure without a server message (the call failed) shows our message', async () => {
    const { actor } = run(false, () => Promise.reject(new Error('HTTP 500')));
    actor.send({ type: 'WIFI.EDIT' });
    actor.send({ type: 'WIFI.CHANGE', field: 'name', value: 'Other' });
    actor.send({ type: 'WIFI.SAVE' });
    await expectState(actor, { editing: 'failed' });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(shownMessages(actor.getSnapshot())[0]?.text).toBe(
      'We were unable to update your WiFi info. Please try again later.',
    );
  });

  it('reads a server message only from a refusal that carries one', () => {
    expect(serverMessageOf(refusal('x'))).toBe('x');
    expect(serverMessageOf({ serverMessage: '  ' })).toBeNull();
    expect(serverMessageOf(new Error('HTTP 500'))).toBeNull();
    expect(serverMessageOf('text')).toBeNull();
  });
});
