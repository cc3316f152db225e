import type { WifiPanelVariant } from '../../engine/decisions';
import type { RootStore } from '../../stores/root-store';

/**
 * What the modem pages show, as rules/wifi-panel.json decided it from the modem info answer (home spec 2.9):
 * own or third-party modem users see no wifi or device details; an offline modem has none to give.
 */
export function wifiPanelVariant(store: RootStore): WifiPanelVariant {
  return store.decisions.current?.wifiPanel.variant ?? 'loading';
}

/** Home spec 2.9 texts, verbatim. */
export const DEVICE_TEXTS = {
  ownModem: 'This information is not available as you have elected to provide your own modem.',
  offline: 'WiFi Network and Connected Devices are not available. Please ensure your modem is online.',
} as const;
