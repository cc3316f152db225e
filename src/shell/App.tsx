import { lazy, Suspense, useEffect } from 'react';
import {
  Outlet,
  redirect,
  RouterProvider,
  ScrollRestoration,
  useNavigate,
  type createBrowserRouter,
  type RouteObject,
} from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { useStores } from '../stores/context';
import { ToastRegion } from '../ui/ToastRegion';
import { useHydrated } from '../ui/use-hydrated';
import { loginRoutes, signedInRoutes, type RouteEntry } from './route-table';
import { RouteEffects } from './RouteTitle';
import { SignedInLayout } from './SignedInLayout';
import { VisitorLayout } from './VisitorLayout';
import { pageFor, loginPageFor, pageModuleOf } from './pages';
import { NotFoundPage } from './NotFoundPage';
import { RouteError } from './RouteError';
import { ShellFrame } from './ShellFrame';

// QA and analysts only (`?qa`): its code loads when it is asked for, never in a customer's first load.
const QaPanel = lazy(() => import('./QaPanel').then((m) => ({ default: m.QaPanel })));

function toRoutes(
  entries: RouteEntry[],
  load: (path: string) => RouteObject['lazy'],
  base = '',
): RouteObject[] {
  // Each route's handle names its title and its page module (the server preloads the chunks of the latter).
  const handle = (title: string, path: string) => ({ title, module: pageModuleOf(path) });
  return entries.map((e): RouteObject => {
    const full = `${base}/${e.path}`;
    if (e.children) {
      return {
        path: e.path,
        handle: handle(e.title, full),
        lazy: load(full),
        children: e.children.map((c) =>
          c.path
            ? { path: c.path, handle: handle(c.title, `${full}/${c.path}`), lazy: load(`${full}/${c.path}`) }
            : { index: true, handle: handle(e.title, `${full}/`), lazy: load(`${full}/`) },
        ),
      };
    }
    return { path: e.path, handle: handle(e.title, full), lazy: load(full) };
  });
}

const Root = observer(function Root() {
  const store = useStores();
  const navigate = useNavigate();
  // The QA panel is the browser's alone: shown once the page is hydrated, never in the server's markup.
  const hydrated = useHydrated();
  useEffect(() => {
    store.setNavigate((to) => void navigate(to));
  }, [store, navigate]);
  return (
    <>
      <RouteEffects />
      <ScrollRestoration />
      <Outlet />
      {/* slice(): read the array's contents here, so this observer re-renders when a toast is added */}
      {store.qa.enabled && hydrated ? (
        <Suspense fallback={null}>
          <QaPanel />
        </Suspense>
      ) : null}
      <ToastRegion toasts={store.ui.toasts.slice()} onDismiss={(id) => store.ui.dismissToast(id)} />
    </>
  );
});

/**
 * The groups of pages a first load may start without (firstLoadRoutes), by their base: the id of the route the
 * rest is patched into, and how a page of the group loads.
 */
const GROUPS = {
  '/login': { id: 'login-pages', load: loginPageFor },
  '': { id: 'signed-in-pages', load: pageFor },
} as const;

/** Which of a group's pages the route table holds: all of them but on a page's first load (firstLoadRoutes). */
type Pick = (entries: RouteEntry[], base: keyof typeof GROUPS) => RouteEntry[];
const all: Pick = (entries) => entries;

/**
 * The portal's route table. `pick` chooses the pages of the login and signed-in groups; the rest of the table
 * (the layouts, the redirects, the studio, the signed-in 404) is always there.
 */
