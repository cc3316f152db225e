import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { config } from '../config';
import { ANALYTICS_EVENTS, trackEvent } from '../stores/analytics';
import { useStores } from '../stores/context';
import { focusMain } from '../ui/focus';

interface TitleHandle {
  title?: string;
}

/**
 * After each navigation: the title becomes the product name plus the route title, the mobile side menu
 * closes (on every navigation, to the same address too), a focus the navigation lost goes to the main region, the store learns the page (issue-log records name it), and a page_view is pushed to the dataLayer. (Scroll to the top or to a saved
 * position is <ScrollRestoration/>'s job.)
 */
export function RouteEffects() {
  const matches = useMatches();
  const location = useLocation();
  const store = useStores();
  const title = [...matches].reverse().find((m) => (m.handle as TitleHandle | undefined)?.title)?.handle as
    TitleHandle | undefined;

  useEffect(() => {
    document.title = title?.title ? `${config.productName} | ${title.title}` : config.productName;
  }, [title?.title]);

  // Before any page effect runs (a layout effect), so a call the new page starts is logged under its name.
  useLayoutEffect(() => {
    store.setPage(location.pathname);
  }, [location.pathname, store]);

  // Every navigation, the same address included: an account switch chosen in the menu goes to /home from
  // /home, a new page the open menu would cover.
  useEffect(() => {
    store.ui.setMobileMenu(false);
  }, [location.key, store.ui]);

  // After a navigation, the control the customer used may have left with the page it was on (a quick link of
  // the home, a flow's last button, a control of the page the Back button leaves), and the focus with it, to
  // the document's body: a keyboard or screen reader user would start again from the top. The focus goes to
  // the new page's main region instead. A control still on the page keeps it (the header's links, the
  // account selector), and a page that focuses something of its own does so after this (its effects run
  // after these). A page left before anything held the focus (a redirect on arrival) leaves it alone.
  const lastKey = useRef(location.key);
  const focusHeld = useRef(false);
  useEffect(() => {
    const held = () => {
      focusHeld.current = true;
    };
    document.addEventListener('focusin', held, { once: true });
    return () => document.removeEventListener('focusin', held);
  }, []);
  useEffect(() => {
    if (lastKey.current === location.key) return;
    lastKey.current = location.key;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    if (focusHeld.current) focusMain();
  }, [location.key]);

  // A page view per address (the path only: a query may hold a token), once its title is known.
  const pageTitle = title?.title ?? '';
  useEffect(() => {
    trackEvent(store.env, ANALYTICS_EVENTS.pageView, { page_path: location.pathname, page_title: pageTitle });
  }, [location.pathname, pageTitle, store.env]);

  return null;
}
