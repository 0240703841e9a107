import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServiceVendor } from '@nirmaan/shared/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@nirmaan/shared/messages';
import { Component as ProductPage } from '../../src/features/products/routes/product-page.tsx';
import { Component as ServicesPage } from '../../src/features/services/routes/services-page.tsx';
import { Component as VendorPage } from '../../src/features/services/routes/vendor-page.tsx';
import { Component as StorePage } from '../../src/features/store/routes/store-page.tsx';
import { makeProductDetail, makeVendor, makeVendorProfile, stubReviewableProfessional } from './fixtures.ts';
import { renderRoutes, stubFetch } from '../render.tsx';

// Rendering whole pages in jsdom on a 2-core machine is slow on a cold start.
vi.setConfig({ testTimeout: 20_000 });
// jsdom does not lay out, so it has no scrolling.
Element.prototype.scrollIntoView = () => undefined;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const servicesRoutes = [
  { path: '/service', element: <ServicesPage /> },
  { path: '/myorder/service', element: <p>Booking page</p> },
];

/** A stand-in for GET /api/services: filters and pages a list as the server does (the server's own tests check the rules). */
function servicesServer(vendors: ServiceVendor[]) {
  return (url: string) => {
    if (!url.startsWith('/api/services?')) return undefined;
    const q = new URLSearchParams(url.split('?')[1]);
    const text = q.get('q')?.toLowerCase();
    const band = q.get('band');
    const sub = q.get('subCategory');
    const matching = vendors.filter((v) => (!text || v.Business_Name.toLowerCase().includes(text))
      && (!sub || v.Sub_Category.includes(sub))
      && (!band || (band === 'high' ? v.Charge_Per_Hour_or_Day > 1500 : band === 'low' ? v.Charge_Per_Hour_or_Day < 500 : v.Charge_Per_Hour_or_Day >= 500 && v.Charge_Per_Hour_or_Day <= 1500)));
    const pages = Math.max(1, Math.ceil(matching.length / 6));
    const page = Math.min(Number(q.get('page') ?? 1), pages);
    return { body: { services: matching.slice((page - 1) * 6, page * 6), description: '', total: matching.length, page, pages } };
  };
}

describe('services list', () => {
  it('says no vendors were found for the search term', async () => {
    stubFetch(servicesServer([]));
    renderRoutes('/service', servicesRoutes);
    await screen.findByText('No vendors found for "Plumber".');
  });

  it('shows 6 professionals per page, and filters start again from page 1', async () => {
    const vendors = Array.from({ length: 8 }, (_, i) => makeVendor({ Business_Name: `Vendor ${i + 1}`, Charge_Per_Hour_or_Day: i < 7 ? 600 : 2000, Sub_Category: ['Plumber'] }));
    const fetchMock = stubFetch(servicesServer(vendors));
    renderRoutes('/service?search=Electrician', servicesRoutes);

    await screen.findByText('Vendor 1');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/services?category=Electrician&page=1');
    expect(screen.getAllByRole('button', { name: /^Book Now/ })).toHaveLength(6);
    screen.getByText(/Showing 1–6 of 8 professionals/);
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Vendor 7');
    expect(screen.getAllByRole('button', { name: /^Book Now/ })).toHaveLength(2);

    fireEvent.change(screen.getByLabelText('Sub-category'), { target: { value: 'Plumber' } });
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Book Now/ })).toHaveLength(6));
    expect(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(String(fetchMock.mock.calls.at(-1)![0])).toContain('subCategory=Plumber'));

    fireEvent.change(screen.getByLabelText('Price range'), { target: { value: 'high' } });
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull());
    screen.getByText('Vendor 8');

    fireEvent.change(screen.getByLabelText('Search professionals'), { target: { value: 'nobody by this name' } });
    await screen.findByText(MSG.noVendorsFor('Electrician'));
    screen.getByRole('button', { name: 'Clear filters' });
  });

  it('Book Now remembers the professional and opens the booking page', async () => {
    const vendor = makeVendor({ Business_Name: 'Kumar Electricals' });
    stubFetch(servicesServer([vendor]));
    renderRoutes('/service', servicesRoutes);
    fireEvent.click(await screen.findByRole('button', { name: /^Book Now/ }));
    expect(localStorage.getItem('Customerid')).toBe(vendor._id);
    await screen.findByText('Booking page');
  });
});

