import { describe, expect, it } from 'vitest';
import { deviceGroups, wifiCopyText, wifiQrPayload } from './wifi-data';

describe('Share WiFi password (home spec 2.9, 9 QR code)', () => {
  it('the QR code holds the standard WIFI: payload with WPA security, the name and the password', () => {
    expect(wifiQrPayload('RiveraHome', 'maple-street-42')).toBe(
      'WIFI:T:WPA;S:RiveraHome;P:maple-street-42;;',
    );
  });

  it('escapes \\, ;, ,, : and " with a backslash', () => {
    expect(wifiQrPayload('My;Net,"5G"', 'a:b\\c')).toBe('WIFI:T:WPA;S:My\\;Net\\,\\"5G\\";P:a\\:b\\\\c;;');
  });

  it('copies the name and the password', () => {
    expect(wifiCopyText('Net', 'key')).toBe('WiFi name: Net\nWiFi password: key');
  });
});

describe('Connected Devices: the fixed 3 groups', () => {
  it('groups devices by band, every group present even when empty', () => {
    const groups = deviceGroups([
      { deviceId: '1', deviceName: 'TV', connectionType: '5GHz' },
      { deviceId: '2', deviceName: 'Phone', connectionType: '2.4GHz' },
      { deviceId: '3', deviceName: 'PC', connectionType: 'wired' },
      { deviceId: '4', deviceName: 'Mystery' },
    ]);
    expect(groups.map((g) => [g.label, g.devices.map((d) => d.deviceId)])).toEqual([
      ['WiFi 5 GHz', ['1']],
      ['WiFi 2.4 GHz', ['2']],
      ['Wired and other', ['3', '4']],
    ]);
    expect(deviceGroups([]).map((g) => g.devices.length)).toEqual([0, 0, 0]);
  });
});
