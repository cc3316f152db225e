import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useStores } from '../../stores/context';
import { HomeFocusProvider } from '../../ui/focus';
import { PartBoundary } from '../../ui/PartBoundary';
import { describeError } from '../../api/issue-log';
import { actionOfClick } from '../../stores/section-actions';
import { HomeSectionContext } from '../../stores/home-section';
import type { ViewProps } from './views/types';
import './home.css';

/**
 * The full home: the sections rules/home-sections.json resolved, in the order it resolved them.
 * A section id with no component yet belongs to a feature not built yet and is not rendered (never faked).
 * Each section sits in an element of its own (`display: contents`, so the layout is the sections'): a tap on
 * one of its links or buttons, the close of its alert, or the end of a flow it started (its flows know their
 * section: src/stores/home-section.ts), is reported for a rollout's live effect, as is the
 * home itself when the browser shows it (not the server's render it hydrates: the server counted that one).
 */
export const FullHome = observer(function FullHome({ sections: registry }: ViewProps) {
  const store = useStores();
  const container = useRef<HTMLDivElement>(null);
  const sections = store.decisions.sections;
  // A home shown counts once per account (a rules update re-deciding the same home is no new one).
  const account = store.profile.accountNumber;
  const decided = sections.length > 0;
  useEffect(() => {
    if (decided) store.homeShown(store.decisions.sections.map((s) => s.section));
  }, [store, account, decided]);
  return (
    <HomeFocusProvider container={container}>
      <div className="home" ref={container} tabIndex={-1}>
        {sections.map(({ section, params }) => {
          const Section = registry[section];
          return Section ? (
            <div
              key={section}
              className="home-section"
              data-section={section}
              onClickCapture={(e) => {
                const action = actionOfClick(e.target as Element, e.currentTarget);
                if (action) store.sectionActed(section, action);
              }}
            >
              <HomeSectionContext.Provider value={section}>
                <PartBoundary
                  name={section}
                  onError={(name, e) =>
                    store.logIssue(store.page, 'render', `section ${name}: ${describeError(e)}`)
                  }
                >
                  <Section params={params} />
                </PartBoundary>
              </HomeSectionContext.Provider>
            </div>
          ) : null;
        })}
      </div>
    </HomeFocusProvider>
  );
});
