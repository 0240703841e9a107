import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInThroughApi } from './support/accounts.ts';
import { WAIT, shown } from './support/journey.ts';
import type { RunningServer } from './support/server.ts';
import { openStage, type Stage } from './support/stage.ts';

/**
 * The vendor portal in Marathi (issue 33): the demo seller logs in, switches to मराठी in the portal's header and
 * reads the dashboard, the products and the orders in Marathi, money with Indian grouping and Latin digits.
 */
let stage: Stage;
let server: RunningServer;
let vendor: Page;
let customer: Page;

/** Devanagari digits (०–९): Marathi's own locale writes them, Indian commerce writes Latin ones. */
const DEVANAGARI_DIGITS = /[\u0966-\u096F]/;
const path = (p: Page) => new URL(p.url()).pathname;

beforeAll(async () => {
  stage = await openStage();
  server = stage.server;
  vendor = await stage.page();
  customer = await stage.page();
  await logInThroughApi(customer, server.url, 'asha@demo.nirmaan.in', 'Demo@12345');
}, 300_000);

afterAll(async () => {
  await stage?.close();
});

describe('the vendor portal in Marathi', () => {
  it('a seller switches to मराठी and sees the dashboard, products and orders in Marathi, money in lakhs with Latin digits', { timeout: 240_000 }, async () => {
    await vendor.goto('/vendor/login');
    await vendor.getByLabel('Business email').fill('seller@demo.nirmaan.in');
    await vendor.getByLabel('Password', { exact: true }).fill('Demo@12345');
    await vendor.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => path(vendor), { timeout: WAIT }).toBe('/vendor');
    const me = (await (await vendor.request.get(`${server.url}/api/vendor/me`)).json()) as { _id: string; Owner_name: string };

    // A customer orders more than a lakh's worth of one of the seller's products (checkout is cart-orders.test.ts's).
    const mine = (await (await vendor.request.get(`${server.url}/api/vendor/products`)).json()) as { _id: string; ProductName: string; ProductPrice: number; Stock: number }[];
    const big = mine.map((p) => ({ ...p, quantity: Math.ceil(100_000 / p.ProductPrice) })).filter((p) => p.quantity <= p.Stock).sort((a, b) => a.quantity - b.quantity)[0];
    expect(big, 'a product of which a lakh’s worth is in stock').toBeDefined();
    const profile = (await (await customer.request.get(`${server.url}/api/session`)).json()) as { user: { _id: string; Full_Name: string } };
    const placed = await customer.request.post(`${server.url}/ordercart`, {
      headers: { origin: server.url },
      data: { paymentMethod: 'cod', orders: [{
        productId: big!._id, quantity: big!.quantity, customerId: profile.user._id, customerName: profile.user.Full_Name, phone: '9876543210',
        email: 'asha@demo.nirmaan.in', shippingAddress: { fullAddress: '8-2-293, Road No. 36, Jubilee Hills', city: 'Hyderabad', pincode: '500033', state: 'Telangana' },
      }] },
    });
    expect(placed.status(), await placed.text()).toBe(201);

    // The header's switcher keeps the page and puts it in Marathi.
    await vendor.locator('.lang-switch > summary').click();
    await vendor.locator('.lang-switch').getByRole('link', { name: 'मराठी' }).click();
    await expect.poll(() => path(vendor), { timeout: WAIT }).toBe('/mr/vendor');
    expect(await vendor.getAttribute('html', 'lang')).toBe('mr-IN');
    await shown(vendor.getByRole('heading', { level: 1, name: `नमस्कार, ${me.Owner_name}` }));
    const figures = vendor.getByTestId('dashboard-figures');
    for (const label of ['नवीन ऑर्डर', 'आगामी बुकिंग', 'न वाचलेले मेसेज', 'या महिन्याची विक्री', 'प्रॉडक्ट व्ह्यूज']) await shown(figures.getByText(label, { exact: true }));
    await shown(vendor.getByRole('heading', { level: 2, name: 'अलीकडील ऑर्डर' }));
    await shown(vendor.getByRole('heading', { level: 2, name: 'सर्वाधिक पाहिलेले प्रॉडक्ट' }));
    expect(await figures.textContent()).toMatch(/₹[\d,]+/);
    expect(await vendor.locator('main').textContent()).not.toMatch(DEVANAGARI_DIGITS);

    // The portal's links keep the language.
    const nav = vendor.getByRole('navigation', { name: 'व्हेंडर पोर्टल' });
    await nav.getByRole('link', { name: 'प्रॉडक्ट', exact: true }).click();
    await expect.poll(() => path(vendor), { timeout: WAIT }).toBe('/mr/vendor/products');
    await shown(vendor.getByRole('heading', { level: 1, name: 'प्रॉडक्ट' }));
    await shown(vendor.getByRole('link', { name: 'प्रॉडक्ट जोडा' }));
    const row = vendor.getByTestId('vendor-product').filter({ hasText: big!.ProductName }).first();
    await shown(row.getByText(/^स्टॉक: \d+$/));
    await shown(row.getByRole('link', { name: `${big!.ProductName} बदला` }));
    expect(await row.textContent()).not.toMatch(DEVANAGARI_DIGITS);

    await nav.getByRole('link', { name: 'ऑर्डर', exact: true }).click();
    await expect.poll(() => path(vendor), { timeout: WAIT }).toBe('/mr/vendor/orders');
    await shown(vendor.getByRole('heading', { level: 1, name: 'ऑर्डर' }));
    const line = vendor.getByTestId('vendor-order-line').filter({ hasText: `${big!.ProductName} × ${big!.quantity}` }).first();
    await shown(line);
    const text = (await line.textContent())!;
    // More than a lakh, written ₹1,23,456 (Indian grouping), in Latin digits.
    expect(text).toMatch(/₹\d{1,2},\d{2},\d{3}/);
    expect(text).not.toMatch(DEVANAGARI_DIGITS);
    expect(text).toContain('पेमेंट बाकी');
    expect(text).toContain('रोजी ऑर्डर झाली');
    await shown(line.getByText('प्रलंबित', { exact: true }));
    await shown(line.getByRole('button', { name: 'पाठवले नोंदवा' }));
    await shown(line.getByRole('button', { name: 'रद्द करा' }));
  });
});
