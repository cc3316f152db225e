import { lazy, useState, type ComponentType } from 'react';

export interface Preloadable<P extends object> {
  /** Renders the component: at once when its code is in, else through React.lazy (it suspends). */
  Component: ComponentType<P>;
  /** Fetches and evaluates the code (once; again after a failure): what a page warms when idle. */
  load: () => Promise<unknown>;
}

/**
 * A component whose code is not in the page's first load but may be fetched ahead of the tap that shows it
 * (warmWhenIdle). React.lazy alone suspends on its first render even when the module is already in: its own
 * loader runs only then, and a promise is never settled synchronously. So the tap committed the Suspense
 * fallback first ('Loading the QR code…' flashed in the Share WiFi dialog) and rendered the component in a
 * later task, two renders and two frames for one tap (INP, issue 30). Once `load` has settled, `Component`
 * renders the module's component directly; before, it is React.lazy over the same load. Chosen once per
 * mount, as src/ui/lazy-section.tsx does: switching types later would remount it and lose its state.
 */
export function preloadable<P extends object>(
  importModule: () => Promise<{ default: ComponentType<P> }>,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const load = (): Promise<{ default: ComponentType<P> }> =>
    (loading ??= importModule().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // Not kept: the next load (the tap) fetches again.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(load);
  function Component(props: P) {
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Chosen {...props} />;
  }
  return { Component, load };
}
