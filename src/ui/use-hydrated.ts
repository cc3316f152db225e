import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False in the server's render and in the browser's hydration of it, true from the render after: for what is
 * the browser's alone (the QA panel), so the server's markup and the browser's first render stay the same.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
