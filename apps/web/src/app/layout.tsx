import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { PagePlaceholder } from '../components/ui/page-placeholder.tsx';
import { useSessionSync } from '../lib/session.ts';
import { Hydrated } from '../lib/early-taps.tsx';
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

/** Hovering, focusing or touching a link starts downloading its page (route chunks are lazy). */
function usePreloadOnIntent(preload: (pathname: string) => void) {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      preload(link.pathname);
    };
    for (const type of ['pointerover', 'focusin', 'touchstart']) document.addEventListener(type, onIntent, { passive: true });
    return () => {
      for (const type of ['pointerover', 'focusin', 'touchstart']) document.removeEventListener(type, onIntent);
    };
  }, [preload]);
}

export function Layout({ preload }: { preload: (pathname: string) => void }) {
  useSessionSync();
  useScrollToTop();
  usePreloadOnIntent(preload);
  const { pathname } = useLocation();
  return (
    <div className="app-shell d-flex flex-column min-vh-100">
      <a className="skip-link visually-hidden-focusable" href="#main"><Trans>Skip to content</Trans></a>
      <Header />
      <main id="main" className="flex-grow-1" tabIndex={-1}>
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<PagePlaceholder />}>
            <Outlet />
            <Hydrated />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
      <MobileBar />
    </div>
  );
}
