/**
 * Shell spec §8: 'Chunk loading failures time out after 120 seconds.' A page's code that has not arrived by
 * then (config timeouts.chunkLoadMs) is a failure like a lost one: the route's error view, inside the shell,
 * offers to try again.
 */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** Rejects with a ChunkLoadError when `load` has not settled within `ms`, or when it fails. */
export function withChunkTimeout<T>(
  load: () => Promise<T>,
  ms: number,
  timers: { set: (fn: () => void, ms: number) => unknown; clear: (h: unknown) => void } = {
    set: (fn, delay) => setTimeout(fn, delay),
    clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = timers.set(
      () => reject(new ChunkLoadError(`The page's code did not load within ${Math.round(ms / 1000)} s`)),
      ms,
    );
    load().then(
      (value) => {
        timers.clear(timer);
        resolve(value);
      },
      (error: unknown) => {
        timers.clear(timer);
        const reason = error instanceof Error ? error.message : String(error);
        reject(new ChunkLoadError(`The page's code did not load: ${reason}`));
      },
    );
  });
}

/** A route error that is a page's code failing to load (ours, or the browser's own dynamic-import errors). */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
    message,
  );
}
