import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath, Navigate, Route, Routes } from 'react-router';
import { PagePlaceholder } from '../components/ui/page-placeholder.tsx';
import { Layout } from './layout.tsx';

type Page = LazyExoticComponent<ComponentType> & { preload: () => void };

/**
 * A route's page, downloaded when first shown, or earlier when a link to it is hovered or focused
 * (`preloadRoute`). Declarative routes rather than a data router: the data router's code would put the
 * landing page over its JavaScript budget (decision 004).
 */
const page = (load: () => Promise<{ Component: ComponentType }>): Page => {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const start = () => (loading ??= load().then((m) => ({ default: m.Component })));
  return Object.assign(lazy(start), { preload: () => void start().catch(() => undefined) });
};

const Landing = page(() => import('../features/landing/routes/landing-page.tsx'));
const Categories = page(() => import('../features/categories/routes/category-page.tsx'));
const About = page(() => import('../features/about/routes/about-page.tsx'));
const Materials = page(() => import('../features/products/routes/materials-page.tsx'));
const Product = page(() => import('../features/products/routes/product-page.tsx'));
const Store = page(() => import('../features/store/routes/store-page.tsx'));
const Services = page(() => import('../features/services/routes/services-page.tsx'));
const Vendor = page(() => import('../features/services/routes/vendor-page.tsx'));
const Login = page(() => import('../features/auth/routes/login-page.tsx'));
const Signup = page(() => import('../features/auth/routes/signup-page.tsx'));
const ForgotPassword = page(() => import('../features/auth/routes/forgot-password-page.tsx'));
const Profile = page(() => import('../features/profile/routes/profile-page.tsx'));
const MyOrders = page(() => import('./my-orders-page.tsx'));
const Cart = page(() => import('../features/cart/routes/cart-page.tsx'));
const Checkout = page(() => import('../features/cart/routes/checkout-page.tsx'));
const BookService = page(() => import('../features/bookings/routes/book-service-page.tsx'));
const NotFound = page(() => import('./not-found-page.tsx'));
const VendorShell = page(() => import('../features/vendor/routes/vendor-shell.tsx'));
const VendorLogin = page(() => import('../features/vendor/routes/vendor-login-page.tsx'));
const VendorSignup = page(() => import('../features/vendor/routes/vendor-signup-page.tsx'));
const VendorDashboard = page(() => import('../features/vendor-dashboard/routes/vendor-dashboard-page.tsx'));
const VendorProfile = page(() => import('../features/vendor-profile/routes/vendor-profile-page.tsx'));
const VendorPayouts = page(() => import('../features/vendor-payouts/routes/vendor-payouts-page.tsx'));
const VendorProjects = page(() => import('../features/vendor-projects/routes/vendor-projects-page.tsx'));
const VendorReviews = page(() => import('../features/vendor-reviews/routes/vendor-reviews-page.tsx'));
const VendorOrders = page(() => import('../features/vendor-orders/routes/vendor-orders-page.tsx'));
const VendorBookings = page(() => import('../features/vendor-bookings/routes/vendor-bookings-page.tsx'));
const VendorProducts = page(() => import('../features/vendor-products/routes/vendor-products-page.tsx'));
const VendorProductNew = page(() => import('../features/vendor-products/routes/vendor-product-new-page.tsx'));
const VendorProductEdit = page(() => import('../features/vendor-products/routes/vendor-product-edit-page.tsx'));
const CustomerChat = page(() => import('../features/chat/routes/customer-chat-page.tsx'));
const VendorChat = page(() => import('../features/vendor/routes/vendor-chat-page.tsx'));
const OpsLogin = page(() => import('../features/ops/routes/ops-login-page.tsx'));
const OpsShell = page(() => import('../features/ops/routes/ops-shell.tsx'));
const OpsDashboard = page(() => import('../features/ops/routes/ops-dashboard-page.tsx'));
const OpsVendors = page(() => import('../features/ops/routes/ops-vendors-page.tsx'));
const OpsCustomers = page(() => import('../features/ops/routes/ops-customers-page.tsx'));
const OpsAudit = page(() => import('../features/ops/routes/ops-audit-page.tsx'));
const OpsReviews = page(() => import('../features/ops/routes/ops-reviews-page.tsx'));

