import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { expectToast, logInThroughApi, reach } from './support/accounts.ts';
import { WAIT, shown } from './support/journey.ts';
import type { RunningServer } from './support/server.ts';
import { openStage, type Stage } from './support/stage.ts';

/**
 * In a real browser, two contexts at once: the demo seller adds a product with an uploaded photo, a
 * customer finds it with the header search and orders it cash on delivery, the seller ships it, and the
 * customer's My orders shows Shipped.
 */
let stage: Stage;
let server: RunningServer;
let vendor: Page;
let customer: Page;

beforeAll(async () => {
  stage = await openStage();
  ({ server } = stage);
  vendor = await stage.page();
  customer = await stage.page();
  await logInThroughApi(customer, server.url, 'asha@demo.nirmaan.in', 'Demo@12345');
  const login = await vendor.request.post(`${server.url}/api/vendor/login`, { data: { email: 'seller@demo.nirmaan.in', password: 'Demo@12345' } });
  expect(login.status(), await login.text()).toBe(200);
}, 300_000);

afterAll(async () => {
  await stage?.close();
});

const NAME = 'Zephyrwood Teak Main Door';

describe('a seller’s new product, from the portal to a customer’s order', () => {
  it('is added with a photo, found by search, ordered, shipped, and shown Shipped', { timeout: 240_000 }, async () => {
    await vendor.goto('/vendor');
    await vendor.getByRole('navigation', { name: 'Vendor portal' }).getByRole('link', { name: 'Products' }).click();
    await reach(vendor, '/vendor/products');
    await vendor.getByRole('link', { name: 'Add product' }).click();
    await reach(vendor, '/vendor/products/new');

    await vendor.getByLabel('Product name').fill(NAME);
    await vendor.getByLabel('Brand').fill('Zephyrwood');
    await vendor.getByLabel('Category').selectOption('Doors');
    await vendor.getByLabel('Location').selectOption('Hyderabad');
    await vendor.getByLabel('Price (₹)').fill('18500');
    await vendor.getByLabel('MRP (₹, optional)').fill('21000');
    await vendor.getByLabel('Unit').fill('door');
    await vendor.getByLabel('Stock').fill('4');
    await vendor.getByLabel('Description').fill('Solid Burma teak main door, 7 × 3.5 ft, polished.');
    const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: { r: 120, g: 72, b: 30 } } }).jpeg().toBuffer();
    await vendor.getByLabel('Add images').setInputFiles({ name: 'teak-door.jpg', mimeType: 'image/jpeg', buffer: photo });
    const preview = await shown(vendor.getByAltText('Product image 1'));
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: WAIT }).toBeGreaterThan(0);
    await screenshot(vendor, 'vendor-product-form-desktop');
    await vendor.getByRole('button', { name: 'Add product' }).click();
    await expectToast(vendor, `${NAME} added.`, 'success');
    await reach(vendor, '/vendor/products');
    const row = vendor.getByTestId('vendor-product').filter({ hasText: NAME });
    await shown(row);
    expect(await row.textContent()).toContain('Stock: 4');
    await screenshot(vendor, 'vendor-products-desktop');

    // The customer searches from the header, opens the product and orders it, cash on delivery.
    await customer.goto('/about');
    const search = await shown(customer.getByRole('combobox', { name: 'Search materials' }));
    await search.fill('zephyrwood');
    await search.press('Enter');
    await customer.waitForURL((url) => url.pathname === '/product' && url.search === '?search=zephyrwood', { timeout: WAIT });
    await customer.getByRole('region', { name: 'Products' }).getByRole('link', { name: new RegExp(NAME) }).first().click();
    await shown(customer.getByRole('heading', { level: 1, name: NAME }));
    const image = customer.locator('main img[src^="/uploads/"]').first();
    await shown(image);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: WAIT }).toBeGreaterThan(0);
    await customer.getByRole('button', { name: 'Add to Cart' }).click();
    await expectToast(customer, 'Product added to cart!', 'success');
    await customer.goto('/Cart/order');
    await expect.poll(() => customer.getByLabel('Full name', { exact: true }).inputValue(), { timeout: WAIT }).not.toBe('');
    await customer.getByLabel('Phone', { exact: true }).fill('9876543210');
    await customer.getByLabel('Address', { exact: true }).fill('8-2-293, Road No. 36, Jubilee Hills');
    await customer.getByLabel('City', { exact: true }).fill('Hyderabad');
    await customer.getByLabel('State', { exact: true }).fill('Telangana');
    await customer.getByLabel('Pincode', { exact: true }).fill('500033');
    // The pincode's delivery dates appear above the payment choice (decision record 034): once there, nothing moves.
    await shown(customer.getByRole('heading', { name: 'Delivery dates' }));
    await customer.getByLabel('Cash on delivery').check();
    await customer.getByRole('button', { name: 'Place Order' }).click();
    await expectToast(customer, 'Order placed successfully!', 'success');
    await reach(customer, '/myorder');

    // The seller sees the line, and its stock went down by the one ordered.
    await vendor.goto('/vendor/products');
    await shown(vendor.getByTestId('vendor-product').filter({ hasText: NAME }).filter({ hasText: 'Stock: 3' }));
    await vendor.getByRole('navigation', { name: 'Vendor portal' }).getByRole('link', { name: 'Orders' }).click();
    const line = vendor.getByTestId('vendor-order-line').filter({ hasText: `${NAME} × 1` }).first();
    await shown(line);
    await line.getByRole('button', { name: 'Mark Shipped' }).click();
    await expectToast(vendor, `${NAME} marked Shipped.`, 'success');

    await customer.goto('/myorder');
    const card = customer.getByRole('list', { name: 'Product orders' }).getByRole('listitem').filter({ hasText: NAME }).first();
    await shown(card);
    await shown(card.getByText('Shipped', { exact: true }));
    await screenshot(customer, 'my-orders-vendor-product-shipped-desktop');
  });
});
