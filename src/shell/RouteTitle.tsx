import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { config } from '../config';
import { useStores } from '../stores/context';

interface TitleHandle {
  title?: string;
}

/**
 * After each navigation: the title becomes the product name plus the route title, the mobile side menu
 * closes, and the store learns the page (issue-log records name it). (Scroll to the top or to a saved
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

  useEffect(() => {
    store.ui.setMobileMenu(false);
  }, [location.pathname, store.ui]);

  return null;
}