describe('vendor profile', () => {
  const routes = [{ path: '/service/details/:id', element: <VendorPage /> }];

  it('says no vendor was found when the profile does not load', async () => {
    stubFetch(() => undefined);
    renderRoutes('/service/details/00000000-0000-4000-8000-999999999999', routes);
    screen.getByText(MSG.loadingServiceDetails);
    await screen.findByText(MSG.noVendorFound);
  });

  it('shows the initial letter, the review average to one decimal, and asks a visitor to log in to chat', async () => {
    const vendor = makeVendorProfile({ Business_Name: 'sharma Plumbing Works' });
    const reviews = [5, 4, 4].map((rating, i) => ({ _id: `r${i}`, customerName: `Customer ${i}`, rating, comment: 'Good work', createdAt: '2025-01-15T10:00:00.000Z' }));
    const booked = { ...reviews[1]!, verified: 'booking' as const };
    stubFetch((url) => {
      if (url === `/profesionaldetails/${vendor._id}`) return { body: vendor };
      if (url === `/api/projects/${vendor._id}`) return { body: [] };
      if (url === `/fetch/review/service/${vendor._id}`) return { body: { getreview: [reviews[0], booked, reviews[2]] } };
      return undefined;
    });
    renderRoutes(`/service/details/${vendor._id}`, routes);

    expect(await screen.findByRole('img', { name: 'sharma Plumbing Works' })).toHaveProperty('textContent', 'S');
    await screen.findByText('4.3');
    screen.getByText('(3 reviews, 1 verified)');
    // The badge sits beside the one review whose author had a Completed booking.
    const items = screen.getAllByRole('listitem').filter((li) => li.classList.contains('review-item'));
    expect(items.map((li) => [within(li).getByText(/^Customer \d$/).textContent, within(li).queryByText(/Verified/)?.textContent ?? null]))
      .toEqual([['Customer 0', null], ['Customer 1', '✓ Verified booking'], ['Customer 2', null]]);

    fireEvent.click(screen.getByRole('button', { name: 'Message' }));
    await screen.findByText(MSG.loginToChat);

    // The review form's module loads with the form.
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Review' }));
    await screen.findByText(MSG.loginToReview);
  });

  it('asks a logged-in customer for both a rating and a comment, then posts the review', async () => {
    const vendor = makeVendorProfile();
    const fetchMock = stubReviewableProfessional(vendor, 'Asha Verma', 'Neat work');
    renderRoutes(`/service/details/${vendor._id}`, routes);

    fireEvent.change(await screen.findByLabelText('Your review'), { target: { value: 'Neat work' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    await screen.findByText('Please provide a rating and comment.');

    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    await screen.findByText('Review submitted successfully!');
    const post = fetchMock.mock.calls.find(([url]) => url === '/review/c-1');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ vendorids: vendor._id, customerName: 'Asha Verma', rating: 4, comment: 'Neat work' });
  });
});

describe('product detail', () => {
  const routes = [{ path: '/product/:id', element: <ProductPage /> }];

  it('asks a visitor to log in before adding to the cart, and shows no made-up discount', async () => {
    const product = makeProductDetail({ ProductName: 'ACC Gold Water Shield Cement', ProductMrp: null });
    stubFetch((url) => {
      if (url === `/product/${product._id}`) return { body: product };
      if (url.startsWith('/related-products/')) return { body: [] };
      if (url === `/fetch/review/${product._id}`) return { body: { getreview: [] } };
      return undefined;
    });
    renderRoutes(`/product/${product._id}`, routes);

    await screen.findByRole('heading', { level: 1, name: 'ACC Gold Water Shield Cement' });
    expect(screen.queryByText(/% OFF/)).toBeNull();
    screen.getByText('No ratings yet');
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await screen.findByText(MSG.loginToAddToCart);
  });

  it('shows how many reviews are verified beside the average, and a badge beside each verified purchase', async () => {
    const product = makeProductDetail({ ProductReview: 4.3, ProductReviewCount: 12, ProductVerifiedReviewCount: 5 });
    const review = (customerName: string, verified?: 'purchase') => ({
      _id: `r-${customerName}`, productId: product._id, customerName, rating: 4, comment: `From ${customerName}`, createdAt: '2026-11-20T10:00:00.000Z', ...(verified ? { verified } : {}),
    });
    stubFetch((url) => {
      if (url === `/product/${product._id}`) return { body: product };
      if (url.startsWith('/related-products/')) return { body: [] };
      if (url === `/fetch/review/${product._id}`) return { body: { getreview: [review('Ravi Kumar', 'purchase'), review('Sunita Rao')] } };
      return undefined;
    });
    renderRoutes(`/product/${product._id}`, routes);

    await screen.findByText('(12 reviews, 5 verified)');
    fireEvent.click(screen.getByRole('tab', { name: 'Reviews' }));
    const ravi = (await screen.findByText('From Ravi Kumar')).closest('li')!;
    within(ravi).getByText('✓ Verified purchase');
    expect(within(screen.getByText('From Sunita Rao').closest('li')!).queryByText(/Verified/)).toBeNull();
  });

  it('shows the seller’s quantity prices as a table, marking the row the chosen quantity gets', async () => {
    const product = makeProductDetail({
      ProductPrice: 380, ProductUnit: 'bag', QuantityBreaks: [{ minQuantity: 100, pricePaise: 36_500 }, { minQuantity: 500, pricePaise: 35_500 }],
    });
    stubFetch((url) => {
      if (url === `/product/${product._id}`) return { body: product };
      if (url.startsWith('/related-products/')) return { body: [] };
      if (url === `/fetch/review/${product._id}`) return { body: { getreview: [] } };
      return undefined;
    });
    renderRoutes(`/product/${product._id}`, routes);

    const table = within(await screen.findByRole('region', { name: 'Buy more, pay less' })).getByRole('table');
    const rows = within(table).getAllByRole('row').map((r) => within(r).getAllByRole(r.querySelector('th') ? 'columnheader' : 'cell').map((c) => c.textContent));
    expect(rows).toEqual([['Quantity', 'Price per bag', 'You save'], ['1–99', '₹380', '—'], ['100–499', '₹365', '4%'], ['500+', '₹355', '7%']]);
    const current = () => table.querySelector('tr[aria-current="true"]')?.textContent;
    expect(current()).toBe('1–99₹380—');
    expect(screen.queryByTestId('quantity-price')).toBeNull();

    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '100' } });
    expect(current()).toBe('100–499₹3654%');
    expect(screen.getByTestId('quantity-price').textContent).toBe('100 at ₹365 each: ₹36,500');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '99' } });
    expect(current()).toBe('1–99₹380—');
  });

  it('shows no quantity price table for a product without quantity prices', async () => {
    const product = makeProductDetail({ QuantityBreaks: [] });
    stubFetch((url) => {
      if (url === `/product/${product._id}`) return { body: product };
      if (url.startsWith('/related-products/')) return { body: [] };
      if (url === `/fetch/review/${product._id}`) return { body: { getreview: [] } };
      return undefined;
    });
    renderRoutes(`/product/${product._id}`, routes);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('Buy more, pay less')).toBeNull();
  });

  it('says the product was not found when the fetch fails', async () => {
    stubFetch(() => undefined);
    renderRoutes('/product/not-a-uuid', routes);
    await screen.findByRole('heading', { name: MSG.productNotFound });
  });
});

describe('vendor store', () => {
  it('says the vendor was not found without a vendor id in navigation state', () => {
    stubFetch(() => undefined);
    renderRoutes('/viewstore', [{ path: '/viewstore', element: <StorePage /> }]);
    screen.getByText(MSG.vendorNotFound);
  });

  it('falls back to the default description', async () => {
    const vendor = makeVendorProfile({ Business_Name: 'Balaji Building Materials', Business_Description: '', Kind: 'seller' });
    stubFetch((url) => {
      if (url === `/api/vendor/${vendor._id}`) return { body: vendor };
      if (url === '/api/viewstore') return { body: [] };
      return undefined;
    });
    renderRoutes('/viewstore', [{ path: '/viewstore', element: <StorePage /> }], { vendorId: vendor._id });
    await screen.findByRole('heading', { level: 1, name: 'Balaji Building Materials' });
    screen.getByText(MSG.storeFallbackDescription);
  });
});
