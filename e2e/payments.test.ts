import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRazorpay } from '../apps/server/test/support/razorpay.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { expectToast, logInThroughApi, reach } from './support/accounts.ts';
import { WAIT, fillServiceAddress, openVisit, shown, type Visit } from './support/journey.ts';
import { CHECKOUT_URL, checkoutDialog, checkoutOptions, checkoutProduct, serveCheckout } from './support/razorpay-checkout.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * In a real browser: the server talks to a local server that speaks Razorpay's API (RAZORPAY_API_URL),
 * and the browser gets a stand-in for checkout.js at its configured address (RAZORPAY_CHECKOUT_URL) that opens
 * a payment window with Pay and Fail (support/razorpay-checkout.ts). Paying records a payment at the local
 * gateway and hands checkout.js's signed handler fields to the page, as Razorpay does.
 */

let rzp: Awaited<ReturnType<typeof startRazorpay>>;
let server: RunningServer;
let browser: Browser;
let visit: Visit;
let page: Page;

beforeAll(async () => {
  rzp = await startRazorpay();
  server = await startServer({ ...rzp.env, RAZORPAY_CHECKOUT_URL: CHECKOUT_URL });
  browser = await launchBrowser();
  visit = await openVisit(browser, undefined, { baseUrl: server.url });
  await serveCheckout(visit.context, (orderId) => rzp.pay(orderId));
  page = await visit.context.newPage();
  await logInThroughApi(page, server.url, 'asha@demo.nirmaan.in', 'Demo@12345');
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rzp?.close();
});

interface Listed { _id: string; ProductName: string }

const checkout = (product: Listed, method: string) => checkoutProduct(page, product._id, method);

const orderCard = (product: Listed) => page.getByRole('list', { name: 'Product orders' }).getByRole('listitem').filter({ hasText: product.ProductName }).first();

describe('paying an order through Razorpay’s checkout', () => {
  it('pays at checkout and shows the order Paid in My orders', { timeout: 240_000 }, async () => {
    const cement = (await (await page.request.get(`${server.url}/fetch?category=Cement`, { headers: { accept: 'application/json' } })).json()) as Listed[];
    const product = cement[0]!;
    const dialog = await checkout(product, 'Pay online (card, netbanking)');
    const options = await checkoutOptions(page);
    expect(options.key).toBe(rzp.keys.keyId);
    expect(rzp.orders.get(options.order_id)?.amount).toBe(options.amount);
    await screenshot(page, 'razorpay-checkout-desktop');
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await expectToast(page, 'Payment successful. Your order is paid.', 'success');
    await reach(page, '/myorder');
    const card = orderCard(product);
    await shown(card.getByText('Payment Paid'));
    expect(await card.getByRole('button', { name: 'Pay now' }).count()).toBe(0);
  });

  it('leaves a failed payment Pending, and Pay now in My orders pays it', { timeout: 240_000 }, async () => {
    const cement = (await (await page.request.get(`${server.url}/fetch?category=Cement`, { headers: { accept: 'application/json' } })).json()) as Listed[];
    const product = cement[1]!;
    const dialog = await checkout(product, 'UPI');
    await dialog.getByRole('button', { name: 'Fail' }).click();
    await expectToast(page, 'Payment failed. Your order is saved as Pending: you can pay for it under My orders with “Pay now”.', 'warning');
    await reach(page, '/myorder');
    const card = orderCard(product);
    await shown(card.getByText('Payment Pending'));
    await screenshot(page, 'my-orders-pay-now-desktop');
    await card.getByRole('button', { name: 'Pay now' }).click();
    await (await checkoutDialog(page)).getByRole('button', { name: 'Pay' }).click();
    await expectToast(page, 'Payment successful. Your order is paid.', 'success');
    await shown(card.getByText('Payment Paid'));
    await expect.poll(() => card.getByRole('button', { name: 'Pay now' }).count(), { timeout: WAIT }).toBe(0);
  });

  it('pays a booking by card through the same checkout', { timeout: 240_000 }, async () => {
    await page.goto('/service?search=Plumber');
    const details = await shown(page.getByRole('link', { name: /^View Details: / }).first());
    await details.click();
    await page.waitForURL(/\/service\/details\/[0-9a-f-]{36}$/, { timeout: WAIT });
    await page.getByRole('button', { name: 'Hire Now' }).click();
    await reach(page, '/myorder/service');
    await expect.poll(() => page.getByLabel('Full name').inputValue(), { timeout: WAIT }).not.toBe('');
    await fillServiceAddress(page, 'Flat 4B, Lake View Apartments, Madhapur', '500081');
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + 6 * 86_400_000));
    await page.getByLabel('Service date').fill(date);
    await page.getByRole('button', { name: '2:00 PM', exact: true }).click();
    await page.getByRole('tab', { name: 'Card' }).click();
    await page.getByRole('button', { name: 'Book Now' }).click();
    const dialog = await checkoutDialog(page);
    const options = await checkoutOptions(page);
    expect(rzp.orders.get(options.order_id)?.amount).toBe(options.amount);
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await expectToast(page, 'Payment successful. Your booking is paid.', 'success');
    await reach(page, '/myorder');
    await page.getByRole('tab', { name: 'Service Orders' }).click();
    await shown(page.getByText(/CARD, payment Paid/).first());
  });
});
