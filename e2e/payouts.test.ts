import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { Inbox, SELLER_WITHOUT_PAYOUTS, expectToast, logInThroughApi, logInVendorThroughApi, reach } from './support/accounts.ts';
import { WAIT, shown } from './support/journey.ts';
import { deliveryCodeOnMyOrders } from './support/delivery.ts';
import { activatePayouts } from './support/payouts.ts';
import { checkoutProduct } from './support/razorpay-checkout.ts';
import type { RunningServer } from './support/server.ts';
import { openPayingStage, type PayingStage } from './support/stage.ts';

/**
 * Money out in a real browser (decision record 019), against the local server that speaks Razorpay's API and
 * Route's transfers: a seeded seller without a payout account fills Payouts and the account activates, a customer
 * pays online, the seller marks the line Delivered, and Earnings shows the line released with gross, commission and
 * net.
 * The account activates as Route activates one: the stand-in reviews the linked account made from the saved
 * Payouts form and posts a signed `product.route.activated` webhook to our server (decision record 018).
 */

let stage: PayingStage;
let rzp: PayingStage['rzp'];
let server: RunningServer;
let seller: Page;
let customer: Page;

beforeAll(async () => {
  stage = await openPayingStage();
  ({ rzp, server } = stage);
  seller = await stage.page();
  customer = await stage.payingPage();
  await logInThroughApi(customer, server.url, 'asha@demo.nirmaan.in', 'Demo@12345');
}, 300_000);

afterAll(async () => {
  await stage?.close();
});

const rupees = (paise: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(paise / 100);

async function fillPayouts() {
  await logInVendorThroughApi(seller, SELLER_WITHOUT_PAYOUTS, 'Demo@12345');
  await seller.goto('/vendor');
  await seller.getByRole('link', { name: 'Payouts' }).click();
  await reach(seller, '/vendor/payouts');
  await activatePayouts(seller, { legalName: 'Sri Balaji Cement Traders', businessType: 'proprietorship', pan: 'ABCPE1234F', accountNumber: '000123456789', ifsc: 'SBIN0000001' });
}

async function payOnline(product: { _id: string }) {
  const dialog = await checkoutProduct(customer, product._id, 'Pay online (card, netbanking)');
  await dialog.getByRole('button', { name: 'Pay' }).click();
  await expectToast(customer, 'Payment successful. Your order is paid.', 'success');
}

describe('a vendor is paid through Route', () => {
  it('the seller activates Payouts, a customer pays online, delivery releases the line in Earnings', { timeout: 300_000 }, async () => {
    await fillPayouts();
    const me = (await (await seller.request.get(`${server.url}/api/vendor/me`)).json()) as { _id: string };
    const store = (await (await customer.request.post(`${server.url}/api/viewstore`, { data: { id: me._id } })).json()) as { _id: string; ProductName: string; ProductPrice: number }[];
    const product = store[0]!;
    await payOnline(product);

    await seller.getByRole('link', { name: 'Orders' }).click();
    await reach(seller, '/vendor/orders');
    const line = seller.getByTestId('vendor-order-line').filter({ hasText: `${product.ProductName} × 1` }).first();
    await line.getByRole('button', { name: 'Mark Shipped' }).click();
    await expectToast(seller, `${product.ProductName} marked Shipped.`, 'success');
    // At the door the seller asks for the delivery code the customer's My orders shows (decision 032).
    const code = await deliveryCodeOnMyOrders(customer, product.ProductName);
    await line.getByRole('button', { name: 'Mark Delivered' }).click();
    const deliver = seller.getByRole('dialog', { name: `Deliver ${product.ProductName} × 1` });
    await deliver.getByLabel('Customer’s delivery code').fill(code);
    await deliver.getByRole('button', { name: 'Mark Delivered' }).click();
    await expectToast(seller, `${product.ProductName} marked Delivered.`, 'success');

    await seller.getByRole('link', { name: 'Earnings' }).click();
    await reach(seller, '/vendor/earnings');
    const row = seller.getByRole('table', { name: 'Earnings' }).getByRole('row').filter({ hasText: product.ProductName }).first();
    // The worker makes the transfer and releases its hold within a few seconds of the payment and the delivery.
    await expect.poll(async () => {
      await seller.reload();
      return (await row.textContent({ timeout: WAIT })) ?? '';
    }, { timeout: WAIT, interval: 2_000 }).toContain('Released');
    const gross = Math.round(product.ProductPrice * 100);
    const commission = Math.floor((gross * 500 + 5_000) / 10_000);
    const text = (await row.textContent())!;
    for (const amount of [gross, commission, gross - commission]) expect(text).toContain(rupees(amount));
    const transfer = [...rzp.route.transfers.values()].find((t) => t.amount === gross - commission);
    expect(transfer).toMatchObject({ on_hold: false });
    await screenshot(seller, 'vendor-earnings-desktop');
  });

  it('an operator releases the next held transfer from the console, and sees it released at once', { timeout: 300_000 }, async () => {
    const me = (await (await seller.request.get(`${server.url}/api/vendor/me`)).json()) as { _id: string };
    const store = (await (await customer.request.post(`${server.url}/api/viewstore`, { data: { id: me._id } })).json()) as { _id: string }[];
    await payOnline(store[0]!);

    const ops = await stage.page();
    await ops.goto('/ops/money');
    await reach(ops, '/ops/login');
    const inbox = await Inbox.open(ops.request, 'ops@demo.nirmaan.in');
    await ops.getByLabel('Email').fill('ops@demo.nirmaan.in');
    await ops.getByLabel('Password').fill('Demo@12345');
    await ops.getByRole('button', { name: 'Continue' }).click();
    await shown(ops.getByText('We have emailed you a 6-digit code'));
    await ops.getByLabel('Code from the email').fill(await inbox.nextCode());
    await ops.getByRole('button', { name: 'Log in' }).click();
    await reach(ops, '/ops/money');

    // Newest first: the transfer of the order just paid, made on hold by the worker within a few seconds.
    const row = ops.getByTestId('ops-transfer').first();
    await expect.poll(async () => {
      await ops.reload();
      return (await row.getByTestId('transfer-status').textContent({ timeout: WAIT })) ?? '';
    }, { timeout: WAIT, interval: 2_000 }).toBe('Held');
    await row.getByLabel('Reason').fill('The customer confirmed delivery by phone');
    await row.getByRole('button', { name: 'Release now' }).click();
    await expect.poll(() => row.getByTestId('transfer-status').textContent(), { timeout: WAIT }).toBe('Released');
    expect([...rzp.route.transfers.values()].filter((t) => t.on_hold)).toEqual([]);
    await screenshot(ops, 'ops-money-desktop');

    // The vendor's name filters the screen to them, with their ledger: nothing left on hold, and it reconciles.
    await row.getByRole('button').first().click();
    await expect.poll(() => new URL(ops.url()).searchParams.get('vendorId'), { timeout: WAIT }).toBe(me._id);
    const ledger = ops.getByRole('region', { name: /^Ledger of / });
    await shown(ledger.getByText('Reconciled with the gateway.'));
    expect(await ledger.locator('dt', { hasText: /^On hold$/ }).locator('xpath=following-sibling::dd[1]').textContent()).toBe('₹0.00');
    expect(await ledger.getByTestId('ledger-entry').first().textContent()).toContain('Released');
  });
});
