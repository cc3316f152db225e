import { lazy, Suspense, useEffect, useState } from 'react';
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  useNavigate,
  type RouteObject,
} from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { useStores } from '../stores/context';
import { ToastRegion } from '../ui/ToastRegion';
import { loginRoutes, signedInRoutes, type RouteEntry } from './route-table';
import { RouteEffects } from './RouteTitle';
import { SignedInLayout } from './SignedInLayout';
import { VisitorLayout } from './VisitorLayout';
import { pageFor, loginPageFor } from './pages';
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
  return entries.map((e): RouteObject => {
    const full = `${base}/${e.path}`;
    if (e.children) {
      return {
        path: e.path,
        handle: { title: e.title },
        lazy: load(full),
        children: e.children.map((c) =>
          c.path
            ? { path: c.path, handle: { title: c.title }, lazy: load(`${full}/${c.path}`) }
            : { index: true, handle: { title: e.title }, lazy: load(`${full}/`) },
        ),
      };
    }
    return { path: e.path, handle: { title: e.title }, lazy: load(full) };
  });
}

const Root = observer(function Root() {
  const store = useStores();
  const navigate = useNavigate();
  useEffect(() => {
    store.setNavigate((to) => void navigate(to));
  }, [store, navigate]);
  return (
    <>
      <RouteEffects />
      <ScrollRestoration />
      <Outlet />
      {/* slice(): read the array's contents here, so this observer re-renders when a toast is added */}
      {store.qa.enabled ? (
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
        { path: '/', element: <Navigate to="/home" replace /> },
        { path: '/orderHistory', element: <Navigate to="/support" replace /> },
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
                { index: true, handle: { title: 'Sign-in help' }, lazy: loginPageFor('/login') },
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

export function App() {
  const [router] = useState(() => createBrowserRouter(buildRoutes()));
  return <RouterProvider router={router} />;
}
