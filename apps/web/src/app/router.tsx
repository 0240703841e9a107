import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { splitLocalePath } from '@nirmaan/shared/i18n';
import { PagePlaceholder } from '../components/ui/page-placeholder.tsx';
import { page, pageAt, type Page } from './lazy-page.tsx';
import { Layout } from './layout.tsx';

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
const CustomerChat = page(() => import('../features/chat/routes/customer-chat-page.tsx'));
const MyRequests = page(() => import('../features/rfqs/routes/my-rfqs-page.tsx'));
const NewRequest = page(() => import('../features/rfqs/routes/new-rfq-page.tsx'));
const Request = page(() => import('../features/rfqs/routes/rfq-page.tsx'));
const Reschedule = page(() => import('../features/bookings/routes/reschedule-page.tsx'));

/** The spec's route table; each page is its own chunk. React Router matches case-insensitively. */
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
  // Buying in bulk (issue 35): requests for quotes and their comparison.
  ['/requests', MyRequests],
  ['/requests/new', NewRequest],
  ['/requests/:id', Request],
  // Rescheduling a booking (issue 34): the professional's bookable slots.
  ['/bookings/:id/reschedule', Reschedule],
];

/** The vendor portal and the operator console: each its own chunk with its own route table and frame. */
const VendorPortal = page(() => import('../features/vendor/routes/vendor-portal.tsx'));
const OpsConsole = page(() => import('../features/ops/routes/ops-console.tsx'));

/** Starts downloading the page of a path (a hovered or focused link, `/hi/...` too), so the click shows it at once. */
export function preloadRoute(address: string) {
  const pathname = splitLocalePath(address).rest;
  if (/^\/vendor(\/|$)/i.test(pathname)) {
    void import('../features/vendor/routes/vendor-portal.tsx').then((m) => m.preloadVendorPage(pathname), () => undefined);
    return;
  }
  pageAt(PAGES, pathname)?.preload();
}

/** The page's chunk of a path (without its language), loaded: a server-rendered page is hydrated once its code is here. */
export async function loadRoute(pathname: string): Promise<void> {
  await pageAt(PAGES, pathname)?.load().catch(() => undefined);
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="vendor/*" element={<Suspense fallback={<PagePlaceholder />}><VendorPortal /></Suspense>} />
      <Route path="ops/*" element={<Suspense fallback={<PagePlaceholder />}><OpsConsole /></Suspense>} />
      <Route element={<Layout preload={preloadRoute} />}>
        {PAGES.map(([path, Page]) => (path === '/' ? <Route index key={path} element={<Page />} /> : <Route key={path} path={path.slice(1)} element={<Page />} />))}
        <Route path="products" element={<Navigate to="/product" replace />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
