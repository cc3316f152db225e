import { observer } from 'mobx-react-lite';
import { useStores } from '../../../stores/context';
import { AddressParts, ChangeByAgent, ProfileUnavailable } from '../address';

/** /EditMailingAddress: the mailing (billing) address on file next to the service address. */
export const Component = observer(function EditMailingAddress() {
  const store = useStores();
  const p = store.profile.data;
  return (
    <div className="page">
      <h1>Edit Mailing Address</h1>
      {!p ? (
        <ProfileUnavailable />
      ) : (
        <>
          <section className="panel" aria-labelledby="mailing-address-title">
            <h2 id="mailing-address-title">Mailing address</h2>
            <p>Your bills and account letters go to this address.</p>
            <AddressParts address={p.billingAddress} caption="Mailing address" />
            <ChangeByAgent />
          </section>
          <section className="panel" aria-labelledby="service-address-title">
            <h2 id="service-address-title">Service address</h2>
            <p>
              Where your service is installed. Moving? That is a change of service, not of mailing address.
            </p>
            <AddressParts address={p.serviceAddress} caption="Service address" />
          </section>
        </>
      )}
    </div>
  );
});