export function buildRoutes(pick: Pick = all): RouteObject[] {
  return [
    {
      element: <Root />,
      errorElement: <RouteError />,
      // Lazy routes load before the first render: meanwhile the same frame index.html painted (no flash).
      HydrateFallback: ShellFrame,
      children: [
        // Redirects as loaders: the server answers them with a redirect, the browser's router follows them.
        { path: '/', loader: () => redirect('/home') },
        { path: '/orderHistory', loader: () => redirect('/support') },
        // The rule studio (analysts only): its own chunk, never in a customer's first load.
        { path: '/studio/*', lazy: () => import('../features/studio/route') },
        {
          path: '/login',
          element: <VisitorLayout />,
          children: [
            {
              id: GROUPS['/login'].id,
              // A page that fails (its code did not load) shows its error inside the layout.
              errorElement: <RouteError inShell />,
              children: [
                // /login alone is sign-in help, never an empty page.
                {
                  index: true,
                  handle: { title: 'Sign-in help', module: pageModuleOf('/login') },
                  lazy: loginPageFor('/login'),
                },
                ...toRoutes(pick(loginRoutes, '/login'), GROUPS['/login'].load, '/login'),
              ],
            },
          ],
        },
        {
          element: <SignedInLayout />,
          children: [
            {
              id: GROUPS[''].id,
              errorElement: <RouteError inShell />,
              children: [
                ...toRoutes(pick(signedInRoutes, ''), GROUPS[''].load),
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}

/**
 * A path's first segment below `base`, as React Router compares it (each segment decoded, any case); '' when
 * the path is not below `base`, null when a segment cannot be decoded.
 */
function segmentBelow(pathname: string, base: string): string | null {
  const lower = (segment: string): string | null => {
    try {
      return decodeURIComponent(segment).toLowerCase();
    } catch {
      return null;
    }
  };
  const segments = pathname.split('/').filter(Boolean);
  const baseSegments = base.split('/').filter(Boolean);
  for (let i = 0; i < baseSegments.length; i++) {
    const segment = segments[i] === undefined ? '' : lower(segments[i]!);
    if (segment !== baseSegments[i]!.toLowerCase()) return segment === null ? null : '';
  }
  const next = segments[baseSegments.length];
  return next === undefined ? '' : lower(next);
}

/** React Router's hook for the pages a first load left out (createBrowserRouter's `patchRoutesOnNavigation`). */
export type PatchRoutes = (args: {
  signal: AbortSignal;
  patch: (routeId: string | null, children: RouteObject[]) => void;
}) => Promise<void>;

/**
 * The route table of a page's first load, and the rest of it for the first navigation that needs it.
 *
 * React Router ranks the whole table as it makes the router: 68 routes, a long task of its own at a low-tier
 * phone's speed (issue 30, docs/decisions/050). A page hydrating at `pathname` needs only the pages that could
 * match it: a route matches a path only if its first segment is the path's (below the group's base), so the
 * table holds those, the layouts and the 404, and matches `pathname` as the whole table does. A navigation to
 * any other page matches the 404's splat first; React Router then asks `patchRoutesOnNavigation` for more,
 * which adds the pages left out (once, after a yield: not in the tap's own task) and matches again.
 */
export function firstLoadRoutes(
  pathname: string,
  pause: () => Promise<void> = () => Promise.resolve(),
): { routes: RouteObject[]; patchRoutesOnNavigation: PatchRoutes } {
  const left: Array<{ base: keyof typeof GROUPS; entries: RouteEntry[] }> = [];
  const pick: Pick = (entries, base) => {
    const segment = segmentBelow(pathname, base);
    // A path that cannot be decoded is React Router's to make sense of, with every page.
    if (segment === null) return entries;
    const first = (entry: RouteEntry) => entry.path.split('/')[0]!.toLowerCase();
    const kept = entries.filter((entry) => segment !== '' && first(entry) === segment);
    left.push({ base, entries: entries.filter((entry) => !kept.includes(entry)) });
    return kept;
  };
  const routes = buildRoutes(pick);
  let patched = false;
  return {
    routes,
    patchRoutesOnNavigation: async ({ signal, patch }) => {
      if (patched) return;
      await pause();
      // React Router ignores the patch of a navigation that was superseded meanwhile: the next one makes it.
      if (patched || signal.aborted) return;
      patched = true;
      for (const { base, entries } of left)
        if (entries.length > 0) patch(GROUPS[base].id, toRoutes(entries, GROUPS[base].load, base));
    },
  };
}

/**
 * The browser's app: the router made from buildRoutes(). `onHydrated` runs once the first render is committed
 * (the server's markup hydrated): what changes the store must wait for it.
 */
export function App({
  router,
  onHydrated,
}: {
  router: ReturnType<typeof createBrowserRouter>;
  onHydrated?: () => void;
}) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return <RouterProvider router={router} />;
}
