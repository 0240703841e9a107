import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PagePlaceholder } from '../../../components/ui/page-placeholder.tsx';
import { page, type Page } from '../../../app/lazy-page.tsx';
import { Component as NotFound } from '../../../app/not-found-page.tsx';
import { Component as OpsShell } from './ops-shell.tsx';

/** The operator console's routes under /ops, in their own chunk: nothing of the console is in the shop's bundle. */
const OPS_PAGES: [path: string, Page][] = [
  ['/ops', page(() => import('./ops-dashboard-page.tsx'))],
  ['/ops/vendors', page(() => import('./ops-vendors-page.tsx'))],
  ['/ops/customers', page(() => import('./ops-customers-page.tsx'))],
  ['/ops/reviews', page(() => import('./ops-reviews-page.tsx'))],
  ['/ops/disputes', page(() => import('./ops-disputes-page.tsx'))],
  ['/ops/orders', page(() => import('./ops-orders-page.tsx'))],
  ['/ops/requests', page(() => import('./ops-requests-page.tsx'))],
  ['/ops/bookings', page(() => import('./ops-bookings-page.tsx'))],
  ['/ops/money', page(() => import('./ops-money-page.tsx'))],
  ['/ops/finance', page(() => import('./ops-finance-page.tsx'))],
  ['/ops/audit', page(() => import('./ops-audit-page.tsx'))],
  ['/ops/operators', page(() => import('./ops-operators-page.tsx'))],
];
const OpsLogin = page(() => import('./ops-login-page.tsx'));

export function Component() {
  return (
    <Routes>
      <Route path="login" element={<Suspense fallback={<PagePlaceholder />}><OpsLogin /></Suspense>} />
      <Route element={<OpsShell />}>
        {OPS_PAGES.map(([path, Page]) => (path === '/ops' ? <Route index key={path} element={<Page />} /> : <Route key={path} path={path.slice('/ops/'.length)} element={<Page />} />))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
