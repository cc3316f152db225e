import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { homeSections } from './sections';

/**
 * The full home: the sections rules/home-sections.json resolved, in the order it resolved them.
 * A section id with no component yet belongs to a feature not built yet and is not rendered (never faked).
 */
export const FullHome = observer(function FullHome() {
  const store = useStores();
  const sections = store.decisions.sections;
  return (
    <div className="home">
      {sections.map(({ section, params }) => {
        const Section = homeSections[section];
        return Section ? <Section key={section} params={params} /> : null;
      })}
    </div>
  );
});
