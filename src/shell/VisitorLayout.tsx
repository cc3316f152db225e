import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { config } from '../config';
import { VisitorNav } from './VisitorNav';
import { SkipLink } from './SkipLink';
import { Footer } from './Footer';

/** Unauthenticated flows (/login/*): the visitor bar and no signed-in navigation. */
export function VisitorLayout() {
  return (
    <VisitorChrome>
      <Outlet />
    </VisitorChrome>
  );
}

/**
 * The visitor's frame: the marketing bar, the page, the footer. Also used outside /login for any address the
 * spec counts as an unauthenticated flow (it contains forgot, login, retrieveAccount or mub), signed in or not.
 */
export function VisitorChrome({ children }: { children: ReactNode }) {
  return (
    <div className="app">
      <SkipLink />
      <header className="header">
        <div className="header__bar">
          <a
            href={config.provider.siteUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="header__logo"
          >
            {config.provider.name}
            <span className="visually-hidden"> home page (opens in a new tab)</span>
          </a>
        </div>
        <VisitorNav />
      </header>
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
