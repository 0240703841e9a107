import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatPaise, splitPaise } from '@nirmaan/shared/money';
import type { Rfq, RfqQuote } from '@nirmaan/shared/rfqs';
import { QuoteCompare, comparedQuotes } from '../../src/features/rfqs/components/quote-compare.tsx';
import { validityText } from '../../src/lib/rfqs.ts';
import { Component as RequestPage } from '../../src/features/rfqs/routes/rfq-page.tsx';
import { findToast, renderPage, renderUi, stubApi } from '../render.tsx';

vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => localStorage.setItem('userid', 'c0ffee00-0000-4000-8000-000000000001'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const NOW = Date.parse('2026-11-27T10:00:00.000Z');
const HOUR = 3_600_000;
const at = (ms: number) => new Date(NOW + ms).toISOString();
const CEMENT = 'a0000000-0000-4000-8000-000000000001';

/** A quote for 300 bags at `unitPricePaise` a bag, with `freightPaise` on top, from `seller`. */
function quote(n: number, seller: string, unitPricePaise: number, freightPaise: number, over: Partial<RfqQuote> = {}): RfqQuote {
  const material = unitPricePaise * 300;
  const landed = material + freightPaise;
  return {
    _id: `b000000${n}-0000-4000-8000-000000000000`, version: 1, status: 'live',
    vendor: { _id: `v000000${n}-0000-4000-8000-000000000000`, businessName: seller, rating: 4.5, ratingCount: 12, gstinVerified: true },
    items: [{ itemId: CEMENT, productId: 'p1', productName: 'UltraTech OPC 53', quantity: 300, unitPricePaise, materialPaise: material, hsn: '2523', gstRatePercent: 18, taxablePaise: 0, gstPaise: 0, landedPerUnitPaise: Math.round(landed / 300) }],
    freightPaise, freightProposedPaise: freightPaise, freightReason: null, unloadingPaise: 0, partLoadPaise: 0,
    materialPaise: material, gstPaise: Math.round((material * 18) / 118), landedTotalPaise: landed, landedPerUnitPaise: Math.round(landed / 300),
    earliestDate: '2026-11-30', validUntil: at(48 * HOUR), paymentTerms: ['online', 'cod'], notes: '', createdAt: at(-HOUR), ...over,
  };
}

function request(quotes: RfqQuote[], over: Partial<Rfq> = {}): Rfq {
  return {
    _id: 'r0000000-0000-4000-8000-000000000001', state: 'open', collecting: true,
    items: [{ _id: CEMENT, category: 'Cement', description: 'OPC 53, UltraTech or equivalent', quantity: 300, unit: 'bags' }],
    pincode: '500032', district: 'K.V.Rangareddy', neededBy: { from: '2026-11-30', to: '2026-12-07' }, floors: 0, notes: '', quoteDays: 3,
    closesAt: at(72 * HOUR), createdAt: at(-2 * HOUR), acceptedQuoteId: null, orderId: null, sellerCount: 3, quotes, messages: [], ...over,
  };
}

// Cheaper material but dearer freight: the landed total, not the unit price, decides the order.
const dearFreight = quote(1, 'Sri Lakshmi Cement & Steel Traders', 38_000, 900_000); // ₹1,14,000 + ₹9,000 = ₹1,23,000
const cheapLanded = quote(2, 'Deccan Cement Depot', 39_000, 50_050); // ₹1,17,000 + ₹500.50 = ₹1,17,500.50
const superseded = quote(3, 'Deccan Cement Depot', 41_000, 0, { status: 'superseded' });
const closed = quote(4, 'Kukatpally Traders', 30_000, 0, { status: 'closed' });

describe('comparing quotes', () => {
  it('orders the live quotes by landed total, cheapest first, and leaves out superseded and closed ones', () => {
    expect(comparedQuotes([dearFreight, superseded, cheapLanded, closed]).map((q) => q._id)).toEqual([cheapLanded._id, dearFreight._id]);
    const tie = quote(5, 'Later Seller', 39_000, 50_050, { createdAt: at(0) });
    expect(comparedQuotes([tie, cheapLanded]).map((q) => q._id)).toEqual([cheapLanded._id, tie._id]);
  });

  it('counts a quote’s validity down in days, hours and minutes, to Expired', () => {
    expect(validityText(at(2 * 24 * HOUR + 3 * HOUR + 59_000), NOW)).toBe('2 days 3 h left');
    expect(validityText(at(24 * HOUR), NOW)).toBe('1 day left');
    expect(validityText(at(5 * HOUR + 12 * 60_000), NOW)).toBe('5 h 12 min left');
    expect(validityText(at(45 * 60_000 + 30_000), NOW)).toBe('45 min left');
    expect(validityText(at(20_000), NOW)).toBe('1 min left');
    expect(validityText(at(0), NOW)).toBe('Expired');
    expect(validityText(at(-HOUR), NOW)).toBe('Expired');
  });

  it('shows each quote side by side with its landed total and price per bag in rupees, the lowest marked, an expired one not acceptable', () => {
    const expired = quote(6, 'Old Quote Traders', 37_000, 0, { validUntil: at(-60_000), vendor: { _id: 'v6', businessName: 'Old Quote Traders', rating: null, ratingCount: 0, gstinVerified: false } });
    const accepted: RfqQuote[] = [];
    renderUi(<QuoteCompare rfq={request([dearFreight, expired, cheapLanded, superseded])} now={NOW} onAccept={(q) => accepted.push(q)} />);
    const cards = screen.getAllByTestId('rfq-quote');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Old Quote Traders', 'Deccan Cement Depot', 'Sri Lakshmi Cement & Steel Traders']);
    const [old, deccan, lakshmi] = cards as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(deccan).getByTestId('landed-total').textContent).toBe('₹1,17,500.50');
    expect(deccan.textContent).toContain('₹391.67 per bag landed');
    expect(within(deccan).getByText('Lowest landed total')).toBeTruthy();
    expect(within(lakshmi).queryByText('Lowest landed total')).toBeNull();
    expect(within(lakshmi).getByTestId('landed-total').textContent).toBe('₹1,23,000.00');
    expect(lakshmi.textContent).toContain('Freight₹9,000.00');
    expect(within(lakshmi).getByTestId('validity').textContent).toBe('2 days left');
    expect(lakshmi.textContent).toContain('Pay online or Cash on delivery');
    expect(within(lakshmi).getByLabelText('Rated 4.5 of 5 by 12 customers')).toBeTruthy();
    expect(within(lakshmi).getByText('GSTIN verified')).toBeTruthy();

    expect(within(old).getByTestId('validity').textContent).toBe('Expired');
    expect(old.textContent).toContain('No ratings yet');
    expect((within(old).getByRole('button', { name: /^Accept/ }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(deccan).getByRole('button', { name: 'Accept ₹1,17,500.50' }));
    expect(accepted.map((q) => q._id)).toEqual([cheapLanded._id]);
  });
});

describe('the request page', () => {
  it('accepts the chosen quote for cash on delivery with the site’s address, then opens My orders', async () => {
    const rfq = request([dearFreight, cheapLanded]);
    const api = stubApi((c) => {
      if (c.path === '/api/config') return { body: { googleClientId: null, onlinePayment: false } };
      if (c.method === 'GET' && c.path === `/api/rfqs/${rfq._id}`) return { body: rfq };
      if (c.method === 'POST' && c.path === `/api/rfqs/${rfq._id}/quotes/${cheapLanded._id}/accept`) {
        return { status: 201, body: { message: 'Order placed successfully!', orderId: 'o1', orders: [], subtotal: 117_000, deliveryFee: 500.5, total: 117_500.5, payment: null } };
      }
      return undefined;
    });
    const view = renderPage(RequestPage, `/requests/${rfq._id}`, { pattern: '/requests/:id' });
    const deccan = (await screen.findAllByTestId('rfq-quote'))[0]!;
    fireEvent.click(within(deccan).getByRole('button', { name: /^Accept/ }));
    const panel = screen.getByRole('region', { name: /Accept Deccan Cement Depot’s quote of ₹1,17,500.50/ });
    // Online payment is off on this server: cash on delivery is the one way offered.
    await waitFor(() => expect(within(panel).queryByLabelText('Pay online (card, netbanking)')).toBeNull());
    expect((within(panel).getByLabelText('Cash on delivery') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(within(panel).getByRole('button', { name: 'Accept and place order' }));
    expect(await within(panel).findByText('Please enter your address.')).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText('Site address'), { target: { value: 'Plot 12, Gachibowli' } });
    fireEvent.change(within(panel).getByLabelText('City'), { target: { value: 'Hyderabad' } });
    fireEvent.change(within(panel).getByLabelText('State'), { target: { value: 'Telangana' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Accept and place order' }));
    await findToast('Order placed successfully!');
    await waitFor(() => expect(view.location()).toBe('/myorder'));
    expect(api.to('POST', `/api/rfqs/${rfq._id}/quotes/${cheapLanded._id}/accept`).map((c) => c.body)).toEqual([{
      paymentMethod: 'cod', shippingAddress: { fullAddress: 'Plot 12, Gachibowli', city: 'Hyderabad', state: 'Telangana', pincode: '500032' },
    }]);
  });
});

describe('counter-offers', () => {
  it('proposes a landed total in paise to the quote\'s seller, shows the thread, and offers to agree to the seller\'s own figure', async () => {
    const rfq = request([cheapLanded]);
    const countered: Rfq = {
      ...rfq,
      messages: [
        { _id: 'm1', vendorId: cheapLanded.vendor._id, author: 'buyer', kind: 'counter', quoteId: cheapLanded._id, proposedTotalPaise: 11_500_000, proposedUnitPaise: null, itemId: null, body: 'Another dealer is cheaper.', createdAt: at(0) },
        { _id: 'm2', vendorId: cheapLanded.vendor._id, author: 'seller', kind: 'countered', quoteId: cheapLanded._id, proposedTotalPaise: 11_600_000, proposedUnitPaise: null, itemId: null, body: '', createdAt: at(60_000) },
      ],
    };
    let current = rfq;
    const api = stubApi((c) => {
      if (c.method === 'GET' && c.path === `/api/rfqs/${rfq._id}`) return { body: current };
      if (c.method === 'POST' && c.path === `/api/rfqs/${rfq._id}/counter`) {
        current = countered;
        return { body: countered };
      }
      return undefined;
    });
    renderPage(RequestPage, `/requests/${rfq._id}`, { pattern: '/requests/:id' });
    const card = await screen.findByRole('article', { name: 'Quote from Deccan Cement Depot' });
    fireEvent.click(within(card).getByRole('button', { name: 'Make a counter-offer' }));
    fireEvent.change(within(card).getByLabelText('Your landed total (₹)'), { target: { value: 'about 1 lakh' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send counter-offer' }));
    expect(await within(card).findByText('Please enter an amount in rupees, like 1250 or 1250.50.')).toBeTruthy();
    expect(api.to('POST', `/api/rfqs/${rfq._id}/counter`)).toHaveLength(0);
    fireEvent.change(within(card).getByLabelText('Your landed total (₹)'), { target: { value: '115000' } });
    fireEvent.change(within(card).getByLabelText('Message to the seller (optional)'), { target: { value: 'Another dealer is cheaper.' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send counter-offer' }));
    await findToast('Your counter-offer is sent to Deccan Cement Depot.');
    expect(api.to('POST', `/api/rfqs/${rfq._id}/counter`)[0]!.body).toEqual({ quoteId: cheapLanded._id, totalPaise: 11_500_000, message: 'Another dealer is cheaper.' });
    const thread = await within(card).findByRole('list', { name: 'Counter-offers with Deccan Cement Depot' });
    expect(within(thread).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual([
      'You proposed ₹1,15,000.00 landed.', 'Deccan Cement Depot answered with ₹1,16,000.00 landed.',
    ]);
    fireEvent.click(within(card).getByRole('button', { name: 'Agree to ₹1,16,000.00' }));
    await waitFor(() => expect(api.to('POST', `/api/rfqs/${rfq._id}/counter`)).toHaveLength(2));
    expect(api.to('POST', `/api/rfqs/${rfq._id}/counter`)[1]!.body).toEqual({ quoteId: cheapLanded._id, totalPaise: 11_600_000, message: '' });
  });
});

describe('a split across sellers', () => {
  it('picks, for each item, the quote with the lowest landed price per unit, totals it as the server shares the charges, and accepts it through accept-split', async () => {
    const STEEL = 'a0000000-0000-4000-8000-000000000002';
    const steelLine = (unitPricePaise: number, landedPerUnitPaise: number) => ({
      itemId: STEEL, productId: 'p2', productName: 'TMT 12 mm', quantity: 2, unitPricePaise, materialPaise: unitPricePaise * 2, hsn: '7214', gstRatePercent: 18, taxablePaise: 0, gstPaise: 0, landedPerUnitPaise,
    });
    // Deccan: cheaper cement landed; Lakshmi: cheaper steel landed.
    const deccan = quote(1, 'Deccan Cement Depot', 37_000, 100_000);
    const lakshmi = quote(2, 'Sri Lakshmi Cement & Steel Traders', 39_000, 100_000);
    deccan.items.push(steelLine(6_500_000, 6_520_000));
    lakshmi.items.push(steelLine(6_100_000, 6_120_000));
    const rfq = request([deccan, lakshmi], { items: [
      { _id: CEMENT, category: 'Cement', description: 'OPC 53, UltraTech or equivalent', quantity: 300, unit: 'bags' },
      { _id: STEEL, category: 'Steel', description: 'Fe 500D TMT 12 mm', quantity: 2, unit: 'tonnes' },
    ] });
    const api = stubApi((c) => {
      if (c.method === 'GET' && c.path === `/api/rfqs/${rfq._id}`) return { body: rfq };
      if (c.method === 'POST' && c.path === `/api/rfqs/${rfq._id}/accept-split`) {
        return { status: 201, body: { message: 'Order placed successfully!', orderId: 'o1', orders: [], subtotal: 0, deliveryFee: 0, total: 0, payment: null } };
      }
      return undefined;
    });
    renderPage(RequestPage, `/requests/${rfq._id}`, { pattern: '/requests/:id' });
    const section = await screen.findByRole('region', { name: 'Buy each item from a different seller' });
    const [cement, steel] = within(section).getAllByRole('combobox') as HTMLSelectElement[];
    expect(cement!.value).toBe(deccan._id);
    expect(steel!.value).toBe(lakshmi._id);
    // Each quote's charges shared by line totals, as the server shares them: Deccan's cement and Lakshmi's steel.
    const share = (q: RfqQuote, k: number) => splitPaise(100_000, q.items.map((i) => i.materialPaise))[k]!;
    const expected = 37_000 * 300 + share(deccan, 0) + 6_100_000 * 2 + share(lakshmi, 1);
    expect(within(section).getByTestId('split-total').textContent).toMatch(/^₹[0-9,.]+ landed from 2 sellers$/);
    expect(within(section).getByTestId('split-total').textContent).toBe(`${formatPaise(expected)} landed from 2 sellers`);
    fireEvent.click(within(section).getByRole('button', { name: 'Accept the split' }));
    const panel = await screen.findByRole('region', { name: /^Accept the split across 2 sellers: / });
    fireEvent.change(within(panel).getByLabelText('Site address'), { target: { value: 'Plot 21, Financial District' } });
    fireEvent.change(within(panel).getByLabelText('City'), { target: { value: 'Hyderabad' } });
    fireEvent.change(within(panel).getByLabelText('State'), { target: { value: 'Telangana' } });
    fireEvent.click(within(panel).getByLabelText('Cash on delivery'));
    fireEvent.click(within(panel).getByRole('button', { name: 'Accept and place order' }));
    await waitFor(() => expect(api.to('POST', `/api/rfqs/${rfq._id}/accept-split`)).toHaveLength(1));
    expect(api.to('POST', `/api/rfqs/${rfq._id}/accept-split`)[0]!.body).toMatchObject({
      paymentMethod: 'cod', picks: [{ itemId: CEMENT, quoteId: deccan._id }, { itemId: STEEL, quoteId: lakshmi._id }],
    });
  });
});
