import { createContext, lazy, Suspense, useContext, useState, type ComponentType } from 'react';
import type { SectionComponent, SectionProps } from './section';

/**
 * The modules of the lazy cards a server render showed (provided by src/entry-server.tsx): the page then
 * carries their styles and code before any script runs, so a card never paints unstyled or moves.
 */
export const RenderedModules = createContext<Set<string> | null>(null);

/** Each lazy card -> its code while on its way (null once loaded). */
const arriving = new Map<SectionComponent, () => Promise<unknown> | null>();

/** The modules of every lazy card made so far, as the build's manifest names them. */
const cardModules = new Set<string>();

/**
 * Every lazy card's module (the server's head carries their styles: an in-body stylesheet would pause the
 * parser, and the page would first paint empty while it loads).
 */
export const lazyCardModules = (): readonly string[] => [...cardModules];

/**
 * A home section whose code is not part of /home's first load (issue 12's budget): it is fetched when the
 * home's route starts it (codeOnItsWay, src/app/home-route.tsx), beside the home's calls; never merely because
 * this module ran (a sign-in page that shares code with the home runs it too, and must not fetch the home's
 * cards). The home waits for the code of the cards the rules decided as it
 * waits for their data (src/stores/arriving-code.ts), so a card renders with the sections below it instead of
 * pushing them down when it arrives; past that wait, the card appears when its code does. For cards that only
 * some accounts see, with flows a customer starts by a click.
 */
export function lazySection(
  load: () => Promise<ComponentType<SectionProps>>,
  module?: string,
): SectionComponent {
  let loaded: ComponentType<SectionProps> | undefined;
  let loading: Promise<{ default: ComponentType<SectionProps> }> | undefined;
  const once = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return { default: component };
    }));
  const Lazy = lazy(once);
  if (module) cardModules.add(module);
  function LazySection(props: SectionProps) {
    // Chosen once per card: switching component types later would remount it and lose its flow's state.
    const [Card] = useState<ComponentType<SectionProps>>(() => loaded ?? Lazy);
    const rendered = useContext(RenderedModules);
    if (module) rendered?.add(module);
    return (
      <Suspense fallback={null}>
        <Card {...props} />
      </Suspense>
    );
  }
  arriving.set(LazySection, () => (loaded ? null : once()));
  return LazySection;
}

/**
 * lazySection naming the card's module as the build's manifest does: written by the build for every
 * `lazySection(() => import('./Card')…)` (lib/vite-lazy-modules.ts), never by hand.
 */
lazySection.from =
  (module: string) =>
  (load: () => Promise<ComponentType<SectionProps>>): SectionComponent =>
    lazySection(load, module);

/**
 * The code of a card made by lazySection, fetched from the first call on, while it is on its way (settled:
 * loaded or failed); null for a card that is loaded or not lazy.
 */
export function codeOnItsWay(card: SectionComponent): Promise<unknown> | null {
  return (
    arriving
      .get(card)?.()
      ?.catch(() => undefined) ?? null
  );
}
