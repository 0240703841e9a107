import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Loading } from '../components/ui/states.tsx';
import { Header } from './header.tsx';
import { Footer } from './footer.tsx';
import { MobileBar } from './mobile-bar.tsx';

export function Layout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <Header />
      <main className="flex-grow-1 pb-5 pb-md-0">
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
