/** The internet plan card's upgrade flow (machines/upgrade.machine.ts) with its effects from the stores. */
import { fromPromise } from 'xstate';
import { MESSAGES } from '../../../machines/messages';
import { upgradeMachine, type JumpTokenInput, type OpenShopParams } from '../../../machines/upgrade.machine';
import { safeRedirectTarget } from '../../api/redirect';
import { encodeParam } from '../../api/url';
import { config, jumpOut } from '../../config';
import { accountNumberOf, refuse, toast, unwrap } from '../../stores/flow-effects';
import type { RootStore } from '../../stores/root-store';

// The calls (and their validators) load with the first click that needs them, never with /home.
const qfPurlCall = () => import('../../api/calls/qf-purl');
const jumpTokenCall = () => import('../../api/calls/jump-out-token');

/** The login the jump token is requested for (spec: attribList {name profileId, value login}). */
function loginOf(store: RootStore): string {
  return (
    store.session.profileId ??
    store.profile.data?.profile?.response?.identity?.login ??
    store.profile.data?.emailAddress ??
    ''
  );
}

/**
 * Where the shop opens with a jump token (home spec §2.11): the second provider's shop login URL with the token
 * appended (and its extra flow parameter for a modem change), or the provider's shop for the plan or the modem.
 * Every address is configuration (config/portal.json) and checked by the one redirect checker.
 */
export function shopAddress({ token, kind, path }: OpenShopParams, origin: string): string | null {
  const policy = { origin, allowlist: config.redirectAllowlist };
  if (token.trim() === '') return null;
  if (path === 'second-provider-shop') {
    const flow = kind === 'modem' ? (config.secondProvider.modemChangeFlowParam ?? '') : '';
    return safeRedirectTarget(`${config.secondProvider.shopLoginUrl}${encodeParam(token)}${flow}`, policy);
  }
  const base = jumpOut(kind === 'modem' ? 'modemUpgradeShop' : 'upgradeShop');
  return safeRedirectTarget(`${base}${encodeParam(token)}`, policy);
}

/**
 * Upgrade Now / Upgrade Modem on the path rules/upgrade-path.json decided. The fiber shop address comes from
 * getQfPurl (statusInfo SUCCESS and a purl); when that lookup fails the customer still goes to the plain fiber
 * shop of the configuration (the failure is logged: the spec leaves it silent). A jump token that fails, or an
 * address the redirect checker refuses, ends in the spec's toast (4 s) with a record in the issue log.
 */
export function provideUpgrade(store: RootStore) {
  const policy = () => ({ origin: store.env.origin, allowlist: config.redirectAllowlist });
  const refused = (operation: string, message: string) => {
    store.logIssue(store.page, operation, message);
    store.ui.showToast(MESSAGES.upgradeUnavailable);
  };
  return upgradeMachine.provide({
    actors: {
      fiberShopAddress: fromPromise<string>(async () => {
        const operation = 'getQfPurl';
        const fallback = jumpOut('fiberShop');
        const { getQfPurl } = await qfPurlCall();
        const r = await getQfPurl(store.orch, { accountNumber: accountNumberOf(store) });
        if (!r.ok) {
          store.logIssue(store.page, operation, r.message);
          return fallback;
        }
        if (r.data.statusInfo.status.toUpperCase() !== 'SUCCESS' || !r.data.purl) {
          store.logIssue(
            store.page,
            operation,
            `getQfPurl answered ${r.data.statusInfo.status} without a purl`,
          );
          return fallback;
        }
        return r.data.purl;
      }),
      jumpToken: fromPromise<string, JumpTokenInput>(async ({ input }) => {
        const operation = 'createJumpOutToken';
        const { createJumpOutToken } = await jumpTokenCall();
        const data = await unwrap(
          store,
          operation,
          createJumpOutToken(store.orch, { attribList: [{ name: 'profileId', value: loginOf(store) }] }),
        );
        if (data.data.token.trim() === '')
          refuse(store, operation, `empty jump token for the ${input.kind} upgrade`);
        return data.data.token;
      }),
    },
    actions: {
      openAddress: (_, { url }) => {
        const target = safeRedirectTarget(url, policy());
        if (target) store.env.assign(target);
        else refused('getQfPurl', `fiber shop address refused for the redirect: ${url.slice(0, 200)}`);
      },
      openShop: (_, params) => {
        const target = shopAddress(params, store.env.origin);
        if (target) store.env.assign(target);
        else refused('createJumpOutToken', `shop address refused for the redirect (${params.path})`);
      },
      showToast: toast(store),
    },
  });
}
