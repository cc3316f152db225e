// @vitest-environment happy-dom
import { act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot, type HydrationOptions, type Root } from 'react-dom/client';
import { renderToReadableStream } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { PartBoundary } from '../../src/ui/PartBoundary';
import { codeOnItsWay, lazyCardsCommitted, lazySection } from '../../src/ui/lazy-section';
import type { SectionProps } from '../../src/ui/section';

/**
 * A lazy card the server rendered, hydrated before its code has come (src/ui/lazy-section.tsx): React leaves
 * its markup dehydrated, and drops a tap there. The start-up waits for lazyCardsCommitted before it says the
 * page answers taps (src/start.tsx); a card whose code never comes fails (chunkLoadMs) and is not waited for.
 */

function Card(_: SectionProps) {
  return <button type="button">View Bill</button>;
}

/** A card whose code comes when the test says, or fails. */
function arriving() {
  let arrive!: () => void;
  let fail!: (error: Error) => void;
  const code = new Promise<typeof Card>((resolve, reject) => {
    arrive = () => resolve(Card);
    fail = reject;
  });
  return { card: lazySection(() => code), arrive, fail };
}

/** The server's markup of the card (its code there at once), in a container of the page. */
async function serverMarkup(): Promise<HTMLElement> {
  const Served = lazySection(() => Promise.resolve(Card));
  // React's lazy suspends once even for code that is there: the server waits for it, as its render does.
  const stream = await renderToReadableStream(
    <main>
      <Served />
    </main>,
  );
  await stream.allReady;
  const html = await new Response(stream).text();
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

/** Whether a promise has settled by the end of the current macrotask queue. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  return done;
}

let root: Root | null = null;

/** Hydrates the server's markup with `card` in its place, and lets React's first pass run. */
async function hydrate(container: HTMLElement, card: ReactNode, options?: HydrationOptions): Promise<void> {
  await act(async () => {
    root = hydrateRoot(container, <main>{card}</main>, options);
    await Promise.resolve();
  });
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('lazyCardsCommitted', () => {
  it('waits for a card hydrated before its code, and resolves once its code has come and it is hydrated', async () => {
    const container = await serverMarkup();
    expect(container.querySelector('button')?.textContent).toBe('View Bill');
    const { card: Late, arrive } = arriving();
    await hydrate(container, <Late />);
    const committed = lazyCardsCommitted();
    expect(await settled(committed)).toBe(false);
    // The server's button is still on the page, dehydrated.
    expect(container.querySelector('button')?.textContent).toBe('View Bill');
    await act(async () => {
      arrive();
      await Promise.resolve();
    });
    await expect(committed).resolves.toBeUndefined();
    expect(container.querySelectorAll('button')).toHaveLength(1);
  });

  it('resolves at once when every card hydrated with the page', async () => {
    const container = await serverMarkup();
    const Here = lazySection(() => Promise.resolve(Card));
    // Its code fetched before the page hydrates (the home's route module does: fetchCardCode).
    await codeOnItsWay(Here);
    await hydrate(container, <Here />);
    expect(await settled(lazyCardsCommitted())).toBe(true);
  });

  it('does not wait for a card whose code fails: the card goes away', async () => {
    const container = await serverMarkup();
    const { card: Broken, fail } = arriving();
    const failures: string[] = [];
    await hydrate(
      container,
      <PartBoundary name="billing-info" onError={(name) => failures.push(name)}>
        <Broken />
      </PartBoundary>,
      { onRecoverableError: () => undefined, onCaughtError: () => undefined },
    );
    const committed = lazyCardsCommitted();
    expect(await settled(committed)).toBe(false);
    await act(async () => {
      fail(new Error('Failed to fetch dynamically imported module'));
      await Promise.resolve();
    });
    await expect(committed).resolves.toBeUndefined();
    expect(failures).toEqual(['billing-info']);
    expect(container.querySelector('button')).toBeNull();
  });
});
