import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import type { Quote, VendorDelivery, VendorQuote } from '@nirmaan/shared/delivery';
import type { VendorMe } from '@nirmaan/shared/vendor-auth';
import { DeliverTo } from '../../src/features/products/components/deliver-to.tsx';
import { Component as DeliveryPage } from '../../src/features/vendor-delivery/routes/vendor-delivery-page.tsx';
import { makeProductDetail } from '../catalogue/fixtures.ts';
import type { I18n } from '@lingui/core';
import { messages as te } from '../../src/locales/te.po';
import { i18nWith } from '../../src/lib/i18n.ts';
import { englishI18n, findToast, renderPage, stubApi } from '../render.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const product = makeProductDetail({ ProductUnit: 'bag' });
const seller = (over: Partial<VendorQuote> = {}): VendorQuote => ({
  vendorId: product.Vendor._id, vendorName: product.Vendor.Business_Name, productIds: [product._id], rule: 'vendor', served: true, reason: null,
  subtotalPaise: 820_000, feePaise: 184_000, distanceKm: 37.5, trips: [{ vehicleClass: 'truck_10t', label: '10-tonne truck', count: 1 }], weightKg: 1_000,
  deliveryDate: '2026-12-01', dates: ['2026-12-01', '2026-12-02', '2026-12-03'], ...over,
});
const quoteOf = (v: VendorQuote, pin = '500032'): Quote => ({
  pincode: { pincode: pin, district: 'K.V.Rangareddy', state: 'Telangana', latitude: 17.13, longitude: 78.41 }, vendors: [v], platformFeePaise: 0, deliveryFeePaise: v.feePaise,
});

function renderBox(quantity = 20, i18n: I18n = englishI18n) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<I18nProvider i18n={i18n}><QueryClientProvider client={client}><DeliverTo product={product} quantity={quantity} /></QueryClientProvider></I18nProvider>);
}

describe('Deliver to (product page)', () => {
  it('prompts for a pincode, quotes the quantity there, remembers it, and says when the seller does not deliver', async () => {
    const api = stubApi((c) => {
      if (c.path !== '/api/delivery/quote') return undefined;
      const pin = (c.body as { pincode: string }).pincode;
      return { body: pin === '400001' ? quoteOf(seller({ served: false, reason: 'Does not deliver to 400001', feePaise: 0, deliveryDate: null, dates: [] }), pin) : quoteOf(seller()) };
    });
    renderBox();
    expect(screen.getByTestId('deliver-to-answer').textContent).toBe('Enter your pincode to see the delivery fee and date.');
    fireEvent.change(screen.getByRole('textbox', { name: 'Deliver to' }), { target: { value: '5000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await screen.findByText('Please enter a 6-digit pincode.');
    expect(api.to('POST', '/api/delivery/quote')).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: 'Deliver to' }), { target: { value: '500032' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await screen.findByText('Delivers to 500032 by Tue, 1 Dec · ₹1,840 for 20 bags');
    expect(api.to('POST', '/api/delivery/quote')[0]!.body).toEqual({ pincode: '500032', items: [{ productId: product._id, quantity: 20 }], floors: 0 });
    expect(localStorage.getItem('nirmaan.pincode')).toBe('500032');

    cleanup();
    renderBox(); // another page on this device: no need to type it again
    await screen.findByText('Delivers to 500032 by Tue, 1 Dec · ₹1,840 for 20 bags');
    fireEvent.change(screen.getByRole('textbox', { name: 'Deliver to' }), { target: { value: '400001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await screen.findByText('Does not deliver to 400001');
  });
});

describe('Deliver to, in Telugu (decision record 050)', () => {
  it('says why the seller does not deliver in Telugu, with the amount as the server wrote it', async () => {
    stubApi((c) => (c.path === '/api/delivery/quote'
      ? { body: quoteOf(seller({ served: false, reason: 'Minimum order for delivery is ₹25,000', feePaise: 0, deliveryDate: null, dates: [] })) }
      : undefined));
    localStorage.setItem('nirmaan.pincode', '500032');
    renderBox(20, i18nWith('te', te));
    expect(await screen.findByText('డెలివరీకి కనీస ఆర్డర్ ₹25,000')).toBeTruthy();
  });
});

const vendor: VendorMe = {
  _id: 'f00dbabe-0000-4000-8000-000000000002', Business_Name: 'Balaji Cement Traders', Owner_name: 'Ravi Teja', kind: 'seller',
  email: 'seller@example.in', phone: '9876543210', city: 'Hyderabad', Category: 'Cement', Profile_Image: null, approved: true,
};
const NONE: VendorDelivery = { settings: null, platform: { feePaise: 30_000, freeFromPaise: 5_000_000 } };

describe('the portal\'s Delivery page', () => {
  it('says the platform\'s flat fee applies, then saves the seller\'s own settings in paise', async () => {
    const api = stubApi((c) => {
      if (c.path !== '/api/vendor/delivery') return undefined;
      if (c.method === 'PUT') return { body: { ...NONE, settings: { ...(c.body as { settings: object }).settings, dispatch: { pincode: '500001', latitude: 17.3862, longitude: 78.462 } } } };
      return { body: NONE };
    });
    renderPage(DeliveryPage, '/vendor/delivery', { context: vendor });
    await screen.findByText('You have no delivery settings: your orders go at the platform’s flat fee (₹300, free from ₹50,000).');
    fireEvent.change(screen.getByLabelText('Dispatch pincode'), { target: { value: '500001' } });
    fireEvent.change(screen.getByLabelText('Radius (km by road)'), { target: { value: '40' } });
    fireEvent.change(screen.getByLabelText('Never deliver to'), { target: { value: '500046, 5001' } });
    fireEvent.change(screen.getByLabelText('Base fare ₹'), { target: { value: '850.50' } });
    fireEvent.change(screen.getByLabelText('Free delivery from ₹'), { target: { value: '75000' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sat' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save delivery settings' }));
    await findToast('Delivery settings saved.');
    const sent = (api.to('PUT', '/api/vendor/delivery')[0]!.body as { settings: Record<string, unknown> }).settings;
    expect(sent).toMatchObject({
      dispatch: { pincode: '500001', latitude: null, longitude: null }, radiusKm: 40,
      areaRules: [{ match: '500046', include: false }, { match: '5001', include: false }],
      vehicles: [{ vehicleClass: 'tempo', capacityKg: 1_000, capacityM3: 3, baseFarePaise: 85_050, includedKm: 10, perKmPaise: 2_500, categories: [] }],
      unloadingPerFloorPaise: 5_000, minimumOrderPaise: 0, freeDeliveryFromPaise: 7_500_000, leadDays: 1, weekdays: [1, 2, 3, 4, 5], cutoff: '14:00',
    });
    await waitFor(() => expect(screen.getByTestId('delivery-rule').textContent).toBe('Customers see your own fees and dates.'));
  });
});
