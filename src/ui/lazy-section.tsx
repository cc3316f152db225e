import { lazy, Suspense, type ComponentType } from 'react';
import type { SectionComponent, SectionProps } from './section';

const started = new Set<Promise<unknown>>();

/**
 * A home section whose code loads when the rules first show it, not with /home's first load (issue 12's
 * budget): the card appears as soon as its chunk arrives; until then it takes no space. For cards that only
 * some accounts see, or that sit below the fold, with flows a customer starts by a click.
 */
export function lazySection(load: () => Promise<ComponentType<SectionProps>>): SectionComponent {
  let loading: Promise<{ default: ComponentType<SectionProps> }> | undefined;
  const once = () => {
    if (!loading) {
      loading = load().then((component) => ({ default: component }));
      started.add(loading);
    }
    return loading;
  };
  const Lazy = lazy(once);
  function LazySection(props: SectionProps) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazySection;
}

/** Settles once every lazy section asked for so far has loaded (or failed): for tests that render the home. */
export async function lazySectionsLoaded(): Promise<void> {
  await Promise.allSettled([...started]);
}
