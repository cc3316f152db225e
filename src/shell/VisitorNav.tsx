import { useState } from 'react';
import { config } from '../config';
import { ExternalLink } from '../ui/ExternalLink';

/** The marketing bar for visitors: For Home, For Business, Support, Sign In (For Home, For Business, Quick Bill Pay). */
export function VisitorNav() {
  const [signInOpen, setSignInOpen] = useState(false);
  const p = config.provider;
  return (
    <nav aria-label="Main" className="nav nav--visitor">
      <ul className="nav__list">
        <li>
          <ExternalLink href={p.forHomeUrl}>For Home</ExternalLink>
        </li>
        <li>
          <ExternalLink href={p.forBusinessUrl}>For Business</ExternalLink>
        </li>
        <li>
          <ExternalLink href={p.supportUrl}>Support</ExternalLink>
        </li>
        <li className="nav__menu">
          <button
            type="button"
            aria-expanded={signInOpen}
            aria-controls="signin-menu"
            onClick={() => setSignInOpen((o) => !o)}
          >
            Sign In
          </button>
          <ul id="signin-menu" className="nav__submenu" hidden={!signInOpen}>
            <li>
              <a
                href={`${config.signIn.signInUrl}?${config.signIn.redirectParam}=${encodeURIComponent('/home')}`}
              >
                For Home
              </a>
            </li>
            <li>
              <ExternalLink href={p.forBusinessUrl}>For Business</ExternalLink>
            </li>
            <li>
              <ExternalLink href={p.quickBillPayUrl}>Quick Bill Pay</ExternalLink>
            </li>
          </ul>
        </li>
      </ul>
    </nav>
  );
}
