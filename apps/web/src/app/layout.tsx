import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Loading } from '../components/ui/states.tsx';
import { useSessionSync } from '../lib/session.ts';
import { Header } from './header.tsx';
import { Footer } from './footer.tsx';
import { MobileBar } from './mobile-bar.tsx';

export function Layout() {
  useSessionSync();
  return (
    <div className="app-shell d-flex flex-column min-vh-100">
      <a className="skip-link visually-hidden-focusable" href="#main">Skip to content</a>
      <Header />
      <main id="main" className="flex-grow-1" tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <MobileBar />
      <ScrollRestoration />
    </div>
  );
}
