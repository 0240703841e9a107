import { createBrowserRouter, Navigate } from 'react-router';
import { Layout } from './layout.tsx';
import { RouteError } from './route-error.tsx';

/** SPEC.md §2's route table; each page is its own chunk. React Router matches case-insensitively. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: () => import('../features/landing/routes/landing-page.tsx') },
      { path: 'Category', lazy: () => import('../features/categories/routes/category-page.tsx') },
      { path: 'about', lazy: () => import('../features/about/routes/about-page.tsx') },
      { path: 'product', lazy: () => import('../features/products/routes/materials-page.tsx') },
      { path: 'products', element: <Navigate to="/product" replace /> },
      { path: 'product/:id', lazy: () => import('../features/products/routes/product-page.tsx') },
      { path: 'viewstore', lazy: () => import('../features/store/routes/store-page.tsx') },
      { path: 'service', lazy: () => import('../features/services/routes/services-page.tsx') },
      { path: 'service/details/:id', lazy: () => import('../features/services/routes/vendor-page.tsx') },
      { path: 'login', lazy: () => import('../features/auth/routes/login-page.tsx') },
      { path: 'signup', lazy: () => import('../features/auth/routes/signup-page.tsx') },
      { path: 'forgetpassword', lazy: () => import('../features/auth/routes/forgot-password-page.tsx') },
      { path: 'profile', lazy: () => import('../features/profile/routes/profile-page.tsx') },
      { path: '*', lazy: () => import('./not-found-page.tsx') },
    ],
  },
]);
