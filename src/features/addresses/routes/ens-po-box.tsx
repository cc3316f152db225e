import { observer } from 'mobx-react-lite';
import { useStores } from '../../../stores/context';
import { AddressParts, ChangeByAgent, ProfileUnavailable } from '../address';

/** /EditMailingAddressEns/PoBox: mail to a PO box instead of a street address; the address on file. */
export const Component = observer(function EnsPoBox() {
  const store = useStores();
  const p = store.profile.data;
  return (
    <section className="panel" aria-labelledby="ens-po-box-title">
      <h2 id="ens-po-box-title">PO Box</h2>
      {!p ? (
        <ProfileUnavailable />
      ) : (
        <>
          <p>
            Mail can go to a PO box. Have the box number, city, state and ZIP code ready. The mailing address
            on file:
          </p>
          <AddressParts address={p.billingAddress} caption="Mailing address on file" />
          <ChangeByAgent />
        </>
      )}
    </section>
  );
});
