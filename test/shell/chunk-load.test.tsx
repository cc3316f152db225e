// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import config from '../../config/portal.json';
import { ChunkLoadError, isChunkLoadError, withChunkTimeout } from '../../src/ui/chunk-load';
import { RouteError } from '../../src/shell/RouteError';
import { StoreProvider } from '../../src/stores/context';
import { makeStore } from '../features/harness';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Chunk loading failures time out after 120 seconds', () => {
  it('is the configured time-out', () => {
    expect(config.timeouts.chunkLoadMs).toBe(120_000);
  });

  it('a page whose code has not arrived within the time-out fails as a chunk-load error', async () => {
    vi.useFakeTimers();
    const never = withChunkTimeout(() => new Promise<never>(() => {}), 120_000);
    const outcome = never.then(
      () => 'loaded',
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('a page that loads in time is handed over; a failed fetch is a chunk-load error too', async () => {
    await expect(withChunkTimeout(() => Promise.resolve({ Component: 'x' }), 1000)).resolves.toEqual({
      Component: 'x',
    });
    const failed = await withChunkTimeout(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/billing.js')),
      1000,
    ).catch((e: unknown) => e);
    expect(isChunkLoadError(failed)).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: x'))).toBe(true);
    expect(isChunkLoadError(new Error('a bug'))).toBe(false);
  });
});

describe('the retry view inside the normal shell', () => {
  it('keeps the layout (header and footer), says the page did not load, logs it and offers to try again', async () => {
    const store = await makeStore();
    const logged = vi.spyOn(store, 'logIssue');
    const assign = vi.spyOn(store.env, 'assign');
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <header>Signed-in header</header>
              <Outlet />
              <footer>Footer</footer>
            </>
          ),
          children: [
            {
              errorElement: <RouteError inShell />,
              children: [
                {
                  path: '/billing',
                  lazy: () => withChunkTimeout(() => Promise.reject(new Error('net::ERR_FAILED')), 120_000),
                },
              ],
            },
          ],
        },
      ],
      { initialEntries: ['/billing?tab=1'] },
    );
    render(
      <StoreProvider store={store}>
        <RouterProvider router={router} />
      </StoreProvider>,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page did not load' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Signed-in header')).toBeInTheDocument();
    expect(screen.getByText('Footer')).toBeInTheDocument();
    // Logged by an effect, which may run after the heading is painted.
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith(
        'billing',
        'loadPage',
        "The page's code did not load: net::ERR_FAILED",
      ),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(assign).toHaveBeenCalledWith('/billing?tab=1');
  });
});