/** SPEC.md §2's route table; each page is its own chunk. React Router matches case-insensitively. */
const PAGES: [path: string, Page][] = [
  ['/', Landing],
  ['/Category', Categories],
  ['/about', About],
  ['/product', Materials],
  ['/product/:id', Product],
  ['/viewstore', Store],
  ['/service', Services],
  ['/service/details/:id', Vendor],
  ['/login', Login],
  ['/signup', Signup],
  ['/forgetpassword', ForgotPassword],
  ['/profile', Profile],
  ['/myorder', MyOrders],
  ['/Cart', Cart],
  ['/Cart/order', Checkout],
  ['/myorder/service', BookService],
  ['/customer/chat/:vendorId?', CustomerChat],
];

/** The vendor portal: its own frame (which needs a vendor session) and its own chunks. */
const VENDOR_PAGES: [path: string, Page][] = [
  ['/vendor', VendorDashboard],
  ['/vendor/orders', VendorOrders],
  ['/vendor/bookings', VendorBookings],
  ['/vendor/products', VendorProducts],
  ['/vendor/products/new', VendorProductNew],
  ['/vendor/products/:id/edit', VendorProductEdit],
  ['/vendor/chat/:customerId?', VendorChat],
  ['/vendor/profile', VendorProfile],
  ['/vendor/payouts', VendorPayouts],
  ['/vendor/projects', VendorProjects],
  ['/vendor/reviews', VendorReviews],
];
/** Vendor pages outside the frame: for vendors who are not logged in. */
const VENDOR_PUBLIC_PAGES: [path: string, Page][] = [
  ['/vendor/login', VendorLogin],
  ['/vendor/signup', VendorSignup],
];

/** The operator console: its own frame (an operator session) and chunks; nothing of it is in the shop's bundle. */
const OPS_PAGES: [path: string, Page][] = [
  ['/ops', OpsDashboard],
  ['/ops/vendors', OpsVendors],
  ['/ops/customers', OpsCustomers],
  ['/ops/reviews', OpsReviews],
  ['/ops/audit', OpsAudit],
];

/** Starts downloading the page of a path (a hovered or focused link), so the click shows it at once. */
export function preloadRoute(pathname: string) {
  [...VENDOR_PUBLIC_PAGES, ...VENDOR_PAGES, ...PAGES].find(([path]) => matchPath({ path, caseSensitive: false }, pathname))?.[1].preload();
}

export function AppRoutes() {
  return (
    <Routes>
      {VENDOR_PUBLIC_PAGES.map(([path, Page]) => <Route key={path} path={path.slice(1)} element={<Suspense fallback={<PagePlaceholder />}><Page /></Suspense>} />)}
      <Route path="ops/login" element={<Suspense fallback={<PagePlaceholder />}><OpsLogin /></Suspense>} />
      <Route path="ops" element={<Suspense fallback={<PagePlaceholder />}><OpsShell /></Suspense>}>
        {OPS_PAGES.map(([path, Page]) => (path === '/ops' ? <Route index key={path} element={<Page />} /> : <Route key={path} path={path.slice('/ops/'.length)} element={<Page />} />))}
        <Route path="*" element={<NotFound />} />
      </Route>
      <Route path="vendor" element={<Suspense fallback={<PagePlaceholder />}><VendorShell /></Suspense>}>
        {VENDOR_PAGES.map(([path, Page]) => (path === '/vendor' ? <Route index key={path} element={<Page />} /> : <Route key={path} path={path.slice('/vendor/'.length)} element={<Page />} />))}
        <Route path="*" element={<NotFound />} />
      </Route>
      <Route element={<Layout preload={preloadRoute} />}>
        {PAGES.map(([path, Page]) => (path === '/' ? <Route index key={path} element={<Page />} /> : <Route key={path} path={path.slice(1)} element={<Page />} />))}
        <Route path="products" element={<Navigate to="/product" replace />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
