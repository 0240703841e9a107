import { createServer, type Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.ts';
import { expectToast, logInThroughApi, reach } from './support/accounts.ts';
import { WAIT, openVisit, shown, type Visit } from './support/journey.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * In a real browser: two sellers' products → cart → quantity → remove → checkout with Locate Me (Chromium's
 * geolocation and a local Nominatim-compatible geocoder, as GEOCODER_URL points production at one) → the order in
 * My orders → cancel through the modal → the Cancelled filter; then a product review and its new average.
 */
let geocoder: Server;
let server: RunningServer;
let browser: Browser;
let visit: Visit;
let page: Page;

beforeAll(async () => {
  geocoder = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({
      lat: url.searchParams.get('lat'), lon: url.searchParams.get('lon'), display_name: '8-2-293, Road No. 36, Jubilee Hills, Hyderabad, Telangana, 500033, India',
      address: { house_number: '8-2-293', road: 'Road No. 36', suburb: 'Jubilee Hills', city: 'Hyderabad', state: 'Telangana', postcode: '500033', country: 'India' },
    }));
  });
  await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
  server = await startServer({ GEOCODER_URL: `http://127.0.0.1:${(geocoder.address() as { port: number }).port}` });
  browser = await launchBrowser();
  visit = await openVisit(browser, undefined, { baseUrl: server.url });
  await visit.context.grantPermissions(['geolocation'], { origin: server.url });
  await visit.context.setGeolocation({ latitude: 17.4326, longitude: 78.4071 });
  page = await visit.context.newPage();
  // Logged in through the API, as a person who logged in earlier would be.
  await logInThroughApi(page, server.url, 'asha@demo.nirmaan.in', 'Demo@12345');
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  geocoder?.close();
});

interface Listed { _id: string; ProductName: string; Vendor: { _id: string } }

describe('cart, checkout and my orders', () => {
  it('buys from two sellers, changes and removes, checks out with Locate Me, and cancels from My orders', { timeout: 240_000 }, async () => {
    const cement = (await (await page.request.get(`${server.url}/fetch?category=Cement`, { headers: { accept: 'application/json' } })).json()) as Listed[];
    const first = cement[0]!;
    // Another seller's other product: the cart names its lines by product, and two dealers may sell one brand.
    const second = cement.find((p) => p.Vendor._id !== first.Vendor._id && p.ProductName !== first.ProductName)!;
    expect(second, 'two sellers of cement in the demo catalogue').toBeDefined();

    for (const product of [first, second]) {
      await page.goto(`/product/${product._id}`);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expectToast(page, 'Product added to cart!', 'success');
    }
    await expect.poll(() => page.locator('header .badge').first().textContent(), { timeout: WAIT }).toContain('2');

    await page.goto('/cart');
    await shown(page.getByRole('link', { name: second.ProductName }));
    await page.getByRole('button', { name: `One more ${first.ProductName}` }).click();
    await expect.poll(() => page.getByRole('group', { name: `Quantity of ${first.ProductName}` }).textContent(), { timeout: WAIT }).toContain('2');
    const secondRow = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: second.ProductName }) });
    await secondRow.getByRole('button', { name: 'Remove' }).click();
    await expectToast(page, 'Item removed from cart.', 'success');
    await expect.poll(() => page.getByRole('link', { name: second.ProductName }).count(), { timeout: WAIT }).toBe(0);
    await screenshot(page, 'cart-desktop');

    await page.getByRole('button', { name: 'Checkout' }).click();
    await reach(page, '/Cart/order');
    await expect.poll(() => page.getByLabel('Full name', { exact: true }).inputValue(), { timeout: WAIT }).not.toBe('');
    await page.getByRole('button', { name: 'Locate Me' }).click();
    await expect.poll(() => page.getByLabel('Pincode', { exact: true }).inputValue(), { timeout: WAIT }).toBe('500033');
    expect(await page.getByLabel('City', { exact: true }).inputValue()).toBe('Hyderabad');
    expect(await page.getByLabel('Address', { exact: true }).inputValue()).toContain('Jubilee Hills');
    await screenshot(page, 'checkout-desktop');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expectToast(page, 'Order placed successfully!', 'success');
    await reach(page, '/myorder');

    const card = page.getByRole('list', { name: 'Product orders' }).getByRole('listitem').filter({ hasText: first.ProductName }).first();
    await shown(card);
    expect(await card.textContent()).toContain('2 ×');
    await screenshot(page, 'my-orders-desktop');
    await card.getByRole('button', { name: 'Cancel' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel' }).click();
    await expectToast(page, 'Order cancelled successfully.', 'success');
    await page.getByLabel('Status').selectOption('Cancelled');
    await shown(page.getByRole('list', { name: 'Product orders' }).getByText(first.ProductName).first());
    await page.getByLabel('Status').selectOption('Delivered');
    await shown(page.getByText('No orders match your filters.'));
  });

  it('shows a new product review and the new average', { timeout: 180_000 }, async () => {
    const paints = (await (await page.request.get(`${server.url}/fetch?category=Paints`, { headers: { accept: 'application/json' } })).json()) as (Listed & { ProductReviewCount: number })[];
    const product = paints[0]!;
    await page.goto(`/product/${product._id}`);
    await page.getByRole('tab', { name: 'Reviews' }).click();
    await page.getByRole('button', { name: 'Write a Review' }).click();
    await page.getByRole('radio', { name: '5 stars' }).check({ force: true });
    await page.getByLabel('Your review').fill('Even finish, two coats were enough.');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expectToast(page, 'Review submitted successfully!', 'success');
    await shown(page.getByText('Even finish, two coats were enough.'));
    const count = product.ProductReviewCount + 1;
    await shown(page.getByText(`(${count} ${count === 1 ? 'review' : 'reviews'})`).first());
  });
});
