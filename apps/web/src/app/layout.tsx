import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { Loading } from '../components/ui/states.tsx';
import { useSessionSync } from '../lib/session.ts';
import { Header } from './header.tsx';
import { Footer } from './footer.tsx';
import { MobileBar } from './mobile-bar.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

/** A new page starts at its top; going back or forward leaves the scroll to the browser. */
function useScrollToTop() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type !== 'POP') window.scrollTo({ top: 0, behavior: 'instant' });
  }, [pathname, type]);
}

export function Layout() {
  useSessionSync();
  useScrollToTop();
  const { pathname } = useLocation();
  return (
    <div className="app-shell d-flex flex-column min-vh-100">
      <a className="skip-link visually-hidden-focusable" href="#main">Skip to content</a>
      <Header />
      <main id="main" className="flex-grow-1" tabIndex={-1}>
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
      <MobileBar />
    </div>
  );
}
