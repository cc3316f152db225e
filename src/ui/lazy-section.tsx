import { createContext, lazy, Suspense, useContext, useEffect, useState, type ComponentType } from 'react';
import { config } from '../config';
import { withChunkTimeout } from './chunk-load';
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
  // Bounded as a page's code is (shell spec §8): a card whose code never comes fails, and goes away on its own.
  const once = () =>
    (loading ??= withChunkTimeout(load, config.timeouts.chunkLoadMs).then((component) => {
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
    const [content] = useState<CardContent>(() => ({ committed: false }));
    // Effects run inner first: a card whose content committed with this one's is not waited for.
    useEffect(() => {
      if (!content.committed) notYetCommitted.add(content);
      return () => forget(content);
    }, [content]);
    return (
      <Suspense fallback={null}>
        <Card {...props} />
        <Committed content={content} />
      </Suspense>
    );
  }
  arriving.set(LazySection, () => (loaded ? null : once()));
  return LazySection;
}

/**
 * The lazy cards on the page whose content has not committed. A card the server rendered whose code had not
 * come when the page hydrated is one: React leaves its markup as the server wrote it (a dehydrated Suspense
 * boundary) until the code comes. Its buttons look ready, but React drops a tap there (react-dom 19.3 tries to
 * hydrate the boundary at once, cannot, and stops the event; it does not replay it), and data that changes
 * under it makes React throw the markup away (docs/decisions/061). A card the browser renders shows nothing
 * (its fallback) meanwhile.
 */
/** A card's content on the page: whether it has committed. */
interface CardContent {
  committed: boolean;
}

const notYetCommitted = new Set<CardContent>();
const onAllCommitted = new Set<() => void>();

/** A card no longer waited for: its content committed, or it left the page (its code failed, say). */
function forget(content: CardContent): void {
  if (!notYetCommitted.delete(content) || notYetCommitted.size > 0) return;
  for (const resolve of [...onAllCommitted]) resolve();
}

function committed(content: CardContent): void {
  content.committed = true;
  forget(content);
}

/** Inside a card's Suspense boundary: its effect runs when the card's content commits (hydrated or rendered). */
function Committed({ content }: { content: CardContent }) {
  useEffect(() => committed(content), [content]);
  return null;
}

/**
 * Resolves once every lazy card on the page has committed its content (at once when none waits): after a
 * hydration, when every card the server rendered is React's and answers a tap. A card's code is bounded
 * (chunkLoadMs); one that fails goes away, and is not waited for.
 */
export function lazyCardsCommitted(): Promise<void> {
  if (notYetCommitted.size === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      onAllCommitted.delete(done);
      resolve();
    };
    onAllCommitted.add(done);
  });
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
