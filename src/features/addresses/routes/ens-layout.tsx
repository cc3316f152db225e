import { NavLink, Outlet } from 'react-router-dom';

/** /EditMailingAddressEns: the heading, a sub-navigation (site address, PO box) and the chosen part. */
export function Component() {
  return (
    <div className="page">
      <h1>Edit Mailing Address</h1>
      <nav aria-label="Mailing address type">
        <ul className="nav__list">
          <li>
            <NavLink to="/EditMailingAddressEns" end>
              Site Address
            </NavLink>
          </li>
          <li>
            <NavLink to="/EditMailingAddressEns/PoBox">PO Box</NavLink>
          </li>
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
