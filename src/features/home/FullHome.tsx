import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import { useStores } from '../../stores/context';
import { HomeFocusProvider } from '../../ui/focus';
import type { ViewProps } from './views/types';
import './home.css';

/**
 * The full home: the sections rules/home-sections.json resolved, in the order it resolved them.
 * A section id with no component yet belongs to a feature not built yet and is not rendered (never faked).
 */
export const FullHome = observer(function FullHome({ sections: registry }: ViewProps) {
  const store = useStores();
  const container = useRef<HTMLDivElement>(null);
  const sections = store.decisions.sections;
  return (
    <HomeFocusProvider container={container}>
      <div className="home" ref={container} tabIndex={-1}>
        {sections.map(({ section, params }) => {
          const Section = registry[section];
          return Section ? <Section key={section} params={params} /> : null;
        })}
      </div>
    </HomeFocusProvider>
  );
});
