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

export function buildRoutes(): RouteObject[] {
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
              // A page that fails (its code did not load) shows its error inside the layout.
              errorElement: <RouteError inShell />,
              children: [
                // /login alone is sign-in help, never an empty page.
                {
                  index: true,
                  handle: { title: 'Sign-in help', module: pageModuleOf('/login') },
                  lazy: loginPageFor('/login'),
                },
                ...toRoutes(loginRoutes, loginPageFor, '/login'),
              ],
            },
          ],
        },
        {
          element: <SignedInLayout />,
          children: [
            {
              errorElement: <RouteError inShell />,
              children: [...toRoutes(signedInRoutes, pageFor), { path: '*', element: <NotFoundPage /> }],
            },
          ],
        },
      ],
    },
  ];
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
