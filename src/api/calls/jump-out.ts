/**
 * The Orch redirect entries (jump-outs): page navigations, not fetch calls. These build the addresses;
 * the browser goes there (the sandbox answers 302 to a stand-in page, a real Orch to the provider's site).
 */
import { config } from '../../config';
import { buildUrl, type FetchLike, type Result } from '../client';

export const jumpOutPaths = {
  payBill: '/Orch/dssh/redirectEntry/jumpOutPayBill',
  manageAutoPay: '/Orch/dssh/redirectEntry/jumpOutManageAutoPay',
  techTracker: '/Orch/dssh/redirectEntry/jumpOutTechTracker',
  vacationRestore: '/Orch/dssh/redirectEntry/jumpOutVacationRestore',
  movers: '/Orch/dssh/redirectEntry/jumpOutMovers',
  changeDueDate: '/Orch/dssh/redirectEntry/jumpOutChangeDueDate',
} as const;

export type JumpOutName = keyof typeof jumpOutPaths;

export const jumpOutPayBillUrl = (accountNumber: string): string =>
  buildUrl('', jumpOutPaths.payBill, { accountNumber });
export const jumpOutManageAutoPayUrl = (): string => jumpOutPaths.manageAutoPay;
/** Opened in a new window. */
export const jumpOutTechTrackerUrl = (accountNumber: string): string =>
  buildUrl('', jumpOutPaths.techTracker, { accountNumber });
export const jumpOutVacationRestoreUrl = (accountNumber: string): string =>
  buildUrl('', jumpOutPaths.vacationRestore, { accountNumber });
/** `discount` for EBBP or ACP discount holders, whose moving link differs. */
export const jumpOutMoversUrl = (discount: boolean): string =>
  buildUrl('', jumpOutPaths.movers, discount ? { discount: 'true' } : {});
export const jumpOutChangeDueDateUrl = (accountNumber: string): string =>
  buildUrl('', jumpOutPaths.changeDueDate, { accountNumber });

/** GET /Orch/logout: sign out (navigation). */
export const logoutPath = '/Orch/logout';

/**
 * Asks a redirect entry (jumpOutPayBill) where it would send the browser, without following it: the portal
 * leaves only when Orch answers with a redirect, so a failing jump-out ends in the spec's toast instead of an
 * error page away from the portal. An error status, a time-out, or an answer that is not a redirect (a page,
 * a JSON body) is a failure.
 */
export async function checkJumpOut(
  fetch: FetchLike,
  url: string,
  timeoutMs: number = config.timeouts.callMs,
): Promise<Result<void>> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const res = await fetch(url, {
      method: 'GET',
      redirect: 'manual',
      credentials: 'same-origin',
      signal: controller.signal,
    });
    // A followed-not redirect is an opaque response (status 0) in browsers; a plain 3xx elsewhere.
    if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400))
      return { ok: true, data: undefined };
    if (res.status === 401)
      return { ok: false, kind: 'unauthenticated', status: 401, message: `Not signed in (401 from ${url})` };
    if (!res.ok)
      return { ok: false, kind: 'http', status: res.status, message: `HTTP ${res.status} from ${url}` };
    return {
      ok: false,
      kind: 'malformed',
      status: res.status,
      message: `${url} answered without a redirect`,
    };
  } catch (e) {
    if (timedOut)
      return { ok: false, kind: 'timeout', message: `No answer from ${url} within ${timeoutMs} ms` };
    return {
      ok: false,
      kind: 'network',
      message: `Network error on ${url}: ${e instanceof Error ? e.message : String(e)}`,
    };
  } finally {
    clearTimeout(timer);
  }
}
