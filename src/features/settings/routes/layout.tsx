import { NavLink, Outlet } from 'react-router-dom';

/** /settings: the heading, a sub-navigation of its three sections, and the chosen section. */
export function Component() {
  return (
    <div className="page">
      <h1>Settings</h1>
      <nav aria-label="Settings sections">
        <ul className="nav__list">
          <li>
            <NavLink to="/settings" end>
              Sign-In Info
            </NavLink>
          </li>
          <li>
            <NavLink to="/settings/accountInfo">Account Info</NavLink>
          </li>
          <li>
            <NavLink to="/settings/notifications">Notifications</NavLink>
          </li>
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
