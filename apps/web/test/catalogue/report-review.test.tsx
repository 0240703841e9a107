import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPORT_MSG } from '@nirmaan/shared/cart';
import { Component as ProductPage } from '../../src/features/products/routes/product-page.tsx';
import { Component as VendorPage } from '../../src/features/services/routes/vendor-page.tsx';
import { makeProductDetail, makeVendorProfile } from './fixtures.ts';
import { renderRoutes, stubFetch } from '../render.tsx';

vi.setConfig({ testTimeout: 20_000 });
Element.prototype.scrollIntoView = () => undefined;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const review = (customerName: string, extra: object = {}) => ({
  _id: `r-${customerName.split(' ')[0]}`, customerName, rating: 2, comment: `From ${customerName}`, createdAt: '2026-11-20T10:00:00.000Z', ...extra,
});
const reportCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/report') && init?.method === 'POST').map(([url, init]) => [url, JSON.parse(String(init?.body))]);

describe('the Report button on a product page', () => {
  it("sits beside others' reviews, not your own, reports the product review once and then says Reported", async () => {
    localStorage.setItem('userid', 'c-1');
    localStorage.setItem('user_name', 'Asha Verma');
    const product = makeProductDetail({ ProductReview: 3, ProductReviewCount: 2 });
    const fetchMock = stubFetch((url, init) => {
      if (url === `/product/${product._id}`) return { body: product };
      if (url.startsWith('/related-products/')) return { body: [] };
      if (url === `/fetch/review/${product._id}`) {
        return { body: { getreview: [review('Ravi Kumar', { productId: product._id }), review('Asha Verma', { productId: product._id })] } };
      }
      if (url === '/api/reviews/r-Ravi/report' && init?.method === 'POST') return { body: { message: REPORT_MSG.reported, reported: true } };
      return undefined;
    });
    renderRoutes(`/product/${product._id}`, [{ path: '/product/:id', element: <ProductPage /> }]);

    fireEvent.click(await screen.findByRole('tab', { name: 'Reviews' }));
    const ravi = (await screen.findByText('From Ravi Kumar')).closest('li')!;
    const own = screen.getByText('From Asha Verma').closest('li')!;
    expect(within(own).queryByRole('button', { name: 'Report' })).toBeNull();
    fireEvent.click(within(ravi).getByRole('button', { name: 'Report' }));
    await within(ravi).findByText('Reported');
    expect(within(ravi).queryByRole('button', { name: 'Report' })).toBeNull();
    await screen.findByText(REPORT_MSG.reported);
    expect(reportCalls(fetchMock)).toEqual([['/api/reviews/r-Ravi/report', { kind: 'product' }]]);
  });
});

describe('the Report button on a vendor page', () => {
  const routes = [{ path: '/service/details/:id', element: <VendorPage /> }];
  const serve = (vendorId: string, vendor: object, refusal?: { status: number; body: object }) => stubFetch((url, init) => {
    if (url === `/profesionaldetails/${vendorId}`) return { body: vendor };
    if (url === `/api/projects/${vendorId}`) return { body: [] };
    if (url === `/fetch/review/service/${vendorId}`) return { body: { getreview: [review('Sunita Rao')] } };
    if (url === '/api/reviews/r-Sunita/report' && init?.method === 'POST') return refusal ?? { body: { message: REPORT_MSG.reported, reported: true } };
    return undefined;
  });

  it('asks a visitor to log in and sends nothing', async () => {
    const vendor = makeVendorProfile();
    const fetchMock = serve(vendor._id, vendor);
    renderRoutes(`/service/details/${vendor._id}`, routes);
    const item = (await screen.findByText('From Sunita Rao')).closest('li')!;
    fireEvent.click(within(item).getByRole('button', { name: 'Report' }));
    await screen.findByText(REPORT_MSG.loginRequired);
    expect(reportCalls(fetchMock)).toEqual([]);
  });

  it("reports a vendor review, and shows the server's refusal and keeps the button when it refuses", async () => {
    localStorage.setItem('userid', 'c-2');
    localStorage.setItem('user_name', 'Another Name');
    const vendor = makeVendorProfile();
    const fetchMock = serve(vendor._id, vendor, { status: 403, body: { message: REPORT_MSG.ownReview, code: 'FORBIDDEN' } });
    renderRoutes(`/service/details/${vendor._id}`, routes);
    const item = (await screen.findByText('From Sunita Rao')).closest('li')!;
    fireEvent.click(within(item).getByRole('button', { name: 'Report' }));
    await screen.findByText(REPORT_MSG.ownReview);
    await waitFor(() => expect((within(item).getByRole('button', { name: 'Report' }) as HTMLButtonElement).disabled).toBe(false));
    expect(within(item).queryByText('Reported')).toBeNull();
    expect(reportCalls(fetchMock)).toEqual([['/api/reviews/r-Sunita/report', { kind: 'vendor' }]]);
  });
});
