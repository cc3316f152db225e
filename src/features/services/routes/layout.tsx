import { observer } from 'mobx-react-lite';
import { NavLink, Outlet } from 'react-router-dom';
import { useStores } from '../../../stores/context';
import { ProfileUnavailable } from '../../../ui/AccountError';

/** /services: the heading, a sub-navigation of internet, phone and add-ons, and the chosen page. */
export const Component = observer(function ServicesLayout() {
  const store = useStores();
  return (
    <div className="page">
      <h1>Services</h1>
      <nav aria-label="Services sections">
        <ul className="nav__list">
          <li>
            <NavLink to="/services" end>
              Internet
            </NavLink>
          </li>
          <li>
            <NavLink to="/services/phone">Phone</NavLink>
          </li>
          <li>
            <NavLink to="/services/add-ons">Add-Ons</NavLink>
          </li>
        </ul>
      </nav>
      {store.profile.data ? <Outlet /> : <ProfileUnavailable />}
    </div>
  );
});
