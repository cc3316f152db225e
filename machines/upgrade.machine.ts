import { assign, fromPromise, setup } from 'xstate';
import { MESSAGES, stateMetaType, type ToastMessage } from './messages';

/**
 * Upgrade Now and Upgrade Modem of the internet plan card (home spec §2.6, §4 'Upgrade choices', §7
 * createJumpOutToken and getQfPurl, §8 token failure).
 *
 * Where a click leads is decided by rules/upgrade-path.json before this machine runs (input `path`):
 * - 'restore-service' / 'restore-service-chat': vacation service on a Blue Marble account opens the
 *   restore-service dialog instead of either upgrade (with the restore jump-out, or telling the customer to
 *   chat); DIALOG.CLOSE closes it;
 * - 'fiber-shop': Upgrade Now asks getQfPurl for the customer's fiber shop address (fetchingPurl) and opens it;
 * - otherwise ('generic', 'second-provider-shop', and Upgrade Modem on the fiber path) a jump token is
 *   requested (createJumpOutToken with profileId, fetchingToken) and the shop opens with it: the second
 *   provider's shop login URL, with the extra flow parameter for a modem change, or the provider's shop;
 *   a token failure shows the toast 'We are unable to provide this function at this time. Please try again
 *   later.' (4 s) and the card stays as it was.
 *
 * Texts it can produce: MESSAGES.restoreServiceDialog, MESSAGES.restoreServiceChatDialog (dialogs),
 * MESSAGES.upgradeUnavailable (toast).
 */

export type UpgradePathInput =
  'restore-service' | 'restore-service-chat' | 'second-provider-shop' | 'fiber-shop' | 'generic';

/** What is upgraded: the internet plan (Upgrade Now) or the modem (Upgrade Modem). */
export type UpgradeKind = 'plan' | 'modem';

export interface UpgradeInput {
  path: UpgradePathInput;
}

export interface UpgradeContext {
  path: UpgradePathInput;
  kind: UpgradeKind;
}

export type UpgradeEvent = { type: 'UPGRADE.PLAN' } | { type: 'UPGRADE.MODEM' } | { type: 'DIALOG.CLOSE' };

/** Input of `jumpToken`: what the shop is opened for. */
export interface JumpTokenInput {
  kind: UpgradeKind;
  path: UpgradePathInput;
}

/** Params of `openShop`: the jump token, for the plan or the modem, on this path. */
export interface OpenShopParams {
  token: string;
  kind: UpgradeKind;
  path: UpgradePathInput;
}

export const upgradeMachine = setup({
  types: {
    input: {} as UpgradeInput,
    context: {} as UpgradeContext,
    events: {} as UpgradeEvent,
    meta: stateMetaType,
  },
  actors: {
    /** getQfPurl: resolves with the fiber shop address to open (the app falls back to the plain fiber shop). */
    fiberShopAddress: fromPromise<string>(() =>
      Promise.reject(new Error('fiberShopAddress is not provided')),
    ),
    /** createJumpOutToken {profileId: login}: resolves with data.token; rejects on any failure. */
    jumpToken: fromPromise<string, JumpTokenInput>(() =>
      Promise.reject(new Error('jumpToken is not provided')),
    ),
  },
  actions: {
    /** Opens an address the app checked (the fiber shop address). */
    openAddress: (_, _params: { url: string }) => {},
    /** Opens the shop with the jump token (the app builds the configured address). */
    openShop: (_, _params: OpenShopParams) => {},
    /** Shows a toast (see machines/messages.ts). */
    showToast: (_, _toast: ToastMessage) => {},
  },
  guards: {
    restoreService: ({ context }) => context.path === 'restore-service',
    restoreServiceChat: ({ context }) => context.path === 'restore-service-chat',
    fiberShop: ({ context }) => context.path === 'fiber-shop',
  },
}).createMachine({
  id: 'upgrade',
  context: ({ input }) => ({ path: input.path, kind: 'plan' }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'UPGRADE.PLAN': [
          { guard: 'restoreService', target: 'restoreDialog' },
          { guard: 'restoreServiceChat', target: 'restoreChatDialog' },
          { guard: 'fiberShop', target: 'fetchingPurl', actions: assign({ kind: 'plan' }) },
          { target: 'fetchingToken', actions: assign({ kind: 'plan' }) },
        ],
        'UPGRADE.MODEM': [
          { guard: 'restoreService', target: 'restoreDialog' },
          { guard: 'restoreServiceChat', target: 'restoreChatDialog' },
          { target: 'fetchingToken', actions: assign({ kind: 'modem' }) },
        ],
      },
    },
    restoreDialog: {
      meta: { message: MESSAGES.restoreServiceDialog },
      on: { 'DIALOG.CLOSE': 'idle' },
    },
    restoreChatDialog: {
      meta: { message: MESSAGES.restoreServiceChatDialog },
      on: { 'DIALOG.CLOSE': 'idle' },
    },
    fetchingPurl: {
      invoke: {
        id: 'fiberShopAddress',
        src: 'fiberShopAddress',
        onDone: {
          target: 'idle',
          actions: { type: 'openAddress', params: ({ event }) => ({ url: event.output }) },
        },
        onError: { target: 'idle', actions: { type: 'showToast', params: MESSAGES.upgradeUnavailable } },
      },
    },
    fetchingToken: {
      invoke: {
        id: 'jumpToken',
        src: 'jumpToken',
        input: ({ context }) => ({ kind: context.kind, path: context.path }),
        onDone: {
          target: 'idle',
          actions: {
            type: 'openShop',
            params: ({ context, event }) => ({ token: event.output, kind: context.kind, path: context.path }),
          },
        },
        onError: { target: 'idle', actions: { type: 'showToast', params: MESSAGES.upgradeUnavailable } },
      },
    },
  },
});

export type UpgradeMachine = typeof upgradeMachine;

/** Every text this machine can produce. */
export const upgradeMessages = [
  MESSAGES.restoreServiceDialog,
  MESSAGES.restoreServiceChatDialog,
  MESSAGES.upgradeUnavailable,
] as const;
