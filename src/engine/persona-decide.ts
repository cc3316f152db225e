/**
 * How the tools decide for a test customer (persona) the way the app does: the profile first, then only the
 * calls rules/data-loading.json chose, then every decision on the data those calls return. rules:preview,
 * rules:explain and the rule cases run it on the sandbox's persona bodies in node; the rule studio runs it
 * in the browser on the same bodies (GET /studio/api/personas), under the live rules and under a draft.
 * Browser-safe.
 */
import { deriveFacts } from '../facts/derive';
import { snapshotFromResponses, type AccountResponses } from '../facts/responses';
import type { AccountFacts } from '../facts/vocabulary';
import { DATA_CALLS, type DataCall } from './decisions';
import type { Runtime } from './runtime';
import type { ExplainTrace, HomeDecisions } from './types';

/** The persona body (schema name) each data call of rules/data-loading.json fetches (none: the token). */
export const RESPONSE_OF_CALL: Record<DataCall, string | null> = {
  outage: 'outage',
  orderHistory: 'orderHistory',
  tickets: 'repairTickets',
  services: 'myServices',
  rateIncrease: 'rateIncrease',
  wgStatus: 'wgStatus',
  creditOffer: 'creditOffer',
  modemReplacementOffer: 'modemReplacementOffer',
  paperCharge: 'checkPaperCharge',
  modemInfo: 'modemInfo',
  wifiInfo: 'wifiInfo',
  adaptToken: null,
};

/** The bodies a decision can read: the profile, the account list and every data call's answer. */
export const DECISION_BODIES: readonly string[] = [
  'homeEarlyInit',
  'accountList',
  ...Object.values(RESPONSE_OF_CALL).filter((body): body is string => body !== null),
];

/** The facts of one account on a day, from its bodies, as if only `calls` had been made. */
export function factsFromBodies(
  bodies: object,
  today: Date,
  calls: readonly DataCall[] = DATA_CALLS,
): AccountFacts {
  // Any object of bodies by schema name (the sandbox's PersonaResponses, or JSON from the studio's server).
  const all = bodies as Readonly<AccountResponses>;
  const responses: AccountResponses = { homeEarlyInit: all.homeEarlyInit, accountList: all.accountList };
  for (const call of calls) {
    const body = RESPONSE_OF_CALL[call];
    if (body) responses[body] = all[body];
  }
  return deriveFacts(snapshotFromResponses(responses, { receivedAt: today }), { today });
}

/**
 * Two passes, as the app: plan the calls from the profile, then decide on what those calls return. Decided as
 * a customer's page is (runtime.decisions: docs/decisions/045); `explain` works out the final decisions'
 * trace with json-rules-engine when asked.
 */
export async function decideBodies(
  runtime: Runtime,
  all: object,
  today: Date,
): Promise<{ facts: AccountFacts; decisions: HomeDecisions; explain: () => Promise<ExplainTrace> }> {
  const plan = await runtime.decisions(factsFromBodies(all, today, []));
  let calls = plan.decisions.dataLoading.calls;
  let facts = factsFromBodies(all, today, calls);
  let decided = await runtime.decisions(facts);
  // The app asks again once the first calls answered (the wifi calls wait for the services answer): so do we.
  const later = decided.decisions.dataLoading.calls.filter((c) => !calls.includes(c));
  if (later.length > 0) {
    calls = [...calls, ...later];
    facts = factsFromBodies(all, today, calls);
    decided = await runtime.decisions(facts);
  }
  return { facts, ...decided };
}
