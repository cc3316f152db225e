import type { ConnectedDevice } from '../../generated/types';

/**
 * The text a phone's camera joins a network with (the `WIFI:` URI of the QR code convention): WPA security,
 * the network name and the password, each with '\', ';', ',', ':' and '"' escaped by a backslash, ending in ';;'.
 */
export function wifiQrPayload(ssid: string, password: string): string {
  const escape = (value: string): string => value.replace(/([\\;,:"])/g, '\\$1');
  return `WIFI:T:WPA;S:${escape(ssid)};P:${escape(password)};;`;
}

/** What 'copy' puts on the clipboard: the network's name and password, one per line. */
export function wifiCopyText(ssid: string, password: string): string {
  return `WiFi name: ${ssid}\nWiFi password: ${password}`;
}

/** The connected devices' groups: 'The connected-devices panel shows a fixed 3 for groups.' (decision 016). */
export type DeviceGroupId = 'wifi-5' | 'wifi-2.4' | 'wired';

export interface DeviceGroup {
  id: DeviceGroupId;
  label: string;
  devices: ConnectedDevice[];
}

/** The band a device is connected on, from its connectionType ('5GHz', '2.4GHz', 'wired' ...). */
function groupOf(device: ConnectedDevice): DeviceGroupId {
  const c = (device.connectionType ?? '').toLowerCase().replace(/\s+/g, '');
  if (c.startsWith('5') || c.includes('5ghz') || c.startsWith('6')) return 'wifi-5';
  if (c.startsWith('2.4') || c.includes('2.4ghz')) return 'wifi-2.4';
  return 'wired';
}

/** The devices in the three fixed groups, always all three (an empty group says so). */
export function deviceGroups(devices: readonly ConnectedDevice[]): DeviceGroup[] {
  const groups: DeviceGroup[] = [
    { id: 'wifi-5', label: 'WiFi 5 GHz', devices: [] },
    { id: 'wifi-2.4', label: 'WiFi 2.4 GHz', devices: [] },
    { id: 'wired', label: 'Wired and other', devices: [] },
  ];
  for (const d of devices) groups.find((g) => g.id === groupOf(d))?.devices.push(d);
  return groups;
}
