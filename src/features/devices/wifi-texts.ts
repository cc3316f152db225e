/**
 * The wifi and connected-devices panel's copy. The spec quotes the section names (WIFI NETWORK, CONNECTED
 * DEVICES), the dialog titles ('Share WiFi password', 'Edit WIFI info', 'Connected Devices') and the own-modem
 * and offline texts (adapt.ts); the rest is plain wording for what it describes (decision 016). Flow messages
 * (toasts and dialogs) live in machines/messages.ts.
 */
export const WIFI_TEXT = {
  heading: 'WiFi',
  networkHeading: 'WIFI NETWORK',
  devicesHeading: 'CONNECTED DEVICES',
  networkName: 'Network name',
  activeDevices: 'Active devices',
  groups: 'Groups',
  loading: 'Loading your WiFi details…',
  shareTitle: 'Share WiFi password',
  editTitle: 'Edit WIFI info',
  loadingEdit: 'Opening…',
  devicesTitle: 'Connected Devices',
  viewDevices: 'View Connected Devices',
  manageDevices: 'Manage connected devices',
  password: 'Password',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  hiddenPassword: '••••••••••',
  passwordHidden: 'Password hidden',
  qrLabel: (ssid: string) => `QR code to join the WiFi network ${ssid}`,
  qrHint: 'Scan this code with a phone camera to join the network.',
  copy: 'Copy',
  copyFailed: 'Copying is not available in this browser. Select the name and password to copy them.',
  loadingQr: 'Loading the QR code…',
  nameField: 'WiFi name',
  passwordField: 'WiFi password',
  save: 'Save',
  cancel: 'Cancel',
  close: 'Close',
  saving: 'Saving…',
  noDevices: 'No devices are connected to your modem right now.',
  emptyGroup: 'No devices in this group.',
  deviceName: 'Device name',
  deviceType: 'Device type',
  rename: (name: string) => `Rename ${name}`,
  renameButton: 'Rename',
  unnamed: 'Unnamed device',
  // Modem migration alert (profile showModemMigrationAlert, the premium wifi product).
  migrationHeading: 'Upgrade to Premium WiFi',
  migrationBody:
    'Your modem is moving to our Premium WiFi service: a new modem with stronger coverage across your home. We will tell you when it is ready to ship.',
  migrationLearnMore: 'Learn more about Premium WiFi',
  migrationChat: 'Chat with us',
} as const;
