import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { config } from '../config';
import { ANALYTICS_EVENTS, trackEvent } from '../stores/analytics';
import { useStores } from '../stores/context';

interface TitleHandle {
  title?: string;
}

/**
 * After each navigation: the title becomes the product name plus the route title, the mobile side menu
 * closes (on every navigation, to the same address too), the store learns the page (issue-log records name it), and a page_view is pushed to the dataLayer. (Scroll to the top or to a saved
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

  // A page view per address (the path only: a query may hold a token), once its title is known.
  const pageTitle = title?.title ?? '';
  useEffect(() => {
    trackEvent(store.env, ANALYTICS_EVENTS.pageView, { page_path: location.pathname, page_title: pageTitle });
  }, [location.pathname, pageTitle, store.env]);

  return null;
}
