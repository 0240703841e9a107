import { lazy, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Layout } from './layout.tsx';

/**
 * A route's page, downloaded when first shown. Declarative routes rather than a data router: the data
 * router's code would put the landing page over its JavaScript budget (decision 004).
 */
const page = (load: () => Promise<{ Component: ComponentType }>) => lazy(() => load().then((m) => ({ default: m.Component })));

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
const NotFound = page(() => import('./not-found-page.tsx'));

/** SPEC.md §2's route table; each page is its own chunk. React Router matches case-insensitively. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Landing />} />
        <Route path="Category" element={<Categories />} />
        <Route path="about" element={<About />} />
        <Route path="product" element={<Materials />} />
        <Route path="products" element={<Navigate to="/product" replace />} />
        <Route path="product/:id" element={<Product />} />
        <Route path="viewstore" element={<Store />} />
        <Route path="service" element={<Services />} />
        <Route path="service/details/:id" element={<Vendor />} />
        <Route path="login" element={<Login />} />
        <Route path="signup" element={<Signup />} />
        <Route path="forgetpassword" element={<ForgotPassword />} />
        <Route path="profile" element={<Profile />} />
        <Route path="myorder" element={<MyOrders />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
