import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Header } from '../../src/app/header.tsx';
import { renderUi } from '../render.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('header search', { timeout: 30_000 }, () => {
  it('goes to the materials list with the trimmed, encoded term', () => {
    const { location } = renderUi(<Header />);
    const box = screen.getByRole('combobox', { name: 'Search materials' });
    fireEvent.change(box, { target: { value: '  Grouts & Sealants ' } });
    fireEvent.submit(box.closest('form')!);
    expect(location()).toBe('/product?search=Grouts%20%26%20Sealants');
  });

  it('stays put when the term is blank', () => {
    const { location } = renderUi(<Header />, '/about');
    const box = screen.getByRole('combobox', { name: 'Search materials' });
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.submit(box.closest('form')!);
    expect(location()).toBe('/about');
  });
});

describe('header search suggestions', { timeout: 30_000 }, () => {
  const suggestions = {
    suggestions: [
      { kind: 'category', label: 'Cement' },
      { kind: 'product', label: 'UltraTech OPC 53 Grade Cement', id: '0c7f5f7e-0000-4000-8000-000000000001' },
    ],
  };

  it('suggests categories and products once typing pauses, and the arrows and Enter pick one', async () => {
    fetchMock.mockImplementation(async () => json(suggestions));
    const { location } = renderUi(<Header />);
    const box = screen.getByRole('combobox', { name: 'Search materials' });
    fireEvent.change(box, { target: { value: 'ceme' } });
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['CategoryCement', 'UltraTech OPC 53 Grade Cement']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/search/suggest?q=ceme');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.submit(box.closest('form')!);
    expect(location()).toBe('/product?search=Cement');
  });

  it('opens a suggested product directly', async () => {
    fetchMock.mockImplementation(async () => json(suggestions));
    const { location } = renderUi(<Header />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Search materials' }), { target: { value: 'ultra' } });
    fireEvent.click(await screen.findByRole('button', { name: 'UltraTech OPC 53 Grade Cement' }));
    expect(location()).toBe('/product/0c7f5f7e-0000-4000-8000-000000000001');
  });

  it('asks nothing for a single letter', async () => {
    renderUi(<Header />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Search materials' }), { target: { value: 'c' } });
    await new Promise((r) => setTimeout(r, 400));
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('suggest'))).toHaveLength(0);
  });
});

describe('header account links', { timeout: 30_000 }, () => {
  it('offers Login and Sign up to a visitor and fetches no cart count', () => {
    renderUi(<Header />);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(within(nav).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the cart count and a user menu whose Logout ends the session', async () => {
    localStorage.setItem('userid', 'u-42');
    localStorage.setItem('user_name', 'Asha Verma');
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/cart/u-42/count' ? json({ count: 3 }) : json({ ok: true }));
    const { location } = renderUi(<Header />, '/about');

    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    const cart = screen.getByRole('link', { name: /^Cart/ });
    await waitFor(() => expect(cart.textContent).toContain('3 items in cart'));

    fireEvent.click(screen.getByRole('button', { name: /Asha Verma/ }));
    expect(screen.getByRole('link', { name: 'My orders' }).getAttribute('href')).toBe('/myorder');
    expect(screen.getByRole('link', { name: 'My profile' }).getAttribute('href')).toBe('/profile');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(location()).toBe('/login'));
    expect(fetchMock).toHaveBeenCalledWith('/api/logout', expect.objectContaining({ method: 'POST' }));
    expect(localStorage.getItem('userid')).toBeNull();
    screen.getByRole('link', { name: 'Login' });
  });

  it('logs out locally even when the server call fails, and a failed count only logs', async () => {
    localStorage.setItem('userid', 'u-7');
    localStorage.setItem('user_name', 'Ravi');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(json({ code: 'INTERNAL', message: 'Server error.' }, 500));
    const { location } = renderUi(<Header />);

    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.getByRole('link', { name: 'Cart' }).textContent).toBe('Cart ');
    fireEvent.click(screen.getByRole('button', { name: /Ravi/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(localStorage.getItem('userid')).toBeNull();
  });

  it('refreshes the badge when the cart queries are invalidated', async () => {
    localStorage.setItem('userid', 'u-9');
    let count = 1;
    fetchMock.mockImplementation(async () => json({ count }));
    const { client } = renderUi(<Header />);
    const cart = screen.getByRole('link', { name: /^Cart/ });
    await waitFor(() => expect(cart.textContent).toContain('1 items in cart'));
    count = 4;
    await client.invalidateQueries({ queryKey: ['cart'] });
    await waitFor(() => expect(cart.textContent).toContain('4 items in cart'));
  });
});
