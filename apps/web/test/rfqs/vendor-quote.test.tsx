import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { VendorRfq } from '@nirmaan/shared/rfqs';
import { Component as VendorRequest } from '../../src/features/vendor-rfqs/routes/vendor-rfq-page.tsx';
import { renderPage, stubApi } from '../render.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CEMENT = 'a0000000-0000-4000-8000-000000000001';
const STEEL = 'a0000000-0000-4000-8000-000000000002';
const rfq: VendorRfq = {
  _id: 'r0000000-0000-4000-8000-000000000001', state: 'open', collecting: true,
  items: [
    { _id: CEMENT, category: 'Cement', description: 'OPC 53, UltraTech or equivalent', quantity: 300, unit: 'bags' },
    { _id: STEEL, category: 'Steel', description: 'Fe 500D TMT 12 mm', quantity: 2, unit: 'tonnes' },
  ],
  pincode: '500032', district: 'K.V.Rangareddy', neededBy: { from: '2026-11-30', to: '2026-12-07' }, floors: 2, notes: 'Gate on the service road.', quoteDays: 3,
  closesAt: '2026-12-01T10:00:00.000Z', createdAt: '2026-11-27T10:00:00.000Z', acceptedQuoteId: null, orderId: null,
  distanceKm: 37.5, declined: false, buyer: null, myQuotes: [], messages: [],
  proposal: {
    served: true, reason: null, freightPaise: 1_136_000, unloadingPaise: 10_000, distanceKm: 37.5, dates: ['2026-11-30', '2026-12-01'],
    products: [
      { itemId: CEMENT, productId: 'p0000000-0000-4000-8000-000000000001', productName: 'Dalmia Cement PPC', pricePaise: 39_000 },
      { itemId: STEEL, productId: 'p0000000-0000-4000-8000-000000000002', productName: 'Kamdhenu Fe 500 TMT', pricePaise: 6_500_000 },
    ],
  },
};

describe('the vendor’s request page', () => {
  it('quotes from the rate card’s proposal, asks a reason when the freight differs, and sends the prices in paise', async () => {
    const api = stubApi((c) => {
      if (c.method === 'GET' && c.path === `/api/vendor/rfqs/${rfq._id}`) return { body: rfq };
      if (c.method === 'POST' && c.path === `/api/vendor/rfqs/${rfq._id}/quotes`) return { status: 201, body: { ...rfq, proposal: undefined, myQuotes: [] } };
      return undefined;
    });
    renderPage(VendorRequest, `/vendor/requests/${rfq._id}`, { pattern: '/vendor/requests/:id' });
    const cement = await screen.findByLabelText(/^Unit price for 300 bags/);
    expect((cement as HTMLInputElement).value).toBe('390.00');
    expect((screen.getByLabelText('Freight (₹)') as HTMLInputElement).value).toBe('11360.00');
    fireEvent.change(cement, { target: { value: '392.5' } });
    fireEvent.change(screen.getByLabelText('Freight (₹)'), { target: { value: '12000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send quote' }));
    expect(await screen.findByText('Please say why the freight differs from what your rate card proposes.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Why the freight differs from your rate card'), { target: { value: 'Narrow lane: two small trucks.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send quote' }));
    await screen.findByText(/^Quote sent: /, { selector: '.toast-body' });
    await waitFor(() => expect(api.to('POST', `/api/vendor/rfqs/${rfq._id}/quotes`)).toHaveLength(1));
    expect(api.to('POST', `/api/vendor/rfqs/${rfq._id}/quotes`)[0]!.body).toEqual({
      items: [{ itemId: CEMENT, unitPricePaise: 39_250 }, { itemId: STEEL, unitPricePaise: 6_500_000 }],
      freightPaise: 1_200_000, freightReason: 'Narrow lane: two small trucks.', unloadingPaise: 10_000, partLoadPaise: 0,
      validHours: 48, paymentTerms: ['online', 'cod'], notes: '', earliestDate: '2026-11-30',
    });
  });
});
