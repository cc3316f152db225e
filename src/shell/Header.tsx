import { observer } from 'mobx-react-lite';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { NavLink } from 'react-router-dom';
import { config } from '../config';
import { useStores } from '../stores/context';
import { siteSearchUrl } from './search';
import { AccountSelector } from './AccountSelector';
import { HeaderLogo } from './ShellFrame';
import { Form } from '../ui/Form';
import { focusMain } from '../ui/focus';
import { useTypedBeforeHydration } from '../ui/typed-before-hydration';

const NAV_LABELS: Record<string, { label: string; to: string }> = {
  home: { label: 'Home', to: '/home' },
  billing: { label: 'Billing', to: '/billing' },
  services: { label: 'Services', to: '/services' },
  support: { label: 'Support', to: '/support' },
  settings: { label: 'Settings', to: '/settings' },
  messages: { label: 'Messages', to: '/messages' },
};

/**
 * The signed-in bar. Which items show and whether the search shows are decided by rules/navigation.json, and
 * an item whose page rules/page-access.json closes is left out; this component only renders the decisions.
 */
export const Header = observer(function Header() {
  const store = useStores();
  return (
    <header className="header">
      <div className="header__bar">
        <HeaderLogo />
        {store.session.auth === 'authenticated' ? <HeaderMenu /> : null}
      </div>
    </header>
  );
});

/**
 * The menu and its button, once the session is known: until then the bar is the frame index.html paints
 * (its height is fixed by the stylesheet, so the menu arriving moves nothing).
 */
const HeaderMenu = observer(function HeaderMenu() {
  const store = useStores();
  const menuOpen = store.ui.mobileMenuOpen;
  const menu = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // A navigation closes the phone's menu (RouteEffects). The link or the account the customer chose in it
  // is then hidden, and the focus would fall to the document's body: it goes to the new page's main region
  // instead, where a keyboard or screen reader user reads on. Closed with its button, or where the menu
  // stays shown (1024 px and wider), the focus is left where it is.
  useLayoutEffect(() => {
    const box = menu.current;
    if (menuOpen || !box) return;
    const doc = box.ownerDocument;
    if (!box.contains(doc.activeElement) || doc.defaultView?.getComputedStyle(box).display !== 'none') return;
    focusMain(doc);
  }, [menuOpen]);
  // Below 1024 px the open menu is a panel over the page (the spec's side menu): it closes when the customer
  // leaves it, so nothing they reach next is hidden under it (WCAG 2.4.11). Escape closes it and hands the
  // focus back to its button; a tap or a focus outside the button and the panel closes it where they went.
  // Escape that closes the account list inside it first is that list's own (it marks the key handled).
  useEffect(() => {
    const box = menu.current;
    if (!menuOpen || !box) return undefined;
    const win = box.ownerDocument.defaultView;
    if (!win) return undefined;
    const inside = (target: EventTarget | null) =>
      target instanceof Node && (box.contains(target) || !!button.current?.contains(target));
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      store.ui.setMobileMenu(false);
      button.current?.focus();
    };
    const onOutside = (e: Event) => {
      if (!inside(e.target)) store.ui.setMobileMenu(false);
    };
    // On the window, so the account list's Escape (on the document) has been handled first.
    win.addEventListener('keydown', onKey);
    win.addEventListener('pointerdown', onOutside);
    win.addEventListener('focusin', onOutside);
    return () => {
      win.removeEventListener('keydown', onKey);
      win.removeEventListener('pointerdown', onOutside);
      win.removeEventListener('focusin', onOutside);
    };
  }, [menuOpen, store.ui]);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="header__hamburger"
        aria-expanded={menuOpen}
        aria-controls="main-menu"
        onClick={() => store.ui.setMobileMenu(!menuOpen)}
      >
        <svg width="16" height="12" viewBox="0 0 16 12" aria-hidden="true" focusable="false">
          <path d="M0 1h16M0 6h16M0 11h16" stroke="currentColor" strokeWidth="2" />
        </svg>{' '}
        Menu
      </button>
      <div id="main-menu" ref={menu} className={`header__menu${menuOpen ? ' header__menu--open' : ''}`}>
        <MenuContents />
      </div>
    </>
  );
});

/**
 * What the menu holds, a component of its own (observer: memoised, no props): opening or closing the menu
 * changes one class on its wrapper and renders none of this again (issue 30: the tap's INP).
 */
const MenuContents = observer(function MenuContents() {
  const store = useStores();
  const nav = store.decisions.navigation;
  const closed = new Set<string>(store.decisions.current?.pageAccess.closed ?? []);
  return (
    <>
      <nav aria-label="Main" className="nav">
        <ul className="nav__list">
          {nav?.emptyItem ? <li className="nav__empty" aria-hidden="true" /> : null}
          {(nav?.items ?? []).map((id) => {
            const item = NAV_LABELS[id];
            return item && !closed.has(item.to.slice(1)) ? (
              <li key={id}>
                <NavLink to={item.to} className="nav__link">
                  {item.label}
                </NavLink>
              </li>
            ) : null;
          })}
        </ul>
      </nav>
      {nav?.search ? <SiteSearch /> : null}
      <AccountSelector />
      <button type="button" className="header__signout" onClick={() => store.signOut()}>
        Sign Out
      </button>
    </>
  );
});

function SiteSearch() {
  const store = useStores();
  const [term, setTerm] = useState('');
  const field = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(field, term);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const url = siteSearchUrl(config.provider.siteSearchUrl, term);
    if (url) store.env.openTab(url);
  };
  return (
    <Form role="search" className="search" onSubmit={submit}>
      <label htmlFor="site-search" className="visually-hidden">
        Search {config.provider.name}
      </label>
      <input
        id="site-search"
        ref={field}
        type="search"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        placeholder="Search"
      />
      <button type="submit" aria-label="Search">
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <circle cx="6.5" cy="6.5" r="5" stroke="currentColor" strokeWidth="2" fill="none" />
          <path d="M10.5 10.5 15 15" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
    </Form>
  );
}
