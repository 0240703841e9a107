import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupees } from '@nirmaan/shared/money';
import { launchBrowser, screenshot } from './support/browser.ts';
import { expectToast, logInThroughApi, reach } from './support/accounts.ts';
import { WAIT, openVisit, shown, type Visit } from './support/journey.ts';
import { shipAndDeliver } from './support/delivery.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * GST invoices in a real browser (decision record 022): a Karnataka business buys cement from the demo seller in
 * Telangana with its GSTIN at checkout, the seller delivers, and My orders → Invoice gives a PDF whose text holds
 * both GSTINs, HSN 2523, IGST at 18% and the total paid.
 */
const SELLER_GSTIN = '36ABCPE1234F1ZC';
const BUYER_GSTIN = '29AAGCB7383J1Z4';
let server: RunningServer;
let browser: Browser;
let visit: Visit;
let page: Page;
let seller: APIRequestContext;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  visit = await openVisit(browser, undefined, { baseUrl: server.url });
  page = await visit.context.newPage();
  await logInThroughApi(page, server.url, 'asha@demo.nirmaan.in', 'Demo@12345');
  // The demo seller, in its own context: its payout account carries its Telangana GSTIN.
  seller = (await browser.newContext({ baseURL: server.url })).request;
  expect((await seller.post('/api/vendor/login', { data: { email: 'seller@demo.nirmaan.in', password: 'Demo@12345' } })).status()).toBe(200);
  const saved = await seller.put('/api/vendor/payout-account', {
    data: {
      legalName: 'Sri Lakshmi Cement & Steel Traders', businessType: 'proprietorship', pan: 'ABCPE1234F', gstin: SELLER_GSTIN,
      accountNumber: '918020012345678', ifsc: 'UTIB0000123', beneficiaryName: 'Venkatesh Rao',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  // The demo seller delivers around Hyderabad (decision record 034); for this order it also serves Bengaluru (560…).
  const { settings } = (await (await seller.get('/api/vendor/delivery')).json()) as { settings: { areaRules: { match: string; include: boolean }[] } };
  const extended = await seller.put('/api/vendor/delivery', { data: { settings: { ...settings, areaRules: [...settings.areaRules, { match: '560', include: true }] } } });
  expect(extended.status(), await extended.text()).toBe(200);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface VendorProduct { _id: string; ProductName: string; ProductCategory: string }
interface Line { _id: string; productId: string; customerId: string; totalPrice: number; orderStatus: string }

async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages = await Promise.all(Array.from({ length: doc.numPages }, (_, i) => doc.getPage(i + 1)));
  const texts = await Promise.all(pages.map(async (p) => (await p.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ')));
  return texts.join('\n');
}

describe('GST invoices', () => {
  it('a Karnataka business buys cement from Telangana, the seller delivers, and My orders → Invoice is the tax invoice', { timeout: 240_000 }, async () => {
    const products = (await (await seller.get('/api/vendor/products')).json()) as VendorProduct[];
    const cement = products.find((p) => p.ProductCategory === 'Cement')!;
    expect(cement, 'the demo seller sells cement').toBeDefined();

    await page.goto(`/product/${cement._id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expectToast(page, 'Product added to cart!', 'success');
    await page.goto('/Cart/order');
    await expect.poll(() => page.getByLabel('Full name', { exact: true }).inputValue(), { timeout: WAIT }).not.toBe('');
    await page.getByLabel('Phone', { exact: true }).fill('9876543210');
    await page.getByLabel('Address', { exact: true }).fill('14 Residency Road');
    await page.getByLabel('City', { exact: true }).fill('Bengaluru');
    await page.getByLabel('State', { exact: true }).fill('Karnataka');
    await page.getByLabel('Pincode', { exact: true }).fill('560025');
    // The pincode's delivery dates appear above the billing and payment choices (decision record 034): wait for them.
    await shown(page.getByRole('heading', { name: 'Delivery dates' }));
    await page.getByLabel('Buying for a business? Add GSTIN').check();
    await page.getByLabel('GSTIN', { exact: true }).fill('29AAGCB7383J1Z5');
    await page.getByLabel('Legal name (as registered for GST)').fill('Bharat Builders Pvt Ltd');
    await page.getByRole('button', { name: 'Place Order' }).click();
    // A mistyped GSTIN is refused at its field before anything is sent.
    await shown(page.getByText(/check character/).first());
    await page.getByLabel('GSTIN', { exact: true }).fill(BUYER_GSTIN.toLowerCase());
    await screenshot(page, 'checkout-business-gstin');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expectToast(page, 'Order placed successfully!', 'success');
    await reach(page, '/myorder');

    // The seller ships and delivers the line.
    const userId = await page.evaluate(() => localStorage.getItem('userid'));
    const lines = (await (await seller.get('/api/vendor/orders')).json()) as Line[];
    const line = lines.find((l) => l.productId === cement._id && l.customerId === userId && l.orderStatus === 'Pending')!;
    for (const moved of await shipAndDeliver(seller, page.request, userId!, line._id)) expect(moved.status()).toBe(200);

    await page.reload();
    const card = page.getByRole('list', { name: 'Product orders' }).getByRole('listitem').filter({ hasText: cement.ProductName }).first();
    const link = card.getByRole('link', { name: new RegExp(`^Invoice .* for ${cement.ProductName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
    await shown(link);
    await screenshot(page, 'my-orders-invoice');
    const href = (await link.getAttribute('href'))!;
    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    expect(new URL(popup.url()).pathname).toBe(href);
    await popup.close();

    const pdf = await page.request.get(`${server.url}${href}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const text = await pdfText(await pdf.body());
    for (const expected of [SELLER_GSTIN, BUYER_GSTIN, '2523', 'IGST 18%', formatRupees(line.totalPrice).replace('₹', ''), 'Tax Invoice', 'Place of supply: Karnataka (29)']) {
      expect(text).toContain(expected);
    }
  });
});
