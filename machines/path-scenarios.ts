/**
 * Every machine whose paths `npm run paths` generates, with the scenarios it explores (what a scenario is:
 * machines/scenarios/scenario.ts). The scenarios live by part of the portal in machines/scenarios/.
 */
import type { PathMachine } from './scenarios/scenario';
import { accountSwitch, declineAltNumber } from './scenarios/account';
import { cancelOrder, rescheduleRepair, cancelRepair, techTracker } from './scenarios/orders';
import {
  modemRestart,
  creditOffer,
  modemReplacement,
  upgrade,
  editWifi,
  deviceRename,
} from './scenarios/devices';
import {
  forgotUsername,
  forgotPassword,
  resetPassword,
  retrieveAccountNumber,
  retrieveAuthCode,
  createProfile,
  cancelServiceSso,
} from './scenarios/sign-in';
import {
  walledGardenPay,
  retryPayment,
  paperless,
  payBill,
  paymentPlan,
  cancelScheduledPayment,
  viewBill,
} from './scenarios/billing';
import { studioDraft, studioImpact, studioReview, studioRollout } from './scenarios/studio';

export { done, failed, type PathMachine, type PathScenario } from './scenarios/scenario';

/** Every machine whose paths are generated, by file stem. */
export const PATH_MACHINES: readonly PathMachine[] = [
  accountSwitch,
  creditOffer,
  declineAltNumber,
  forgotPassword,
  forgotUsername,
  resetPassword,
  retrieveAccountNumber,
  retrieveAuthCode,
  createProfile,
  cancelServiceSso,
  modemReplacement,
  modemRestart,
  retryPayment,
  cancelOrder,
  rescheduleRepair,
  cancelRepair,
  techTracker,
  walledGardenPay,
  upgrade,
  editWifi,
  deviceRename,
  studioDraft,
  studioImpact,
  studioReview,
  studioRollout,
  paperless,
  payBill,
  paymentPlan,
  cancelScheduledPayment,
  viewBill,
];
