import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { SectionComponent, SectionProps } from './section';

const loaders: (() => Promise<unknown>)[] = [];

/**
 * A home section whose code loads when the rules first show it, not with /home's first load (issue 12's
 * budget): the card appears as soon as its chunk arrives; until then it takes no space. Once loaded it renders
 * at once. For cards that only some accounts see, or that sit below the fold, with flows a customer starts by
 * a click; `prefetch` starts loading when the home's code does.
 */
export function lazySection(
  load: () => Promise<ComponentType<SectionProps>>,
  { prefetch = false }: { prefetch?: boolean } = {},
): SectionComponent {
  let loaded: ComponentType<SectionProps> | undefined;
  let loading: Promise<{ default: ComponentType<SectionProps> }> | undefined;
  const once = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return { default: component };
    }));
  loaders.push(once);
  // A card at the top that arrives with a call: its code is fetched beside the home's calls, so it renders the
  // moment its data does (no later shift), without being part of the first paint's scripts.
  if (prefetch) void once().catch(() => undefined);
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
