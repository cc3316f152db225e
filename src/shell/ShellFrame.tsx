import { config } from '../config';
import { LoadingOverlay } from './LoadingOverlay';

/**
 * React's copy of index.html's first paint (src/shell/shell-html.ts): shown while the router loads the first
 * page's module, so replacing the static markup changes nothing on screen.
 */
export function ShellFrame() {
  return (
    <div className="app">
      <header className="header">
        <div className="header__bar">
          <HeaderLogo />
        </div>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        <LoadingOverlay />
      </main>
    </div>
  );
}

/** The provider's logo link, first in the header bar (the same in the first paint and the signed-in bar). */
export function HeaderLogo() {
  return (
    <a href={config.provider.siteUrl} target="_blank" rel="noopener noreferrer" className="header__logo">
      {config.provider.name}
      <span className="visually-hidden"> home page (opens in a new tab)</span>
    </a>
  );
}
