import type { RouteObject } from 'react-router-dom';
import { config } from '../config';
import { withChunkTimeout } from '../ui/chunk-load';

/**
 * Route path -> page module, loaded on demand so /home's first load carries only what home needs.
 * Each module exports `Component` (React Router's lazy-route convention).
 */
type Lazy = NonNullable<RouteObject['lazy']>;
/** A page module loader: the module has `Component` (React Router's lazy-route convention). */
type Loader = () => Promise<object>;

/**
 * Every page module, by file (Vite makes one chunk of each, loaded on demand). The file names are what the
 * server reads in the build's manifest to tell the browser which chunks the page it rendered needs.
 */
const modules: Record<string, Loader> = import.meta.glob([
  '../app/*-route.tsx',
  '../features/*/route.tsx',
  '../features/*/routes/*.tsx',
]);

/** Route path -> its page module's file. */
const pages: Record<string, string> = {
  '/home': '../app/home-route.tsx',
  '/billing': '../app/billing-route.tsx',
  '/paymentHistory': '../features/billing/routes/payment-history.tsx',
  '/billDetail': '../features/billing/routes/bill-detail.tsx',
  '/billDetailPdf': '../features/billing/routes/bill-detail-pdf.tsx',
  '/regulatoryPdf': '../features/billing/routes/regulatory-pdf.tsx',
  '/callDetails': '../features/billing/routes/call-details.tsx',
  '/shop': '../features/shop/route.tsx',
  '/contactus': '../features/support/routes/contact-us.tsx',
  '/support': '../features/support/routes/support.tsx',
  '/settings': '../features/settings/routes/layout.tsx',
  '/settings/': '../features/settings/routes/sign-in-info.tsx',
  '/settings/accountInfo': '../features/settings/routes/account-info.tsx',
  '/settings/notifications': '../app/notifications-route.tsx',
  '/services': '../features/services/routes/layout.tsx',
  '/services/': '../features/services/routes/internet.tsx',
  '/services/phone': '../features/services/routes/phone.tsx',
  '/services/add-ons': '../features/services/routes/add-ons.tsx',
  '/connectedDevices': '../features/devices/routes/connected-devices.tsx',
  '/deviceDetails': '../features/devices/routes/device-details.tsx',
  '/broadbandFacts': '../features/devices/routes/broadband-facts.tsx',
  '/ModemDetails': '../features/devices/routes/modem-details.tsx',
  '/messages': '../features/messages/route.tsx',
  '/outageNotification': '../features/outage/route.tsx',
  '/EditMailingAddress': '../features/addresses/routes/edit-mailing-address.tsx',
  '/EditMailingAddressEns': '../features/addresses/routes/ens-layout.tsx',
  '/EditMailingAddressEns/': '../features/addresses/routes/ens-site-address.tsx',
  '/EditMailingAddressEns/PoBox': '../features/addresses/routes/ens-po-box.tsx',
  '/Cancel-Services': '../features/cancel/routes/cancel-services.tsx',
  '/OregonProtectedList': '../features/cancel/routes/oregon-protected-list.tsx',
  '/AddAccountAuthenticationFlow': '../features/add-account/routes/authentication-flow.tsx',
  '/AddAnAccountNumber': '../features/add-account/routes/add-an-account-number.tsx',
  '/AddAnAccountStep3': '../features/add-account/routes/step3.tsx',
};

/** A page's loader, failing after the chunk time-out (shell spec §8) as when its code cannot be fetched. */
const timed =
  (load: Loader): Lazy =>
  () =>
    withChunkTimeout(load, config.timeouts.chunkLoadMs);

export function pageFor(path: string): Lazy {
  const load = modules[pages[path] ?? ''];
  if (!load) throw new Error(`No page module for route ${path}`);
  return timed(load);
}

const LOGIN_MODULE = '../features/login/route.tsx';

/**
 * The page module of a route as the build's manifest names it ('src/features/billing/routes/bill-detail.tsx'):
 * the server preloads the chunks of the page it rendered.
 */
export function pageModuleOf(path: string): string | undefined {
  const file = path === '/login' || path.startsWith('/login/') ? LOGIN_MODULE : pages[path];
  return file ? `src/${file.replace(/^\.\.\//, '')}` : undefined;
}

/** Every /login/* route, and /login itself, has its page in features/login (recovery flows and the rest). */
export function loginPageFor(path: string): Lazy {
  const name = path.replace(/^\/login\/?/, '');
  const load = modules[LOGIN_MODULE];
  if (!load) throw new Error(`No page module ${LOGIN_MODULE}`);
  return timed(() => load().then((m) => (m as typeof import('../features/login/route')).loginRoute(name)));
}
