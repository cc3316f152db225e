/**
 * The Orch redirect entries (jump-outs): page navigations, not fetch calls. These build the addresses;
 * the browser goes there (the sandbox answers 302 to a stand-in page, a real Orch to the provider's site).
 */
import { buildUrl } from '../client';

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
