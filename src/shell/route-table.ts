/**
 * The spec's route table (shell document, section 2) as data: path and title. The router is built from
 * this, and tests read it, so a route cannot be in one and missing from the other.
 */
export interface RouteEntry {
  path: string;
  title: string;
  children?: RouteEntry[];
}

export const signedInRoutes: RouteEntry[] = [
  { path: 'home', title: 'Home' },
  { path: 'billing', title: 'Billing' },
  { path: 'shop', title: 'Shop' },
  { path: 'contactus', title: 'Contact Us' },
  { path: 'support', title: 'Support' },
  {
    path: 'settings',
    title: 'Settings',
    children: [
      { path: '', title: 'Sign-In Info' },
      { path: 'accountInfo', title: 'Account Info' },
      { path: 'notifications', title: 'Notifications' },
    ],
  },
  {
    path: 'services',
    title: 'Services',
    children: [
      { path: '', title: 'Internet' },
      { path: 'phone', title: 'Phone' },
      { path: 'add-ons', title: 'Add-Ons' },
    ],
  },
  { path: 'connectedDevices', title: 'Connected Devices' },
  { path: 'deviceDetails', title: 'Device Details' },
  { path: 'broadbandFacts', title: 'Broadband Facts' },
  { path: 'messages', title: 'Messages' },
  { path: 'outageNotification', title: 'Outage Notification' },
  { path: 'ModemDetails', title: 'Modem Details' },
  { path: 'EditMailingAddress', title: 'Edit Mailing Address' },
  {
    path: 'EditMailingAddressEns',
    title: 'Edit Mailing Address',
    children: [
      { path: '', title: 'Site Address' },
      { path: 'PoBox', title: 'PO Box' },
    ],
  },
  { path: 'paymentHistory', title: 'Payment History' },
  { path: 'billDetail', title: 'Bill Detail' },
  { path: 'billDetailPdf', title: 'Bill PDF' },
  { path: 'regulatoryPdf', title: 'Regulatory Notice' },
  { path: 'callDetails', title: 'Call Details' },
  { path: 'Cancel-Services', title: 'Cancel Services' },
  { path: 'OregonProtectedList', title: 'Oregon Protected List' },
  { path: 'AddAccountAuthenticationFlow', title: 'Add Account' },
  { path: 'AddAnAccountNumber', title: 'Add an Account Number' },
  { path: 'AddAnAccountStep3', title: 'Add Account: Confirm' },
];

/** Unauthenticated routes under /login/ (spec list, in order). */
export const loginRoutes: RouteEntry[] = [
  { path: 'profileRegistration', title: 'Profile Registration' },
  { path: 'profileCompletion', title: 'Profile Completion' },
  { path: 'passwordCreation', title: 'Create Password' },
  { path: 'linkExpired', title: 'Link Expired' },
  { path: 'cancelservice', title: 'Cancel Service' },
  { path: 'chat', title: 'Chat' },
  { path: 'forgotUsername', title: 'Forgot Username' },
  { path: 'forgotUsernameProfileCreated', title: 'Profile Created' },
  { path: 'forgotUsernameCreateProfile', title: 'Create Profile' },
  { path: 'forgotUsernameEmailSent', title: 'Email Sent' },
  { path: 'forgotPassword', title: 'Forgot Password' },
  { path: 'forgotPasswordStep2', title: 'Forgot Password: Check Your Email' },
  { path: 'forgotPasswordStep3', title: 'Forgot Password: New Password' },
  { path: 'shellProfileSuccessEmailSent', title: 'Email Sent' },
  { path: 'accountEnrollment', title: 'Account Enrollment' },
  { path: 'profileEnrollment', title: 'Profile Enrollment' },
  { path: 'SuccessEnrollment', title: 'Enrollment Complete' },
  { path: 'retrieveAuthCode', title: 'Retrieve Authorization Code' },
  { path: 'retrieveAuthCodeOptions', title: 'Authorization Code Options' },
  { path: 'retrieveAccountNumber', title: 'Retrieve Account Number' },
  { path: 'retrieveAccountSuccess', title: 'Account Number Sent' },
  { path: 'setPassword', title: 'Set Password' },
  { path: 'setPasswordSuccess', title: 'Password Set' },
  { path: 'sorry/mup', title: 'Sorry' },
  { path: 'maintenance', title: 'Maintenance' },
];

/** Spec: pages whose address contains forgot, login, retrieveAccount or mub are unauthenticated flows. */
const UNAUTHENTICATED_MARKERS = ['forgot', 'login', 'retrieveAccount', 'mub'];
export function isUnauthenticatedFlow(pathname: string): boolean {
  return UNAUTHENTICATED_MARKERS.some((m) => pathname.includes(m));
}

/** Spec: any path not starting with /login first checks whether the session is authenticated. */
export function needsAuthCheck(pathname: string): boolean {
  return !pathname.startsWith('/login');
}

/** Spec: the loading overlay is hidden on /support, /login, /forgot, /retrieveAccount, /sorry/mup and maintenance pages. */
const OVERLAY_HIDDEN = ['/support', '/login', '/forgot', '/retrieveAccount', '/sorry/mup', 'maintenance'];
export function overlayHidden(pathname: string): boolean {
  return OVERLAY_HIDDEN.some((m) => pathname.startsWith(m) || (m === 'maintenance' && pathname.includes(m)));
}

/** Flattened list of every absolute path with its title, for titles and tests. */
export function allRoutes(): Array<{ path: string; title: string }> {
  const out: Array<{ path: string; title: string }> = [];
  const walk = (entries: RouteEntry[], base: string) => {
    for (const e of entries) {
      // An index child ('' path) shares its parent's address and title.
      if (!e.path) continue;
      const path = `${base}/${e.path}`;
      out.push({ path, title: e.title });
      if (e.children) walk(e.children, path);
    }
  };
  walk(signedInRoutes, '');
  walk(loginRoutes, '/login');
  return out;
}
