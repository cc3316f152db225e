import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { SectionComponent, SectionProps } from './section';

const loaders: (() => Promise<unknown>)[] = [];

/**
 * A home section whose code is not part of /home's first load (issue 12's budget): it is fetched when the
 * home's code runs, beside the home's calls, so it is there when the data that shows it arrives and renders at
 * once (a card arriving after the sections below it would push them down). If its chunk is slower than the
 * data, the card appears when it arrives; until then it takes no space. For cards that only some accounts see,
 * with flows a customer starts by a click.
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
  void once().catch(() => undefined);
  const Lazy = lazy(once);
  function LazySection(props: SectionProps) {
    // Chosen once per card: switching component types later would remount it and lose its flow's state.
    const [Card] = useState<ComponentType<SectionProps>>(() => loaded ?? Lazy);
    return (
      <Suspense fallback={null}>
        <Card {...props} />
      </Suspense>
    );
  }
  return LazySection;
}

/** Loads every lazy section now (tests that render the home, so each card renders in the first pass). */
export async function preloadLazySections(): Promise<void> {
  await Promise.all(loaders.map((load) => load()));
}
