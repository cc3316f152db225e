import { observer } from 'mobx-react-lite';
import { useStores } from '../../../stores/context';

/** The greeting of the full home and of the account-closed view. */
export const Greeting = observer(function Greeting() {
  const store = useStores();
  const p = store.profile.data;
  const name = p?.firstName?.trim();
  return (
    <div className="greeting">
      <h1>{name ? `Hi, ${name}!` : 'Welcome!'}</h1>
      {p ? <p className="greeting__account">Account {p.currentlyManagedAccount}</p> : null}
    </div>
  );
});
