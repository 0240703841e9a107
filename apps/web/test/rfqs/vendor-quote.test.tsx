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
const P1 = 'p0000000-0000-4000-8000-000000000001';
const P2 = 'p0000000-0000-4000-8000-000000000002';
const P3 = 'p0000000-0000-4000-8000-000000000003';
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
      // Each item sold as the product the server proposed (the cheapest with the quantity in stock).
      items: [{ itemId: CEMENT, unitPricePaise: 39_250, productId: P1 }, { itemId: STEEL, unitPricePaise: 6_500_000, productId: P2 }],
      freightPaise: 1_200_000, freightReason: 'Narrow lane: two small trucks.', unloadingPaise: 10_000, partLoadPaise: 0,
      validHours: 48, paymentTerms: ['online', 'cod'], notes: '', earliestDate: '2026-11-30',
    });
  });
});

describe('Sold as', () => {
  it('lists the seller\'s products of each item\'s category with their tax class and stock, marks an out-of-stock one, and sends the chosen product', async () => {
    const withChoices: VendorRfq = {
      ...rfq,
      proposal: {
        ...rfq.proposal!,
        choices: [
          { itemId: CEMENT, products: [{ productId: P1, name: 'Dalmia Cement PPC', unit: 'bag', pricePaise: 39_000, stock: 2_000, hsn: '2523', gstRatePercent: 18 }] },
          { itemId: STEEL, products: [
            { productId: P3, name: 'Vizag TMT 12 mm', unit: 'tonne', pricePaise: 6_200_000, stock: 0, hsn: '7214', gstRatePercent: 18 },
            { productId: P2, name: 'Kamdhenu Fe 500 TMT', unit: 'tonne', pricePaise: 6_500_000, stock: 1, hsn: '7214', gstRatePercent: 18 },
          ] },
        ],
      },
    };
    const api = stubApi((c) => {
      if (c.method === 'GET' && c.path === `/api/vendor/rfqs/${rfq._id}`) return { body: withChoices };
      if (c.method === 'POST' && c.path === `/api/vendor/rfqs/${rfq._id}/quotes`) return { status: 201, body: { ...rfq, proposal: undefined, myQuotes: [] } };
      return undefined;
    });
    renderPage(VendorRequest, `/vendor/requests/${rfq._id}`, { pattern: '/vendor/requests/:id' });
    const [, steel] = await screen.findAllByLabelText('Sold as') as HTMLSelectElement[];
    expect(steel!.value).toBe(P2);
    expect([...steel!.options].map((o) => o.textContent)).toEqual([
      'Vizag TMT 12 mm · ₹62,000.00 / tonne · HSN 7214, GST 18% · out of stock',
      'Kamdhenu Fe 500 TMT · ₹65,000.00 / tonne · HSN 7214, GST 18% · only 1 in stock',
    ]);
    fireEvent.change(steel!, { target: { value: P3 } });
    fireEvent.click(screen.getByRole('button', { name: 'Send quote' }));
    await waitFor(() => expect(api.to('POST', `/api/vendor/rfqs/${rfq._id}/quotes`)).toHaveLength(1));
    expect((api.to('POST', `/api/vendor/rfqs/${rfq._id}/quotes`)[0]!.body as { items: unknown[] }).items[1]).toEqual({ itemId: STEEL, unitPricePaise: 6_500_000, productId: P3 });
  });
});

describe('answering a counter-offer', () => {
  it('shows the buyer\'s figure against the live quote, and counters with the seller\'s own total in paise', async () => {
    const live = {
      _id: 'q0000000-0000-4000-8000-000000000001', version: 1, status: 'live' as const,
      vendor: { _id: 'v1', businessName: 'Golconda Cement Agencies', rating: null, ratingCount: 0, gstinVerified: true },
      items: [], freightPaise: 1_136_000, freightProposedPaise: 1_136_000, freightReason: null, unloadingPaise: 10_000, partLoadPaise: 0,
      materialPaise: 24_560_000, gstPaise: 0, landedTotalPaise: 24_706_000, landedPerUnitPaise: null, earliestDate: '2026-11-30',
      validUntil: '2030-01-01T00:00:00.000Z', paymentTerms: ['online' as const], notes: '', createdAt: '2026-11-27T10:00:00.000Z',
    };
    const withCounter: VendorRfq = {
      ...rfq, myQuotes: [live],
      messages: [{ _id: 'm1', vendorId: 'v1', author: 'buyer', kind: 'counter', quoteId: live._id, proposedTotalPaise: 24_506_000, proposedUnitPaise: null, itemId: null, body: 'Another dealer is cheaper.', createdAt: '2026-11-27T11:00:00.000Z' }],
    };
    const api = stubApi((c) => {
      if (c.method === 'GET' && c.path === `/api/vendor/rfqs/${rfq._id}`) return { body: withCounter };
      if (c.method === 'POST' && c.path === `/api/vendor/rfqs/${rfq._id}/counter-answer`) return { body: { ...withCounter, proposal: undefined } };
      return undefined;
    });
    renderPage(VendorRequest, `/vendor/requests/${rfq._id}`, { pattern: '/vendor/requests/:id' });
    const answer = await screen.findByRole('group', { name: "The buyer's counter-offer" });
    expect(answer.textContent).toContain('The buyer asks for ₹2,45,060.00 landed; your quote is ₹2,47,060.00.');
    expect(screen.getByRole('list', { name: 'Counter-offers with the buyer' }).textContent).toContain('“Another dealer is cheaper.”');
    fireEvent.click(screen.getByRole('button', { name: 'Counter with my total' }));
    fireEvent.change(screen.getByLabelText('Your landed total (₹)'), { target: { value: '246060' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send my total' }));
    await screen.findByText('Your total is sent to the buyer.', { selector: '.toast-body' });
    expect(api.to('POST', `/api/vendor/rfqs/${rfq._id}/counter-answer`)[0]!.body).toEqual({ answer: 'counter', totalPaise: 24_606_000, message: '' });
  });
});
