import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as MaterialsPage } from '../../src/features/products/routes/materials-page.tsx';
import { makeProduct } from './fixtures.ts';
import { renderRoutes, stubFetch } from '../render.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const routes = [{ path: '/product', element: <MaterialsPage /> }];
const page = (names: string[], nextCursor: string | null, total = 3) => ({
  body: { items: names.map((n) => makeProduct({ ProductName: n })), total, totalIsCapped: false, nextCursor, exactCategory: true },
});

describe('materials list, a page at a time', () => {
  it('shows the total and loads the next page with the server’s cursor', async () => {
    const fetchMock = stubFetch((url) => {
      if (!url.startsWith('/api/products?')) return undefined;
      return new URLSearchParams(url.split('?')[1]).get('cursor') === 'page-2' ? page(['Ramco PPC'], null) : page(['ACC PPC', 'Dalmia DSP'], 'page-2');
    });
    renderRoutes('/product?search=Cement', routes);
    await screen.findByText('ACC PPC');
    screen.getByText(/Showing 2 of 3 products/);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Ramco PPC');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const first = new URLSearchParams(String(fetchMock.mock.calls[0]![0]).split('?')[1]);
    expect(Object.fromEntries(first)).toEqual({ category: 'Cement', sort: 'price_asc' });
  });

  it('asks the server again, sorted high to low, when the sort changes', async () => {
    const fetchMock = stubFetch((url) => (url.startsWith('/api/products?') ? page(['ACC PPC'], null, 1) : undefined));
    renderRoutes('/product?search=Cement', routes);
    await screen.findByText('ACC PPC');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'desc' } });
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('sort=price_desc'))).toBe(true));
  });

  it('ranks a search by best match and says when nothing matches', async () => {
    const fetchMock = stubFetch((url) => (url.startsWith('/api/products?') ? { body: { items: [], total: 0, totalIsCapped: false, nextCursor: null, exactCategory: false } } : undefined));
    renderRoutes('/product?search=unobtainium', routes);
    await screen.findByText(/No products found for/);
    expect(String(fetchMock.mock.calls[0]![0])).toContain('sort=relevance');
  });
});
