import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.ts';
import { expectToast, logInThroughApi, logInVendorThroughApi, reach } from './support/accounts.ts';
import { deliveryCodeOnMyOrders, ownDeliveryCement } from './support/delivery.ts';
import { WAIT, openVisit, shown, type Visit } from './support/journey.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * In a real browser (decision record 034): a customer types 500032 in a cement page's "Deliver to" box and sees the
 * demo seller's fee and date; the cart and checkout show the same date for the remembered pincode; the order is
 * placed and My orders shows its delivery date and window; the seller ships it, delivers it with the code the
 * customer's My orders shows (decision record 032), and the customer's line shows Delivered with its date.
 */
let server: RunningServer;
let browser: Browser;
let visit: Visit;
let page: Page;
let seller: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  visit = await openVisit(browser, undefined, { baseUrl: server.url });
  page = await visit.context.newPage();
  await logInThroughApi(page, server.url, 'asha@demo.nirmaan.in', 'Demo@12345');
  seller = await (await browser.newContext({ baseURL: server.url })).newPage();
  await logInVendorThroughApi(seller, 'seller@demo.nirmaan.in', 'Demo@12345');
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('delivery that fits construction', () => {
  it('quotes 500032 on a cement page, keeps the same date through cart and checkout, stores it with the order, and the seller delivers it with the code', { timeout: 240_000 }, async () => {
    const sellerId = ((await (await seller.request.get(`${server.url}/api/vendor/me`)).json()) as { _id: string })._id;
    const product = await ownDeliveryCement(page.request, server.url, sellerId);
    await page.goto(`/product/${product._id}`);
    const answer = page.getByTestId('deliver-to-answer');
    await expect.poll(() => answer.textContent(), { timeout: WAIT }).toBe('Enter your pincode to see the delivery fee and date.');
    await page.getByLabel('Quantity', { exact: true }).fill('20');
    await page.getByRole('textbox', { name: 'Deliver to' }).fill('500032');
    await page.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => answer.textContent(), { timeout: WAIT }).toMatch(/^Delivers to 500032 by \w{3}, \d{1,2} \w{3} · ₹[\d,]+ for 20 bags$/);
    const date = /by (\w{3}, \d{1,2} \w{3})/.exec((await answer.textContent())!)![1]!;
    await screenshot(page, 'deliver-to-desktop');

    // Remembered on the device: a reload asks nothing again.
    await page.reload();
    await expect.poll(() => answer.textContent(), { timeout: WAIT }).toContain(`Delivers to 500032 by ${date}`);
    await page.getByLabel('Quantity', { exact: true }).fill('20');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expectToast(page, 'Product added to cart!', 'success');

    await page.goto('/cart');
    await expect.poll(() => page.getByTestId('cart-delivery').textContent(), { timeout: WAIT }).toContain(`by ${date}`);
    await page.getByRole('button', { name: 'Checkout' }).click();
    await reach(page, '/Cart/order');
    // As in the other checkouts: the profile fills the customer's fields first, then the address is typed.
    await expect.poll(() => page.getByLabel('Full name', { exact: true }).inputValue(), { timeout: WAIT }).not.toBe('');
    await expect.poll(() => page.getByLabel('Pincode', { exact: true }).inputValue(), { timeout: WAIT }).toBe('500032');
    await page.getByLabel('Address', { exact: true }).fill('Plot 4, Financial District, Gachibowli');
    await page.getByLabel('City', { exact: true }).fill('Hyderabad');
    await page.getByLabel('State', { exact: true }).fill('Telangana');
    const dateChoice = page.getByRole('combobox', { name: /^Delivery date from / });
    await expect.poll(async () => (await dateChoice.locator('option:checked').textContent()) ?? '', { timeout: WAIT }).toBe(date);
    await page.getByRole('combobox', { name: /^Delivery window from / }).selectOption('afternoon');
    await screenshot(page, 'checkout-delivery-desktop');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expectToast(page, 'Order placed successfully!', 'success');
    await reach(page, '/myorder');
    const line = page.getByRole('list', { name: 'Product orders' }).getByRole('listitem').filter({ hasText: product.ProductName }).first();
    await shown(line.getByTestId('line-delivery'));
    expect(await line.getByTestId('line-delivery').first().textContent()).toBe(`Delivery ${date}, afternoon, 1 pm – 6 pm`);

    // The seller's portal shows the promised date; it ships, then delivers with the code from the customer's My orders.
    await seller.goto('/vendor/orders');
    const sold = seller.getByTestId('vendor-order-line').filter({ hasText: `${product.ProductName} × 20` }).first();
    await shown(sold.getByText(`Deliver ${date}, afternoon, 1 pm – 6 pm`, { exact: true }));
    await sold.getByRole('button', { name: 'Mark Shipped' }).click();
    await expectToast(seller, `${product.ProductName} marked Shipped.`, 'success');
    const code = await deliveryCodeOnMyOrders(page, product.ProductName);
    await sold.getByRole('button', { name: 'Mark Delivered' }).click();
    const deliver = seller.getByRole('dialog', { name: `Deliver ${product.ProductName} × 20` });
    await deliver.getByLabel('Customer’s delivery code').fill(code);
    await deliver.getByRole('button', { name: 'Mark Delivered' }).click();
    await expectToast(seller, `${product.ProductName} marked Delivered.`, 'success');

    const today = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date());
    await page.reload();
    const delivered = page.getByRole('list', { name: 'Product orders' }).getByRole('listitem').filter({ hasText: product.ProductName }).first();
    await shown(delivered.getByText(`Delivered ${today}`, { exact: true }));
  });

  it('credits GeoNames for the pincodes on the About page', async () => {
    await page.goto('/about');
    await expect.poll(() => page.getByTestId('data-credits').textContent(), { timeout: WAIT }).toContain('GeoNames');
    expect(await page.getByRole('link', { name: 'CC BY 4.0' }).getAttribute('href')).toBe('https://creativecommons.org/licenses/by/4.0/');
  });
});
