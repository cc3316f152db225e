import { observer } from 'mobx-react-lite';
import type { ComponentType } from 'react';
import { jumpOut } from '../../../config';
import type { Profile } from '../../../generated/types';
import { useStores } from '../../../stores/context';
import { ExternalLink } from '../../../ui/ExternalLink';
import { paymentMethodText } from '../billing-data';
import { BillingPanel } from '../BillingPanel';
import { MovingPanel } from '../MovingPanel';
import { PreviousBills } from '../previous-bills';

export interface BillingPageProps {
  /** Paperless on and off (the paperless feature's, handed in by the app layer). */
  paperless?: ComponentType;
}

/**
 * /billing: the billing panel at the top (the same as the home's, without View Bill), then AutoPay, the payment
 * method and paperless billing, previous bills and the 'Moving?' panel. A profile that failed to load leaves the
 * panel's 'Current amount is not available ...'.
 */
export const BillingPage = observer(function BillingPage({ paperless }: BillingPageProps) {
  const store = useStores();
  const p = store.profile.data;
  return (
    <div className="page">
      <h1>Billing</h1>
      <BillingPanel profile={p ?? null} />
      {p ? <BillingDetails profile={p} paperless={paperless} /> : null}
    </div>
  );
});

const BillingDetails = observer(function BillingDetails({
  profile: p,
  paperless: Paperless,
}: {
  profile: Profile;
  paperless: ComponentType | undefined;
}) {
  const store = useStores();
  const method = paymentMethodText(p);
  const noBillsYet = store.decisions.current?.billingActions['no-bills-yet'] === true;
  return (
    <>
      <section className="panel" aria-labelledby="billing-settings-title">
        <h2 id="billing-settings-title">Billing settings</h2>
        <dl className="definition-list">
          <dt>AutoPay</dt>
          <dd>{p.autoPay ? 'On' : 'Off'}</dd>
          {method ? (
            <>
              <dt>Payment method</dt>
              <dd>{method}</dd>
            </>
          ) : null}
        </dl>
        {Paperless ? <Paperless /> : null}
        <ul className="link-list">
          <li>
            <ExternalLink href={jumpOut('billingHelp')}>Billing help</ExternalLink>
          </li>
        </ul>
      </section>

      <section className="panel" aria-labelledby="bills-title">
        <h2 id="bills-title">Previous bills</h2>
        <PreviousBills profile={p} page="billing" noBillsYet={noBillsYet} />
      </section>

      <MovingPanel />
    </>
  );
});
