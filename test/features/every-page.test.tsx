// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { loginPageFor, pageFor } from '../../src/shell/pages';
import { loginRoutes, signedInRoutes } from '../../src/shell/route-table';
import { StoreProvider } from '../../src/stores/context';
import { makeStore } from './harness';

afterEach(cleanup);

/** The lazy module's Component, as React Router would take it. */
async function componentOf(load: ReturnType<typeof pageFor>): Promise<ComponentType> {
  const mod = await (load as () => Promise<{ Component?: ComponentType }>)();
  if (!mod.Component) throw new Error('page module without Component');
  return mod.Component;
}

interface Case {
  url: string;
  layout?: string;
  child: string;
}

/** Every signed-in page, a child page nested under its layout (its index child for the layout itself). */
const signedIn: Case[] = signedInRoutes
  .filter((r) => r.path !== 'home')
  .flatMap((r): Case[] =>
    r.children
      ? r.children.map((c) => ({
          url: `/${r.path}${c.path ? `/${c.path}` : ''}`,
          layout: `/${r.path}`,
          child: `/${r.path}/${c.path}`,
        }))
      : [{ url: `/${r.path}`, child: `/${r.path}` }],
  );

describe('every page of the route table', () => {
  it.each(signedIn)('$url has a page module with exactly one h1', async ({ url, layout, child }) => {
    const store = await makeStore();
    const Child = await componentOf(pageFor(child));
    const Layout = layout ? await componentOf(pageFor(layout)) : null;
    render(
      <StoreProvider store={store}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            {Layout && layout ? (
              <Route path={layout} element={<Layout />}>
                <Route path={url} element={<Child />} />
              </Route>
            ) : (
              <Route path={url} element={<Child />} />
            )}
          </Routes>
        </MemoryRouter>
      </StoreProvider>,
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it.each(['/login', ...loginRoutes.map((r) => `/login/${r.path}`)])(
    '%s has a page with exactly one h1 (or leads to one: a link page without its token)',
    async (url) => {
      const store = await makeStore();
      const pages = await Promise.all(
        ['/login', ...loginRoutes.map((r) => `/login/${r.path}`)].map(
          async (path) => [path, await componentOf(loginPageFor(path))] as const,
        ),
      );
      render(
        <StoreProvider store={store}>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              {pages.map(([path, Page]) => (
                <Route key={path} path={path} element={<Page />} />
              ))}
            </Routes>
          </MemoryRouter>
        </StoreProvider>,
      );
      expect(await screen.findAllByRole('heading', { level: 1 })).toHaveLength(1);
    },
  );
});
