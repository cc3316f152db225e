import { assign, fromPromise, setup } from 'xstate';
import { MESSAGES, stateMetaType, type ToastMessage } from './messages';

/**
 * Rename a connected device, its name or its type (home spec §2.9 'Connected Devices' dialog, /connectedDevices,
 * §7 updateDevice: 'success when statusInfo stateCode 200 or success; type rename needs message 'Device has
 * been updated Successfully' or deviceList code 200').
 *
 * viewing --DEVICE.EDIT--> editing (the device's name and type in fields). DEVICE.CHANGE edits a field; Save
 * is taken only while a value differs from the saved one (as the wifi edit). Saving calls updateDevice with
 * what changed (the app's actor applies the spec's success rule: a type rename needs the message or the
 * deviceList code). Success: the toast 'Device has been updated Successfully', the new values stored
 * (`deviceRenamed`), back to viewing. Failure: the values revert, the fields stay open with
 * MESSAGES.deviceUpdateFailed. DEVICE.CANCEL leaves the fields.
 *
 * Texts it can produce: MESSAGES.deviceUpdated (toast), MESSAGES.deviceUpdateFailed (message).
 */

export interface DeviceNames {
  name: string;
  type: string;
}

export interface DeviceRenameInput extends DeviceNames {
  deviceId: string;
}

export interface DeviceRenameContext {
  deviceId: string;
  saved: DeviceNames;
  draft: DeviceNames;
}

export type DeviceRenameEvent =
  | { type: 'DEVICE.EDIT' }
  | { type: 'DEVICE.CHANGE'; field: 'name' | 'type'; value: string }
  | { type: 'DEVICE.SAVE' }
  | { type: 'DEVICE.CANCEL' };

/** Input of `updateDevice`: the device and only the values that changed. */
export interface UpdateDeviceInput {
  deviceId: string;
  name?: string;
  type?: string;
}

export const deviceRenameMachine = setup({
  types: {
    input: {} as DeviceRenameInput,
    context: {} as DeviceRenameContext,
    events: {} as DeviceRenameEvent,
    meta: stateMetaType,
  },
  actors: {
    /** POST adapt/updateDevice: resolves on the spec's success rule; rejects otherwise. */
    updateDevice: fromPromise<void, UpdateDeviceInput>(() =>
      Promise.reject(new Error('updateDevice is not provided')),
    ),
  },
  actions: {
    /** Stores the device's new name and type. */
    deviceRenamed: (_, _renamed: { deviceId: string } & DeviceNames) => {},
    /** Shows a toast (see machines/messages.ts). */
    showToast: (_, _toast: ToastMessage) => {},
  },
  guards: {
    changed: ({ context }) =>
      context.draft.name !== context.saved.name || context.draft.type !== context.saved.type,
  },
}).createMachine({
  id: 'deviceRename',
  context: ({ input }) => ({
    deviceId: input.deviceId,
    saved: { name: input.name, type: input.type },
    draft: { name: input.name, type: input.type },
  }),
  initial: 'viewing',
  states: {
    viewing: {
      on: {
        'DEVICE.EDIT': { target: 'editing', actions: assign({ draft: ({ context }) => context.saved }) },
      },
    },
    editing: {
      initial: 'ready',
      on: {
        'DEVICE.CHANGE': {
          actions: assign({
            draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }),
          }),
        },
        'DEVICE.SAVE': { guard: 'changed', target: 'saving' },
        'DEVICE.CANCEL': 'viewing',
      },
      states: {
        ready: {},
        failed: { meta: { message: MESSAGES.deviceUpdateFailed } },
      },
    },
    saving: {
      invoke: {
        id: 'updateDevice',
        src: 'updateDevice',
        input: ({ context }) => ({
          deviceId: context.deviceId,
          ...(context.draft.name !== context.saved.name ? { name: context.draft.name } : {}),
          ...(context.draft.type !== context.saved.type ? { type: context.draft.type } : {}),
        }),
        onDone: {
          target: 'viewing',
          actions: [
            {
              type: 'deviceRenamed',
              params: ({ context }) => ({ deviceId: context.deviceId, ...context.draft }),
            },
            assign({ saved: ({ context }) => context.draft }),
            { type: 'showToast', params: MESSAGES.deviceUpdated },
          ],
        },
        onError: {
          target: 'editing.failed',
          actions: assign({ draft: ({ context }) => context.saved }),
        },
      },
    },
  },
});

export type DeviceRenameMachine = typeof deviceRenameMachine;

/** Every text this machine can produce. */
export const deviceRenameMessages = [MESSAGES.deviceUpdated, MESSAGES.deviceUpdateFailed] as const;
