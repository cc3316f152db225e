import { observer } from 'mobx-react-lite';
import { useStores } from '../../../stores/context';
import { AddressParts, ChangeByAgent, ProfileUnavailable } from '../address';

/** /EditMailingAddressEns (default child): mail to a street (site) address; the addresses on file. */
export const Component = observer(function EnsSiteAddress() {
  const store = useStores();
  const p = store.profile.data;
  return (
    <section className="panel" aria-labelledby="ens-site-title">
      <h2 id="ens-site-title">Site Address</h2>
      {!p ? (
        <ProfileUnavailable />
      ) : (
        <>
          <p>Mail can go to a street address. This is the mailing address on file:</p>
          <AddressParts address={p.billingAddress} caption="Mailing address on file" />
          <h3>Service address</h3>
          <AddressParts address={p.serviceAddress} caption="Service address" />
          <ChangeByAgent />
        </>
      )}
    </section>
  );
});
