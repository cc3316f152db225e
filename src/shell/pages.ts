import type { RouteObject } from 'react-router-dom';
import { config } from '../config';
import { withChunkTimeout } from './chunk-load';

/**
 * Route path -> page module, loaded on demand so /home's first load carries only what home needs.
 * Each module exports `Component` (React Router's lazy-route convention).
 */
type Lazy = NonNullable<RouteObject['lazy']>;
/** A page module loader: the module has `Component` (React Router's lazy-route convention). */
type Loader = () => Promise<object>;
const pages: Record<string, Loader> = {
  '/home': () => import('../app/home-route'),
  '/billing': () => import('../app/billing-route'),
  '/paymentHistory': () => import('../features/billing/routes/payment-history'),
  '/billDetail': () => import('../features/billing/routes/bill-detail'),
  '/billDetailPdf': () => import('../features/billing/routes/bill-detail-pdf'),
  '/regulatoryPdf': () => import('../features/billing/routes/regulatory-pdf'),
  '/callDetails': () => import('../features/billing/routes/call-details'),
  '/shop': () => import('../features/shop/route'),
  '/contactus': () => import('../features/support/routes/contact-us'),
  '/support': () => import('../features/support/routes/support'),
  '/settings': () => import('../features/settings/routes/layout'),
  '/settings/': () => import('../features/settings/routes/sign-in-info'),
  '/settings/accountInfo': () => import('../features/settings/routes/account-info'),
  '/settings/notifications': () => import('../app/notifications-route'),
  '/services': () => import('../features/services/routes/layout'),
  '/services/': () => import('../features/services/routes/internet'),
  '/services/phone': () => import('../features/services/routes/phone'),
  '/services/add-ons': () => import('../features/services/routes/add-ons'),
  '/connectedDevices': () => import('../features/devices/routes/connected-devices'),
  '/deviceDetails': () => import('../features/devices/routes/device-details'),
  '/broadbandFacts': () => import('../features/devices/routes/broadband-facts'),
  '/ModemDetails': () => import('../features/devices/routes/modem-details'),
  '/messages': () => import('../features/messages/route'),
  '/outageNotification': () => import('../features/outage/route'),
  '/EditMailingAddress': () => import('../features/addresses/routes/edit-mailing-address'),
  '/EditMailingAddressEns': () => import('../features/addresses/routes/ens-layout'),
  '/EditMailingAddressEns/': () => import('../features/addresses/routes/ens-site-address'),
  '/EditMailingAddressEns/PoBox': () => import('../features/addresses/routes/ens-po-box'),
  '/Cancel-Services': () => import('../features/cancel/routes/cancel-services'),
  '/OregonProtectedList': () => import('../features/cancel/routes/oregon-protected-list'),
  '/AddAccountAuthenticationFlow': () => import('../features/add-account/routes/authentication-flow'),
  '/AddAnAccountNumber': () => import('../features/add-account/routes/add-an-account-number'),
  '/AddAnAccountStep3': () => import('../features/add-account/routes/step3'),
};

/** A page's loader, failing after the chunk time-out (shell spec §8) as when its code cannot be fetched. */
const timed =
  (load: Loader): Lazy =>
  () =>
    withChunkTimeout(load, config.timeouts.chunkLoadMs);

export function pageFor(path: string): Lazy {
  const page = pages[path];
  if (!page) throw new Error(`No page module for route ${path}`);
  return timed(page);
}

/** Every /login/* route, and /login itself, has its page in features/login (recovery flows and the rest). */
export function loginPageFor(path: string): Lazy {
  const name = path.replace(/^\/login\/?/, '');
  return timed(() => import('../features/login/route').then((m) => m.loginRoute(name)));
}
