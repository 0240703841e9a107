import type { ReactNode } from 'react';
import { afterEach, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { Component as OpsShell } from '../../src/features/ops/routes/ops-shell.tsx';

/** The operator console's web tests: lazy pages under load need more than the default wait. */
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  const location = useLocation();
  return <><Outlet /><output data-testid="location">{location.pathname + location.search}</output></>;
}

/**
 * Renders the console's frame at `entry` with `pages` as its children (`''` for the index), and `outside` beside it
 * (the login page, another portal). `location()` reads where the app has navigated to.
 */
export function renderConsole(entry: string, pages: Record<string, ReactNode>, outside: RouteObject[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const children = Object.entries(pages).map(([path, element]): RouteObject => (path === '' ? { index: true, element } : { path, element }));
  const router = createMemoryRouter([{ element: <Where />, children: [...outside, { path: '/ops', element: <OpsShell />, children }] }], { initialEntries: [entry] });
  render(<QueryClientProvider client={client}><RouterProvider router={router} /></QueryClientProvider>);
  return { location: () => screen.getByTestId('location').textContent };
}

/** The signed-in operator as `/api/ops/me` answers. */
export const operator = (role: string, email = 'ops@demo.nirmaan.in') => ({ id: 'f00dbabe-0000-4000-8000-000000000001', email, name: 'Meera', role });
