import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useStores } from '../stores/context';
import { isUnauthenticatedFlow, overlayHidden } from './route-table';
import { VisitorChrome } from './VisitorLayout';
import { Header } from './Header';
import { Footer, SecondProviderBanner } from './Footer';
import { LoadingOverlay } from './LoadingOverlay';
import { AccountErrorPage } from './AccountErrorPage';
import { SkipLink } from './SkipLink';
import { ShellFrame } from './ShellFrame';

// Few accounts ever see it: its code loads when a page is closed, not with every page.
const PageClosed = lazy(() => import('./PageClosed').then((m) => ({ default: m.PageClosed })));

/**
 * Everything outside /login: the sign-in guard (GET /Orch/isAuth before the page shows; unauthenticated
 * browsers go to the provider sign-in carrying the wanted page), the account load, the 223 and 222
 * answers, the loading overlay, and the signed-in chrome.
 */
export const SignedInLayout = observer(function SignedInLayout() {
  const store = useStores();
  const location = useLocation();
  const navigate = useNavigate();
  const wanted = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    void store.guard(wanted);
    // Every navigation to a guarded path checks the session again.
  }, [store, wanted]);

  // A profile with no account yet (223) goes to add one; until it is there the overlay stays (the page it
  // was asked for, shown for a moment and then replaced, moved the page about: decision 022).
  const toAddAccount = store.profile.status === '223' && location.pathname !== '/AddAnAccountNumber';
  useEffect(() => {
    if (toAddAccount) void navigate('/AddAnAccountNumber', { replace: true });
  }, [toAddAccount, navigate]);

  // Spec: addresses containing forgot, login, retrieveAccount or mub are unauthenticated flows with no
  // signed-in navigation, whatever the session says.
  const Frame = isUnauthenticatedFlow(location.pathname) ? VisitorChrome : Chrome;
  const auth = store.session.auth;
  if (auth === 'error' || store.blockedRedirect) {
    return (
      <Frame>
        <AccountErrorPage />
      </Frame>
    );
  }
  if (auth !== 'authenticated') {
    // Checking, or on the way to the sign-in page: the frame index.html painted first, nothing signed-in yet
    // (the header shows its menu once the session is known).
    return overlayHidden(location.pathname) ? null : <ShellFrame />;
  }

  const closed = store.pageClosed(location.pathname);
  const waiting =
    !overlayHidden(location.pathname) &&
    (toAddAccount || store.isLoadingFor(location.pathname) || closed === null);
  const page = waiting ? (
    <LoadingOverlay />
  ) : closed ? (
    <Suspense fallback={<LoadingOverlay />}>
      <PageClosed />
    </Suspense>
  ) : (
    <Outlet />
  );
  if (Frame === VisitorChrome) return <VisitorChrome>{page}</VisitorChrome>;
  // The brand banner and the footer come with the page: shown over the overlay, the page arriving would
  // push them (or the page) about.
  return <Chrome page={!waiting}>{page}</Chrome>;
});

function Chrome({ children, page = true }: { children: React.ReactNode; page?: boolean }) {
  return (
    <div className="app">
      <SkipLink />
      <Header />
      <main id="main" className="main" tabIndex={-1}>
        {/* Below the header, not above it: it arrives with the decisions and must not move the header. */}
        {page ? <SecondProviderBanner /> : null}
        {children}
      </main>
      {page ? <Footer /> : null}
    </div>
  );
}
