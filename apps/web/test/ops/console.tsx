import type { ReactNode } from 'react';
import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { Component as OpsShell } from '../../src/features/ops/routes/ops-shell.tsx';
import { renderApp } from '../render.tsx';

/** The operator console's web tests: lazy pages under load need more than the default wait. */
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * Renders the console's frame at `entry` with `pages` as its children (`''` for the index), and `outside` beside it
 * (the login page, another portal). `location()` reads where the app has navigated to.
 */
export function renderConsole(entry: string, pages: Record<string, ReactNode>, outside: RouteObject[] = []) {
  const children = Object.entries(pages).map(([path, element]): RouteObject => (path === '' ? { index: true, element } : { path, element }));
  return renderApp(entry, [...outside, { path: '/ops', element: <OpsShell />, children }], { withSearch: true });
}

/** The signed-in operator as `/api/ops/me` answers. */
export const operator = (role: string, email = 'ops@demo.nirmaan.in') => ({ id: 'f00dbabe-0000-4000-8000-000000000001', email, name: 'Meera', role });
