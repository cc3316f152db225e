import type { MyServices } from '../../generated/types';
import { speedFromKbps } from '../../ui/format';

/** The services answer worked: transport ok and statusInfo.status not FAILURE (spec §4 'Services call'). */
export function servicesOk(s: MyServices): boolean {
  return s.statusInfo.status.toUpperCase() !== 'FAILURE';
}

/** Other billing systems send ownership as the strings 'true' / 'false'. */
export function owned(value: { isOwned?: string } | undefined): boolean {
  return value?.isOwned?.trim().toLowerCase() === 'true';
}

/** A 'number unit' speed string ('100 Mbps'); a zero speed is 'NA'. */
export function speedFromText(text: string | undefined): string | null {
  if (!text || text.trim() === '') return null;
  return parseFloat(text) === 0 ? 'NA' : text.trim();
}

export const NA_NOTE = '*NA - Not available at this time.';

export interface InternetFacts {
  owned: boolean;
  speed: string | null;
  availableSpeed: string | null;
  modemClass: string | null;
  broadbandLabelId: string | null;
}

/** What the services answer says about internet, for either billing system's shape. */
export function internetFacts(s: MyServices): InternetFacts {
  const dio = s.dioProductEligibility;
  if (dio) {
    return {
      owned: dio.hasHsi,
      speed: speedFromKbps(dio.ownedHsiSpeedInKbps),
      availableSpeed: speedFromKbps(dio.availableHsiSpeedInKbps),
      modemClass: dio.modemClass ?? null,
      broadbandLabelId: dio.ownedHsiBroadbandLabelId ?? null,
    };
  }
  const internet = s.servicesAndOffersResponse?.internet;
  return {
    owned: owned(internet),
    speed: speedFromText(internet?.downloadSpeed),
    availableSpeed: speedFromText(internet?.maxSpeedHSIAvailable),
    modemClass: null,
    broadbandLabelId: null,
  };
}

/** Readable names of the spec's special considerations (home spec §3). */
export const SPECIAL_CONSIDERATIONS: Record<string, string> = {
  EBBP: 'Emergency Broadband Benefit',
  CONNECTED_VOICE: 'Connected Voice',
  STANDALONE_CONNECTED_VOICE: 'Connected Voice (standalone)',
  ACP_DISCOUNT: 'Affordable Connectivity Program discount',
  LIFELINE_DISCOUNT: 'Lifeline discount',
  SIMPLY_UNLIMITED_PHONE: 'Simply Unlimited phone plan',
  VACATION_SUSPEND: 'Vacation suspend',
};

export function specialConsiderations(s: MyServices): string[] {
  const all = [...(s.specialConsiderations ?? []), ...(s.dioProductEligibility?.specialConsiderations ?? [])];
  return [...new Set(all)].map((c) => SPECIAL_CONSIDERATIONS[c] ?? c);
}

/** Readable names of the add-ons (home spec §3 valueAddedServices). */
export const ADD_ONS: Record<string, string> = {
  PERSONAL_TECH_PRO: 'Personal Tech Pro',
  CYBER_SHIELD: 'Cyber Shield',
};
