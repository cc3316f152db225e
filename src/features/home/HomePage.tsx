import { observer } from 'mobx-react-lite';
import { useEffect, useRef, type ComponentType } from 'react';
import { useStores } from '../../stores/context';
import type { SectionRegistry } from '../../ui/section';
import { AccountBanner } from './banners/AccountBanner';
import { homeViews } from './views';
import { PartBoundary } from '../../ui/PartBoundary';
import { describeError } from '../../api/issue-log';

/**
 * /home renders the account status banner rules/account-banners.json decided, then the view
 * rules/home-view.json decided. The registry maps a view id to its component; a view id without a component
 * is a programming error, shown as the account error view and logged. Views render sections from `sections`,
 * the registry the app layer composed from every feature's cards (features/home imports no feature).
 */
export const HomePage = observer(function HomePage({
  sections,
  history,
}: {
  sections: SectionRegistry;
  /** The order & ticket history the order-history view shows (the app layer hands in the orders feature's). */
  history?: ComponentType;
}) {
  const store = useStores();
  const decided = store.decisions.homeView;
  const reported = useRef<string | null>(null);
  const View = decided ? homeViews[decided.view] : undefined;

  useEffect(() => {
    if (decided && !View && reported.current !== decided.view) {
      reported.current = decided.view;
      store.logIssue('home', 'renderHomeView', `no component for home view ${decided.view}`);
    }
  }, [decided, View, store]);

  if (!decided) return null;
  const Component = View ?? homeViews['profile-error'];
  return (
    <>
      <PartBoundary
        name="account-banner"
        onError={(name, e) => store.logIssue(store.page, 'render', `${name}: ${describeError(e)}`)}
      >
        <AccountBanner />
      </PartBoundary>
      {Component ? <Component params={decided.params} sections={sections} history={history} /> : null}
    </>
  );
});
