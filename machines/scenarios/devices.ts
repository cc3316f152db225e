/**
 * The path scenarios of internet, devices and outages: modem restart and replacement, the out-of-service
 * credit, upgrades, the wifi and device names.
 */
import type { PathEvent } from '../paths';
import { modemRestartMachine, modemRestartMessages } from '../modem-restart.machine';
import { creditOfferMachine, creditOfferMessages } from '../credit-offer.machine';
import { modemReplacementMachine, modemReplacementMessages } from '../modem-replacement.machine';
import { upgradeMachine, upgradeMessages } from '../upgrade.machine';
import { editWifiMachine, editWifiMessages } from '../edit-wifi.machine';
import { deviceRenameMachine, deviceRenameMessages } from '../device-rename.machine';
import { done, failed, type PathMachine } from './scenario';

export const modemRestart: PathMachine = {
  id: 'modem-restart',
  machine: modemRestartMachine,
  messages: modemRestartMessages,
  scenarios: [
    {
      id: 'modem-connected',
      given: 'The outage hangover alert offers a restart (modem connected)',
      events: [
        { type: 'RESTART.OPEN' },
        { type: 'RESTART.CONFIRM' },
        { type: 'RESTART.CANCEL' },
        done('deviceReboot'),
        failed('deviceReboot', "reply contains 'Error'"),
      ],
    },
  ],
};

export const creditOffer: PathMachine = {
  id: 'credit-offer',
  machine: creditOfferMachine,
  messages: creditOfferMessages,
  scenarios: [
    {
      id: 'offer-shown',
      given: 'The out-of-service credit offer is shown',
      events: (snapshot) => [
        { type: 'CREDIT.ACCEPT' },
        { type: 'CREDIT.DECLINE' },
        { type: 'DIALOG.CLOSE' },
        ...(snapshot.matches('accepting')
          ? [
              done('answerOffer', { status: 'OK', message: 'Offer accepted', offerStatus: 'Accepted' }),
              done('answerOffer', { status: 'OK', message: 'Offer not applied', offerStatus: 'ELIGIBLE' }),
              failed('answerOffer', 'HTTP 500'),
            ]
          : []),
        ...(snapshot.matches({ declineDialog: 'sending' })
          ? [
              done('answerOffer', { status: 'OK', message: 'Offer declined', offerStatus: 'declined' }),
              done('answerOffer', { status: 'FAILURE', message: 'Offer not found' }),
              failed('answerOffer', 'HTTP 500'),
            ]
          : []),
      ],
    },
  ],
};

export const modemReplacement: PathMachine = {
  id: 'modem-replacement',
  machine: modemReplacementMachine,
  messages: modemReplacementMessages,
  scenarios: [
    {
      id: 'service-address-known',
      given: 'The modem replacement offer is shown and the account has a service address',
      input: { hasServiceAddress: true },
      events: [
        { type: 'REPLACE.START' },
        { type: 'REPLACE.CONFIRM' },
        { type: 'REPLACE.CANCEL' },
        { type: 'DECLINE.START' },
        { type: 'DECLINE.CONFIRM' },
        { type: 'DECLINE.CANCEL' },
        { type: 'DIALOG.CLOSE' },
        done('answerOffer', { status: 'OK', message: 'Saved' }),
        done('answerOffer', { status: 'FAILURE', message: 'Not saved' }),
        failed('answerOffer', 'HTTP 500'),
      ],
    },
    {
      id: 'no-service-address',
      given: 'The modem replacement offer is shown and the account has no service address',
      input: { hasServiceAddress: false },
      events: [{ type: 'REPLACE.START' }, { type: 'DIALOG.CLOSE' }],
    },
  ],
};

const upgradeEvents: readonly PathEvent[] = [
  { type: 'UPGRADE.PLAN' },
  { type: 'UPGRADE.MODEM' },
  { type: 'DIALOG.CLOSE' },
  done('fiberShopAddress', 'https://fiber.provider.example/shop/p/BL501700562'),
  failed('fiberShopAddress', 'HTTP 500'),
  done('jumpToken', 'JT-5f2c'),
  failed('jumpToken', 'HTTP 500'),
];

export const upgrade: PathMachine = {
  id: 'upgrade',
  machine: upgradeMachine,
  messages: upgradeMessages,
  scenarios: [
    {
      id: 'generic',
      given: 'rules/upgrade-path.json decided the generic upgrade (a jump token to the provider shop)',
      input: { path: 'generic' },
      events: upgradeEvents,
    },
    {
      id: 'fiber-shop',
      given: 'The account is qualified for the fiber upgrade (getQfPurl)',
      input: { path: 'fiber-shop' },
      events: upgradeEvents,
    },
    {
      id: 'second-provider-shop',
      given: "A customer of the second provider (a jump token to that provider's shop)",
      input: { path: 'second-provider-shop' },
      events: upgradeEvents,
    },
    {
      id: 'restore-service',
      given: 'Vacation service on a Blue Marble account that may restore (canVacationRestore)',
      input: { path: 'restore-service' },
      events: upgradeEvents,
    },
    {
      id: 'restore-service-chat',
      given: 'Vacation service on a Blue Marble account that may not restore online',
      input: { path: 'restore-service-chat' },
      events: upgradeEvents,
    },
  ],
};

const wifiEditEvents = (useAcs: boolean): readonly PathEvent[] => [
  { type: 'WIFI.EDIT' },
  { type: 'WIFI.CHANGE', field: 'name', value: 'RiveraHome-5G' },
  { type: 'WIFI.SAVE' },
  { type: 'WIFI.CANCEL' },
  ...(useAcs
    ? [
        done('updateCredentials'),
        {
          type: 'xstate.error.actor.updateCredentials',
          error: { message: "status '1'", serverMessage: 'The WiFi name is already in use.' },
        },
        failed('updateCredentials', 'HTTP 500'),
      ]
    : [
        done('resetCredentials'),
        {
          type: 'xstate.error.actor.resetCredentials',
          error: { message: "status '0'", serverMessage: 'The WiFi name is already in use.' },
        },
        failed('resetCredentials', 'HTTP 500'),
      ]),
];

export const editWifi: PathMachine = {
  id: 'edit-wifi',
  machine: editWifiMachine,
  messages: editWifiMessages,
  scenarios: [
    {
      id: 'adapt',
      given: 'The acs call toggle is off: the adapt resetCredentials call saves',
      input: { name: 'RiveraHome', password: 'maple-street-42', useAcs: false },
      events: wifiEditEvents(false),
    },
    {
      id: 'acs',
      given: 'The acs call toggle is on: the acs updateCredentials call saves',
      input: { name: 'RiveraHome', password: 'maple-street-42', useAcs: true },
      events: wifiEditEvents(true),
    },
  ],
};

export const deviceRename: PathMachine = {
  id: 'device-rename',
  machine: deviceRenameMachine,
  messages: deviceRenameMessages,
  scenarios: [
    {
      id: 'device',
      given: 'A connected device in the Connected Devices dialog or on /connectedDevices',
      input: { deviceId: 'dev-1', name: 'Living room TV', type: 'TV' },
      events: [
        { type: 'DEVICE.EDIT' },
        { type: 'DEVICE.CHANGE', field: 'type', value: 'Game console' },
        { type: 'DEVICE.SAVE' },
        { type: 'DEVICE.CANCEL' },
        done('updateDevice'),
        failed('updateDevice', 'statusInfo stateCode 404'),
      ],
    },
  ],
};
