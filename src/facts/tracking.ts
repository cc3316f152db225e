/**
 * The tracking cookie's contents (shell spec §3: 'A tracking cookie carries: account type, billing entity, state
 * code, zip code, autopay, paperless billing, shopping ability, HSI ownership, DTV ownership, upgrade eligibility,
 * current speed, max speed, customer type'), measured from the loaded data. Pure. Nothing here names the
 * customer: no name, no email address, no account number (docs/contracts.md 'Tracking cookie').
 */
import type { MyServices, Profile } from '../generated/types';
import { billingEntityOf, customerTypeOf } from './derive';

export interface TrackingValues {
  accountType: string | null;
  billingEntity: string | null;
  stateCode: string | null;
  zip: string | null;
  autopay: boolean | null;
  paperless: boolean | null;
  /** shopping ability: the services answer says the account may shop (canShopIndicator, or HSI available) */
  canShop: boolean | null;
  hsiOwned: boolean | null;
  dtvOwned: boolean | null;
  /** a faster internet speed is available than the one owned (UPGRADE flow on the newer billing system) */
  upgradeEligible: boolean | null;
  /** in Mbps */
  currentSpeed: number | null;
  /** in Mbps */
  maxSpeed: number | null;
  customerType: string | null;
}

/** The order of the cookie's fields. */
export const TRACKING_FIELDS: readonly (keyof TrackingValues)[] = [
  'accountType',
  'billingEntity',
  'stateCode',
  'zip',
  'autopay',
  'paperless',
  'canShop',
  'hsiOwned',
  'dtvOwned',
  'upgradeEligible',
  'currentSpeed',
  'maxSpeed',
  'customerType',
];

/** '100 Mbps' -> 100, '1 Gbps' -> 1000; null for anything else. */
export function speedMbps(text: string | undefined | null): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(k|m|g)bps\b/i.exec(text ?? '');
  if (!m?.[1] || !m[2]) return null;
  const factor = { k: 0.001, m: 1, g: 1000 }[m[2].toLowerCase() as 'k' | 'm' | 'g'];
  return Math.round(Number(m[1]) * factor);
}

const kbpsToMbps = (kbps: number | undefined): number | null =>
  typeof kbps === 'number' && Number.isFinite(kbps) && kbps >= 0 ? Math.round(kbps / 1000) : null;

const yes = (v: string | undefined): boolean | null => {
  const t = v?.trim().toLowerCase();
  if (t === 'y' || t === 'yes' || t === 'true') return true;
  if (t === 'n' || t === 'no' || t === 'false') return false;
  return null;
};

function servicesValues(services: MyServices | undefined) {
  const none = {
    canShop: null,
    hsiOwned: null,
    dtvOwned: null,
    upgradeEligible: null,
    currentSpeed: null,
    maxSpeed: null,
  };
  if (!services || services.statusInfo.status.toUpperCase() === 'FAILURE') return none;
  const dio = services.dioProductEligibility;
  if (dio) {
    return {
      canShop: dio.hsiAvailable ?? null,
      hsiOwned: dio.hasHsi,
      dtvOwned: dio.hasDtv ?? null,
      upgradeEligible: (dio.ecFlowsAvailable ?? []).includes('UPGRADE'),
      currentSpeed: kbpsToMbps(dio.ownedHsiSpeedInKbps),
      maxSpeed: kbpsToMbps(dio.availableHsiSpeedInKbps),
    };
  }
  const other = services.servicesAndOffersResponse;
  if (!other) return none;
  const current = speedMbps(other.internet?.downloadSpeed);
  const max = speedMbps(other.internet?.maxSpeedHSIAvailable);
  return {
    canShop: yes(other.canShopIndicator),
    hsiOwned: yes(other.internet?.isOwned),
    dtvOwned: yes(other.directv?.isOwned),
    upgradeEligible: current !== null && max !== null ? max > current : null,
    currentSpeed: current,
    maxSpeed: max,
  };
}

export function trackingValuesOf(profile: Profile | null | undefined, services?: MyServices): TrackingValues {
  const address = profile?.serviceAddress ?? profile?.billingAddress;
  return {
    accountType: profile?.accountType ?? null,
    billingEntity: profile
      ? billingEntityOf(profile.currentlyManagedAccount, profile.c2e, profile.territory)
      : null,
    stateCode: address?.stateCode ?? null,
    zip: address?.zip ?? null,
    autopay: profile ? profile.autoPay === true : null,
    paperless: profile ? profile.paperlessBilling === true : null,
    ...servicesValues(services),
    customerType: customerTypeOf(profile?.accountType),
  };
}

/** A cookie-safe piece: letters, digits, '.', '-' only, at most 32 characters; '' for unknown. */
function piece(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value)
    .replace(/[^A-Za-z0-9.-]/g, '')
    .slice(0, 32);
}

/** The cookie's value: `field:value` pairs joined by '|' (booleans 1/0, unknown empty), e.g. 'accountType:I|...'. */
export function trackingCookieValue(values: TrackingValues): string {
  return TRACKING_FIELDS.map((f) => `${f}:${piece(values[f])}`).join('|');
}

/**
 * The cookie as written to document.cookie: `days` from the rules (trackingCookieDays), Secure and SameSite=Strict
 * like the session, readable by the page's scripts (a tag manager reads it).
 */
export function trackingCookie(
  name: string,
  days: number,
  profile: Profile | null | undefined,
  services?: MyServices,
): string {
  const value = trackingCookieValue(trackingValuesOf(profile, services));
  return `${name}=${value}; Max-Age=${Math.round(days * 86_400)}; Path=/; Secure; SameSite=Strict`;
}
