import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectToast } from './accounts.ts';
import { WAIT, shown } from './journey.ts';

/** Where the app loads checkout.js from in these tests (RAZORPAY_CHECKOUT_URL); the browser gets the stand-in. */
export const CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

/**
 * A stand-in for Razorpay's checkout.js: `new Razorpay(options).open()` shows a payment window with Pay, Fail and
 * Close. Pay records a payment at the local gateway (through `__razorpayPay`) and hands checkout.js's signed
 * handler fields to the page, as Razorpay does; Fail calls the `payment.failed` handler; Close the modal's
 * `ondismiss`. The options the page passed are kept in `window.__razorpayOptions`.
 */
const STAND_IN = `
  window.Razorpay = class {
    constructor(options) { this.options = options; this.handlers = {}; window.__razorpayOptions = options; }
    on(event, cb) { this.handlers[event] = cb; }
    open() {
      const box = document.createElement('div');
      box.setAttribute('role', 'dialog');
      box.setAttribute('aria-label', 'Razorpay Checkout');
      box.style.cssText = 'position:fixed;inset:20% 30%;background:#fff;border:2px solid #072654;padding:1rem;z-index:99999';
      box.innerHTML = '<p>Pay ₹' + (this.options.amount / 100).toFixed(2) + ' to ' + this.options.name + '</p>';
      const button = (label, onClick) => { const b = document.createElement('button'); b.type = 'button'; b.textContent = label; b.onclick = onClick; box.appendChild(b); };
      button('Pay', async () => { const fields = await window.__razorpayPay(this.options.order_id); box.remove(); this.options.handler(fields); });
      button('Fail', () => { box.remove(); this.handlers['payment.failed']?.({ error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed' } }); });
      button('Close', () => { box.remove(); this.options.modal?.ondismiss?.(); });
      document.body.appendChild(box);
    }
  };`;

/** Serves the stand-in checkout.js to every page of this browser context; its Pay pays with `pay` (the local gateway's). */
export async function serveCheckout(context: BrowserContext, pay: (orderId: string) => unknown) {
  await context.route(CHECKOUT_URL, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: STAND_IN }));
  await context.exposeFunction('__razorpayPay', pay);
}

/** The stand-in's payment window, once it is shown. */
export const checkoutDialog = (page: Page): Promise<Locator> => shown(page.getByRole('dialog', { name: 'Razorpay Checkout' }));

/** The options the page gave checkout.js. */
export const checkoutOptions = (page: Page) =>
  page.evaluate(() => (window as unknown as { __razorpayOptions: { key: string; order_id: string; amount: number } }).__razorpayOptions);

/**
 * Puts the product in the cart, fills the checkout form with a Hyderabad address, picks the payment method and
 * places the order: the payment window that opens.
 */
export async function checkoutProduct(page: Page, productId: string, method: string) {
  await page.goto(`/product/${productId}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expectToast(page, 'Product added to cart!', 'success');
  await page.goto('/Cart/order');
  await expect.poll(() => page.getByLabel('Full name', { exact: true }).inputValue(), { timeout: WAIT }).not.toBe('');
  await page.getByLabel('Phone', { exact: true }).fill('9876543210');
  await page.getByLabel('Address', { exact: true }).fill('8-2-293, Road No. 36, Jubilee Hills');
  await page.getByLabel('City', { exact: true }).fill('Hyderabad');
  await page.getByLabel('State', { exact: true }).fill('Telangana');
  await page.getByLabel('Pincode', { exact: true }).fill('500033');
  // The pincode's delivery dates appear above the payment choice (decision record 034): once there, nothing moves.
  await shown(page.getByRole('heading', { name: 'Delivery dates' }));
  await page.getByLabel(method).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  return checkoutDialog(page);
}
