import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { HOME_HEADING_ID } from '../../ui/focus';

/** The greeting of the full home and of the account-closed view. Its heading takes focus after an alert goes. */
export const Greeting = observer(function Greeting() {
  const store = useStores();
  const p = store.profile.data;
  const name = p?.firstName?.trim();
  return (
    <div className="greeting">
      {/* A name of any length: three lines at most, the whole greeting in the title. */}
      <h1 id={HOME_HEADING_ID} tabIndex={-1} className="clamp" title={name ? `Hi, ${name}!` : undefined}>
        {name ? `Hi, ${name}!` : 'Welcome!'}
      </h1>
      {p ? <p className="greeting__account">Account {p.currentlyManagedAccount}</p> : null}
    </div>
  );
});
