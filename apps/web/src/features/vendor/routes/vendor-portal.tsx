import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PagePlaceholder } from '../../../components/ui/page-placeholder.tsx';
import { page, pageAt, type Page } from '../../../app/lazy-page.tsx';
import { Component as NotFound } from '../../../app/not-found-page.tsx';
import { Component as VendorShell } from './vendor-shell.tsx';

/**
 * The vendor portal's routes under /vendor, in their own chunk: the shop's first bundle carries one route for the
 * whole portal instead of a table of its pages.
 */
const VENDOR_PAGES: [path: string, Page][] = [
  ['/vendor', page(() => import('../../vendor-dashboard/routes/vendor-dashboard-page.tsx'))],
  ['/vendor/orders', page(() => import('../../vendor-orders/routes/vendor-orders-page.tsx'))],
  ['/vendor/bookings', page(() => import('../../vendor-bookings/routes/vendor-bookings-page.tsx'))],
  ['/vendor/products', page(() => import('../../vendor-products/routes/vendor-products-page.tsx'))],
  ['/vendor/products/new', page(() => import('../../vendor-products/routes/vendor-product-new-page.tsx'))],
  ['/vendor/products/:id/edit', page(() => import('../../vendor-products/routes/vendor-product-edit-page.tsx'))],
  ['/vendor/delivery', page(() => import('../../vendor-delivery/routes/vendor-delivery-page.tsx'))],
  ['/vendor/calendar', page(() => import('../../vendor-calendar/routes/vendor-calendar-page.tsx'))],
  ['/vendor/chat/:customerId?', page(() => import('./vendor-chat-page.tsx'))],
  ['/vendor/profile', page(() => import('../../vendor-profile/routes/vendor-profile-page.tsx'))],
  ['/vendor/payouts', page(() => import('../../vendor-payouts/routes/vendor-payouts-page.tsx'))],
  ['/vendor/earnings', page(() => import('../../vendor-earnings/routes/vendor-earnings-page.tsx'))],
  ['/vendor/projects', page(() => import('../../vendor-projects/routes/vendor-projects-page.tsx'))],
  ['/vendor/reviews', page(() => import('../../vendor-reviews/routes/vendor-reviews-page.tsx'))],
  ['/vendor/disputes', page(() => import('../../disputes/routes/vendor-disputes-page.tsx'))],
  ['/vendor/requests', page(() => import('../../vendor-rfqs/routes/vendor-rfqs-page.tsx'))],
  ['/vendor/requests/:id', page(() => import('../../vendor-rfqs/routes/vendor-rfq-page.tsx'))],
];
/** Vendor pages outside the frame: for vendors who are not logged in. */
const VENDOR_PUBLIC_PAGES: [path: string, Page][] = [
  ['/vendor/login', page(() => import('./vendor-login-page.tsx'))],
  ['/vendor/signup', page(() => import('./vendor-signup-page.tsx'))],
];

const relative = (path: string) => path.slice('/vendor/'.length);

/** Starts downloading the portal page of a path (a hovered or focused link). */
export function preloadVendorPage(pathname: string) {
  pageAt([...VENDOR_PUBLIC_PAGES, ...VENDOR_PAGES], pathname)?.preload();
}

export function Component() {
  return (
    <Routes>
      {VENDOR_PUBLIC_PAGES.map(([path, Page]) => (
        <Route key={path} path={relative(path)} element={<Suspense fallback={<PagePlaceholder />}><Page /></Suspense>} />
      ))}
      <Route element={<VendorShell />}>
        {VENDOR_PAGES.map(([path, Page]) => (path === '/vendor' ? <Route index key={path} element={<Page />} /> : <Route key={path} path={relative(path)} element={<Page />} />))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
