import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorDeliverySettings } from '../src/db/schema/index.ts';
import type { DeliverySettings } from '@nirmaan/shared/delivery';
import { HYDERABAD_DELIVERY } from './support/delivery.ts';
import { deliveryDates, tripFeePaise } from '../src/modules/delivery/quote.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { createProduct } from './support/factories.ts';
import { caller, loggedInCustomer, loggedInVendor, type VendorWho } from './support/http.ts';

/** Delivery's calls (decision record 034): PIN codes, a seller's delivery settings, quotes, and checkout with them. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
const call = caller(() => t);

describe('GET /api/pincodes/{pin}', () => {
  it("answers a PIN's district, state and centroid, and a 404 naming an unknown one", async () => {
    const found = await call(null, 'GET', '/api/pincodes/500032');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ pincode: '500032', district: 'K.V.Rangareddy', state: 'Telangana', latitude: expect.closeTo(17.13, 1), longitude: expect.closeTo(78.41, 1) });
    expect((await call(null, 'GET', '/api/pincodes/400001')).json()).toMatchObject({ district: 'Mumbai', state: 'Maharashtra' });
    const unknown = await call(null, 'GET', '/api/pincodes/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('We could not find the pincode 999999. Please check it and try again.');
    const bad = await call(null, 'GET', '/api/pincodes/5000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/6-digit pincode/);
  });
});

async function sellerWithDelivery(settings: DeliverySettings | null = HYDERABAD_DELIVERY) {
  const seller = await loggedInVendor(t, { kind: 'seller', approvedAt: new Date() });
  if (settings) expect((await call(seller, 'PUT', '/api/vendor/delivery', { settings })).statusCode).toBe(200);
  return seller;
}
const cementOf = (seller: VendorWho, price = 400) => createProduct(t.db, { vendorId: seller.id, category: 'Cement', unit: 'bag', price, weightKg: 50, volumeM3: 0.035 });

describe('a seller\'s delivery settings (/api/vendor/delivery)', () => {
  it('starts with none (the platform\'s flat ₹300, free from ₹50,000), stores them whole, and goes back to none', async () => {
    const seller = await sellerWithDelivery(null);
    expect((await call(seller, 'GET', '/api/vendor/delivery')).json()).toEqual({ settings: null, platform: { feePaise: 30_000, freeFromPaise: 5_000_000 } });
    const saved = await call(seller, 'PUT', '/api/vendor/delivery', { settings: HYDERABAD_DELIVERY });
    expect(saved.statusCode).toBe(200);
    // The dispatch PIN is kept with its centroid, the point quotes measure from.
    const expected = { ...HYDERABAD_DELIVERY, dispatch: { pincode: '500001', latitude: 17.3862, longitude: 78.462 } };
    expect(saved.json().settings).toEqual(expected);
    expect((await call(seller, 'GET', '/api/vendor/delivery')).json().settings).toEqual(expected);
    expect((await call(seller, 'PUT', '/api/vendor/delivery', { settings: null })).json().settings).toBeNull();
  });

  it('40 racing saves leave one whole set of settings, never a mix of two', async () => {
    const seller = await sellerWithDelivery(null);
    const saves = await Promise.all(Array.from({ length: 40 }, (_, i) => call(seller, 'PUT', '/api/vendor/delivery', {
      settings: { ...HYDERABAD_DELIVERY, radiusKm: i + 1, leadDays: i % 10, cutoff: `1${i % 10}:00` },
    })));
    expect(saves.map((r) => r.statusCode)).toEqual(Array.from({ length: 40 }, () => 200));
    const rows = await t.db.select().from(vendorDeliverySettings).where(eq(vendorDeliverySettings.vendorId, seller.id));
    expect(rows).toHaveLength(1);
    const i = rows[0]!.radiusKm! - 1;
    expect([rows[0]!.leadDays, rows[0]!.cutoff]).toEqual([i % 10, `1${i % 10}:00`]);
  });

  it('refuses an unknown dispatch PIN, a bad cut-off, no vehicle and no area, and anyone but a seller', async () => {
    const seller = await sellerWithDelivery(null);
    const put = (settings: object) => call(seller, 'PUT', '/api/vendor/delivery', { settings: { ...HYDERABAD_DELIVERY, ...settings } });
    const unknown = await put({ dispatch: { pincode: '999999', latitude: null, longitude: null } });
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'We could not find the pincode 999999. Please check it and try again.']);
    expect((await put({ cutoff: '25:00' })).json().message).toMatch(/cut-off is a time/);
    expect((await put({ vehicles: [] })).json().message).toMatch(/at least one vehicle/);
    expect((await put({ radiusKm: null, areaRules: [] })).json().message).toMatch(/radius or at least one served pincode/);
    const professional = await loggedInVendor(t, { kind: 'professional' });
    expect((await call(professional, 'PUT', '/api/vendor/delivery', { settings: HYDERABAD_DELIVERY })).statusCode).toBe(403);
    const customer = await loggedInCustomer(t);
    expect((await call(customer, 'GET', '/api/vendor/delivery')).statusCode).toBe(403);
    expect((await call(seller, 'GET', '/api/vendor/delivery')).json().settings).toBeNull();
  });
});

describe('POST /api/delivery/quote', () => {
  it('quotes a served PIN with vehicles, fee and date, refuses an unserved one with its reason, and 404s an unknown PIN', async () => {
    const seller = await sellerWithDelivery();
    const cement = await cementOf(seller);
    const served = await call(null, 'POST', '/api/delivery/quote', { pincode: '500032', items: [{ productId: cement.id, quantity: 200 }], floors: 2 });
    expect(served.statusCode).toBe(200);
    const truck = HYDERABAD_DELIVERY.vehicles[2]!;
    const fee = tripFeePaise(truck, 37.5) + 2 * 5_000;
    expect(served.json()).toMatchObject({
      pincode: { pincode: '500032', district: 'K.V.Rangareddy' }, platformFeePaise: 0, deliveryFeePaise: fee,
      vendors: [{
        vendorId: seller.id, rule: 'vendor', served: true, reason: null, subtotalPaise: 8_000_000, feePaise: fee, distanceKm: 37.5, weightKg: 10_000,
        trips: [{ vehicleClass: 'truck_10t', label: '10-tonne truck', count: 1 }], deliveryDate: deliveryDates(new Date(), HYDERABAD_DELIVERY)[0],
      }],
    });
    const mumbai = (await call(null, 'POST', '/api/delivery/quote', { pincode: '400001', items: [{ productId: cement.id, quantity: 10 }] })).json();
    expect(mumbai.vendors[0]).toMatchObject({ served: false, reason: 'Does not deliver to 400001', feePaise: 0, deliveryDate: null, dates: [] });
    expect(mumbai.deliveryFeePaise).toBe(0);
    const excluded = (await call(null, 'POST', '/api/delivery/quote', { pincode: '500046', items: [{ productId: cement.id, quantity: 10 }] })).json();
    expect(excluded.vendors[0]).toMatchObject({ served: false, reason: 'Does not deliver to 500046' });
    const unknown = await call(null, 'POST', '/api/delivery/quote', { pincode: '999999', items: [{ productId: cement.id, quantity: 1 }] });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'We could not find the pincode 999999. Please check it and try again.']);
  });

  it('keeps the platform\'s flat ₹300 for a seller without settings, once per cart and free from ₹50,000, beside a seller\'s own fee', async () => {
    const plain = await sellerWithDelivery(null);
    const own = await sellerWithDelivery();
    const [a, b, c] = [await cementOf(plain), await cementOf(plain), await cementOf(own)];
    const small = (await call(null, 'POST', '/api/delivery/quote', { pincode: '400001', items: [{ productId: a.id, quantity: 2 }, { productId: b.id, quantity: 3 }] })).json();
    expect(small).toMatchObject({ platformFeePaise: 30_000, deliveryFeePaise: 30_000, vendors: [{ vendorId: plain.id, rule: 'platform', served: true, feePaise: 0, subtotalPaise: 200_000 }] });
    expect(small.vendors[0].deliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const large = (await call(null, 'POST', '/api/delivery/quote', { pincode: '500032', items: [{ productId: a.id, quantity: 125 }, { productId: c.id, quantity: 10 }] })).json();
    const ownFee = tripFeePaise(HYDERABAD_DELIVERY.vehicles[0]!, 37.5);
    expect(large).toMatchObject({ platformFeePaise: 0, deliveryFeePaise: ownFee });
    expect(large.vendors.map((v: { rule: string; feePaise: number }) => [v.rule, v.feePaise]).sort()).toEqual([['platform', 0], ['vendor', ownFee]]);
  });
});

describe('weight and volume per unit (vendor portal products)', () => {
  it("shows a product's own figures or its category's usual ones, and the seller changes them", async () => {
    const seller = await sellerWithDelivery(null);
    const plain = await createProduct(t.db, { vendorId: seller.id, category: 'Bricks', unit: 'piece' });
    const mine = (await call(seller, 'GET', '/api/vendor/products')).json().find((p: { _id: string }) => p._id === plain.id);
    expect(mine).toMatchObject({ ProductWeightKg: 3.5, ProductVolumeM3: 0.0019 });
    const changed = await call(seller, 'PATCH', `/api/vendor/products/${plain.id}`, { ProductWeightKg: 12, ProductVolumeM3: 0.015 });
    expect(changed.json()).toMatchObject({ ProductWeightKg: 12, ProductVolumeM3: 0.015 });
    expect((await call(seller, 'PATCH', `/api/vendor/products/${plain.id}`, { ProductWeightKg: 0 })).json().message).toMatch(/more than 0 kg/);
  });
});
