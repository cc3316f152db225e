import { BillingPage } from '../features/billing/routes/billing';
import { PaperlessSettings } from '../features/paperless/PaperlessSettings';

/** /billing (lazy route module): the billing page, with the paperless feature's on/off. */
export function Component() {
  return <BillingPage paperless={PaperlessSettings} />;
}
