import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { MobileBar } from '../../src/app/mobile-bar.tsx';
import { renderUi } from '../render.tsx';

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ count: 0 }))));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const bar = () => screen.getByRole('navigation', { name: 'Mobile navigation' });
const hrefs = () => within(bar()).getAllByRole('link').map((a) => a.getAttribute('href'));

describe('mobile bottom bar', { timeout: 30_000 }, () => {
  it('shows Login to a visitor', () => {
    renderUi(<MobileBar />);
    expect(hrefs()).toEqual(['/', '/Category', '/cart', '/login']);
    within(bar()).getByRole('link', { name: 'Login' });
  });

  it('shows Profile to a logged-in customer', () => {
    localStorage.setItem('userid', 'u-1');
    renderUi(<MobileBar />);
    expect(hrefs()).toEqual(['/', '/Category', '/cart', '/profile']);
    expect(within(bar()).queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('treats a stored "undefined" user id as logged out', () => {
    localStorage.setItem('userid', 'undefined');
    renderUi(<MobileBar />);
    expect(within(bar()).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
  });

  it('marks the current page', () => {
    renderUi(<MobileBar />, '/Category');
    expect(within(bar()).getByRole('link', { name: 'Categories' }).getAttribute('aria-current')).toBe('page');
    expect(within(bar()).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });
});
