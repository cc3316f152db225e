import { lazy, Suspense, type ComponentType } from 'react';
import type { SectionComponent, SectionProps } from './section';

const loaders: (() => Promise<unknown>)[] = [];

/**
 * A home section whose code loads when the rules first show it, not with /home's first load (issue 12's
 * budget): the card appears as soon as its chunk arrives; until then it takes no space. Once loaded it renders
 * at once. For cards that only some accounts see, or that sit below the fold, with flows a customer starts by
 * a click.
 */
export function lazySection(load: () => Promise<ComponentType<SectionProps>>): SectionComponent {
  let loaded: ComponentType<SectionProps> | undefined;
  let loading: Promise<{ default: ComponentType<SectionProps> }> | undefined;
  const once = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return { default: component };
    }));
  loaders.push(once);
  const Lazy = lazy(once);
  function LazySection(props: SectionProps) {
    const Loaded = loaded;
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazySection;
}

/** Loads every lazy section now (tests that render the home, so each card renders in the first pass). */
export async function preloadLazySections(): Promise<void> {
  await Promise.all(loaders.map((load) => load()));
}
