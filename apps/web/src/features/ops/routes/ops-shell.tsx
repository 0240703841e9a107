import { Suspense } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { PagePlaceholder } from '../../../components/ui/page-placeholder.tsx';
import { RouteErrorBoundary } from '../../../app/route-error.tsx';
import { can, type OpsPermission } from '@nirmaan/shared/ops';
import { useOperator, useOpsLogout } from '../api/ops.ts';

const NAV: { to: string; label: string; permission?: OpsPermission }[] = [
  { to: '/ops', label: 'Dashboard' },
  { to: '/ops/vendors', label: 'Vendors' },
  { to: '/ops/customers', label: 'Customers' },
  { to: '/ops/orders', label: 'Orders' },
  { to: '/ops/requests', label: 'Requests' },
  { to: '/ops/bookings', label: 'Bookings' },
  { to: '/ops/disputes', label: 'Disputes' },
  { to: '/ops/reviews', label: 'Reviews' },
  { to: '/ops/money', label: 'Money' },
  { to: '/ops/finance', label: 'Finance', permission: 'readInvoices' },
  { to: '/ops/audit', label: 'Audit log' },
  { to: '/ops/operators', label: 'Operators', permission: 'manageOperators' },
];

/** The console's frame: every page under it needs an operator session; without one it goes to /ops/login. */
export function Component() {
  const me = useOperator();
  const { pathname } = useLocation();
  const logOut = useOpsLogout();
  if (me.isPending) return <PagePlaceholder />;
  if (me.isError) return <div className="container py-5"><div className="alert alert-danger" role="alert">Server error. Try again later.</div></div>;
  if (me.data === null) return <Navigate to={`/ops/login?next=${encodeURIComponent(pathname)}`} replace />;
  const op = me.data;
  return (
    <div className="d-flex flex-column min-vh-100">
      <header className="navbar navbar-expand border-bottom bg-dark-subtle sticky-top">
        <div className="container-fluid gap-3 flex-wrap">
          <Link to="/ops" className="navbar-brand fw-semibold">Nirmaan <span className="text-body-secondary fw-normal">operations</span></Link>
          <nav aria-label="Operator console">
            <ul className="nav nav-underline">
              {NAV.filter((item) => !item.permission || can(op.role, item.permission)).map((item) => (
                <li className="nav-item" key={item.to}><NavLink to={item.to} end={item.to === '/ops'} className="nav-link">{item.label}</NavLink></li>
              ))}
            </ul>
          </nav>
          <div className="ms-auto d-flex align-items-center gap-2">
            <span className="small text-body-secondary" data-testid="operator">{op.email} · {op.role}</span>
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => void logOut()}>Logout</button>
          </div>
        </div>
      </header>
      <main id="main" className="flex-grow-1 container-fluid py-4" tabIndex={-1}>
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<PagePlaceholder />}><Outlet context={op} /></Suspense>
        </RouteErrorBoundary>
      </main>
    </div>
  );
}
