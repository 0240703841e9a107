import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { MATERIAL_CATEGORIES, SERVICE_CATEGORIES } from '@nirmaan/shared/catalogue';
import { Component as CategoryPage } from '../../src/features/categories/routes/category-page.tsx';
import { renderUi } from '../render.tsx';

afterEach(cleanup);

const cards = () => screen.getAllByRole('article');
const search = (term: string) =>
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search categories' }), { target: { value: term } });

describe('category browser', { timeout: 30_000 }, () => {
  it('lists every service with a Hire Now link to its services list', () => {
    renderUi(<CategoryPage />, '/Category');
    expect(screen.getByRole('button', { name: /Services/ }).getAttribute('aria-pressed')).toBe('true');
    expect(cards()).toHaveLength(SERVICE_CATEGORIES.length);
    const hire = screen.getByRole('link', { name: 'Hire Now — Shuttering / Centring Labour' });
    expect(hire.getAttribute('href')).toBe('/service?search=Shuttering%20%2F%20Centring%20Labour');
  });

  it('switches to materials with Order Now links, kept in the URL', () => {
    const { location } = renderUi(<CategoryPage />, '/Category');
    fireEvent.click(screen.getByRole('button', { name: /Materials/ }));
    expect(location()).toBe('/Category?type=materials');
    expect(cards()).toHaveLength(MATERIAL_CATEGORIES.length);
    expect(screen.getByRole('link', { name: 'Order Now — Cement' }).getAttribute('href')).toBe('/product?search=Cement');
    expect(screen.queryByRole('link', { name: /Hire Now/ })).toBeNull();
  });

  it('filters by name, case-insensitively', () => {
    renderUi(<CategoryPage />, '/Category?type=materials');
    search('  sTeEl ');
    expect(cards().map((c) => c.querySelector('h2')?.textContent)).toEqual(['Steel']);
    screen.getByText('1 category');
  });

  it('shows a friendly empty state, and clearing brings everything back', () => {
    renderUi(<CategoryPage />, '/Category');
    search('helicopter');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    screen.getByText(/No services match “helicopter”/);
    fireEvent.click(screen.getByRole('button', { name: 'clear the search' }));
    expect(cards()).toHaveLength(SERVICE_CATEGORIES.length);
  });
});
