// @vitest-environment happy-dom
import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { buildRoutes, firstLoadRoutes } from '../../src/shell/App';
import { loginRoutes, signedInRoutes, type RouteEntry } from '../../src/shell/route-table';

/** Every page's address in the route table. */
const addresses = (entries: RouteEntry[], base: string): string[] =>
  entries.flatMap((e) => [
    `${base}/${e.path}`,
    ...(e.children ?? []).filter((c) => c.path).map((c) => `${base}/${e.path}/${c.path}`),
  ]);
const PAGES = [...addresses(signedInRoutes, ''), '/login', ...addresses(loginRoutes, '/login')];
/** Addresses React Router matches loosely: any case, a trailing slash, encoded letters, none of the pages. */
const ODD = [
  '/',
  '/HOME',
  '/home/',
  '/%68ome',
  '/Settings/AccountInfo',
  '/settings/nowhere',
  '/LOGIN/ForgotPassword',
  '/login/sorry/mup',
  '/login/sorry',
  '/login/nowhere',
  '/nowhere',
  '/nowhere/home',
  '/orderHistory',
  '/studio/rules',
  '/%E0%A4%A',
  '/home%2Fbilling',
];

/** What a match is, in terms that do not depend on route ids: each route's path (or index) and title. */
const describe_ = (routes: RouteObject[], path: string) =>
  (matchRoutes(routes, path) ?? []).map((m) => ({
    path: m.route.path ?? (m.route.index ? '(index)' : '(layout)'),
    title: (m.route.handle as { title?: string } | undefined)?.title ?? null,
    params: m.params,
  }));

/** The pages a table holds (each has a title; React Router drops a lazy route's `lazy` once it loaded). */
const lazyPages = (routes: RouteObject[]): number =>
  routes.reduce((n, r) => n + (r.handle ? 1 : 0) + lazyPages(r.children ?? []), 0);

describe('a page’s first load starts its router with the pages that could match its address', () => {
  it.each([...PAGES, ...ODD])('%s matches in the first load’s table as in the whole one', (path) => {
    expect(describe_(firstLoadRoutes(path).routes, path)).toEqual(describe_(buildRoutes(), path));
  });

  it('holds one page for a page’s address, and none but the 404 for an unknown one', () => {
    const whole = lazyPages(buildRoutes());
    expect(whole).toBeGreaterThan(50);
    // /login's index (sign-in help) is always there: the login group's layout route is not a page of its own.
    expect(lazyPages(firstLoadRoutes('/home').routes)).toBe(2);
    expect(lazyPages(firstLoadRoutes('/settings/notifications').routes)).toBe(2 + 3);
    expect(lazyPages(firstLoadRoutes('/login/forgotPassword').routes)).toBe(2);
    expect(lazyPages(firstLoadRoutes('/nowhere').routes)).toBe(1);
  });
});

describe('the pages left out are added on the first navigation that needs them', () => {
  const start = (path: string) => {
    const table = firstLoadRoutes(path);
    const patch = vi.fn(table.patchRoutesOnNavigation);
    const router = createMemoryRouter(table.routes, {
      initialEntries: [path],
      hydrationData: { loaderData: {}, actionData: null, errors: null },
      patchRoutesOnNavigation: patch,
    });
    const leaf = () => router.state.matches.at(-1)?.route;
    return { router, patch, leaf };
  };

  it('a signed-in page, a login page and an unknown address, patched once', async () => {
    const { router, patch, leaf } = start('/home');
    await router.navigate('/billing');
    expect(router.state.location.pathname).toBe('/billing');
    expect((leaf()?.handle as { title: string }).title).toBe('Billing');
    await router.navigate('/login/forgotPassword');
    expect((leaf()?.handle as { title: string }).title).toBe('Forgot Password');
    await router.navigate('/settings/accountInfo');
    expect((leaf()?.handle as { title: string }).title).toBe('Account Info');
    // No page there: the signed-in 404, as with the whole table.
    await router.navigate('/nowhere');
    expect(leaf()?.path).toBe('*');
    expect(patch).toHaveBeenCalled();
    expect(lazyPages(router.routes)).toBe(lazyPages(buildRoutes()));
    router.dispose();
  });

  it('back to the first page and on: the pages are added once, whatever the navigations', async () => {
    const { router, patch, leaf } = start('/billing');
    await router.navigate('/home');
    await router.navigate('/billing');
    await router.navigate('/services/phone');
    expect((leaf()?.handle as { title: string }).title).toBe('Phone');
    await router.navigate('/studio');
    await router.navigate('/home');
    expect((leaf()?.handle as { title: string }).title).toBe('Home');
    expect(lazyPages(router.routes)).toBe(lazyPages(buildRoutes()));
    // Each navigation to an address matched by a splat asks again; the pages are never added twice.
    expect(patch.mock.calls.length).toBeGreaterThanOrEqual(2);
    router.dispose();
  });
});
