// The styles of every page: in index.html's head, before the server's markup paints.
import './ui/styles.css';
import { yieldToMain } from './yield-to-main';

/**
 * The page's entry. The server's page is on screen before this runs. The start-up's code is evaluated in
 * pieces, each in a task of its own, so the page answers input between them: React's renderer, MobX, the
 * router, then the start-up itself (src/start.tsx), which creates the stores and hydrates the page. In one
 * module graph their evaluation was one task of 90 to 160 ms at a phone's speed (docs/decisions/039). The page
 * preloads every piece (lib/vite-first-load.ts, bootPreloads): the pieces cost tasks, not round trips.
 */
const PIECES: ReadonlyArray<() => Promise<unknown>> = [
  () => import('./boot/react'),
  () => import('./boot/mobx'),
  () => import('./boot/router'),
  () => import('./start'),
];

async function boot(): Promise<void> {
  for (const piece of PIECES) {
    await piece();
    await yieldToMain();
  }
}

void boot();
